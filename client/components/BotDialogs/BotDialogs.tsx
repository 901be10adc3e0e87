// Creating, renaming, duplicating and deleting a bot, for the sidebar: 'Name your bot'
// (a name is optional: left empty, the first chat request names the bot), 'Rename bot', and the
// delete confirmation that says what goes with the bot. Each action ends with a toast.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Group, List, Loader, Stack, Text } from '@mantine/core';
import { Modal } from '../LazyModal';
import { useLocation, useNavigate } from 'react-router-dom';
import { botLabel } from '../../../shared/bot-label';
import { requestChatFocus } from '../../lib/events';
import { whenIdle } from '../../lib/idle';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { builderBotUrl, readLastBot, rememberBot, useCurrentBot, useSelectBot, useWorkspaceRefresh, type Bot } from '../../lib/workspace';

const loadNameForm = () => import('./NameForm');
const NameForm = lazy(loadNameForm);

/** The form, once its code is here (it loads when a dialog first opens). */
function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" aria-label="Loading the form" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type NameFormFields = { key?: string; initial: string; placeholder: string; description?: string; submitLabel: string; optional: boolean };

const NEW_BOT_NAME: NameFormFields = {
  initial: '',
  placeholder: 'Named after your first request',
  description: 'Optional: leave it empty and the bot is named after what you ask for first.',
  submitLabel: 'Create',
  optional: true,
};
const renameFields = (bot: Bot): NameFormFields => ({ key: bot.id, initial: bot.name, placeholder: botLabel(bot.name), submitLabel: 'Save', optional: false });

const withoutKey = ({ key: _key, ...fields }: NameFormFields) => fields;

/** A bot's name asked for in a dialog (creating or renaming); closed only when nothing is pending. */
function NameDialog(props: { opened: boolean; title: string; pending: boolean; onClose: () => void; form: NameFormFields | null; onSubmit: (name: string) => void }) {
  const { opened, title, pending, onClose, form, onSubmit } = props;
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered size="sm">
      {opened && form && (
        <Loading>
          <NameForm key={form.key} {...withoutKey(form)} pending={pending} onSubmit={onSubmit} onCancel={onClose} />
        </Loading>
      )}
    </Modal>
  );
}

/** What deleting a bot removes, asked before it is done. */
function DeleteBotConfirm({ bot, pending, onCancel, onConfirm }: { bot: Bot; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Are you sure you want to delete{' '}
        <Text span fw={700}>
          {botLabel(bot.name)}
        </Text>
        ?
      </Text>
      <div>
        <Text size="sm" mb={4}>
          This removes:
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>its {plural(Object.keys(bot.files).length, 'file')}, their versions and saved test chats</List.Item>
          <List.Item>its secrets (environment variables) and installed dependencies</List.Item>
          <List.Item>its chat history</List.Item>
        </List>
      </div>
      <Text size="sm" c="dimmed">
        Running copies are stopped. This cannot be undone.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          Delete bot
        </Button>
      </Group>
    </Stack>
  );
}

/** Deleting a bot, once confirmed: the bot open in the builder or the runner is let go of too. */
function useDeleteBot() {
  const utils = trpc.useUtils();
  const refresh = useWorkspaceRefresh();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { botId: currentId } = useCurrentBot();
  const [deleting, setDeleting] = useState<Bot | null>(null);
  const remove = trpc.projects.delete.useMutation();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync({ projectId: deleting.id });
      if (readLastBot() === deleting.id) rememberBot(null);
      // The deleted bot must not stay open: its page falls back to another bot (or to none).
      if (currentId === deleting.id && (pathname === '/builder' || pathname === '/runner')) navigate(pathname, { replace: true });
      setDeleting(null);
      notifySuccess('Bot deleted', result.message);
      await Promise.all([refresh(), utils.runner.envVars.invalidate(), utils.files.storage.invalidate()]);
    } catch (err) {
      notifyError('Failed to delete the bot', errorMessage(err, 'Please try again.'));
    }
  };
  return { deleting, setDeleting, confirmDelete, remove };
}

/** The sidebar's bot actions and the dialogs to render once. */
export function useBotActions() {
  const utils = trpc.useUtils();
  const refresh = useWorkspaceRefresh();
  const navigate = useNavigate();
  const selectBot = useSelectBot();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Bot | null>(null);
  const create = trpc.projects.create.useMutation();
  const rename = trpc.projects.rename.useMutation();
  const duplicate = trpc.projects.duplicate.useMutation();
  const { deleting, setDeleting, confirmDelete, remove } = useDeleteBot();
  // Fetched after the first paint, so a dialog opens with its form (and focuses the name) at once.
  useEffect(() => whenIdle(() => void loadNameForm().catch(() => {})), []);

  const confirmCreate = async (name: string) => {
    try {
      const bot = await create.mutateAsync({ name });
      await utils.projects.list.invalidate();
      setCreating(false);
      rememberBot(bot.id);
      navigate(builderBotUrl(bot.id));
      requestChatFocus();
      notifySuccess('Bot created', name ? `${name} is ready: describe it in the chat.` : 'Describe your bot in the chat: it is named after your first request.');
    } catch (err) {
      notifyError('Failed to create the bot', errorMessage(err, 'Please try again.'));
    }
  };

  const confirmRename = async (name: string) => {
    if (!renaming) return;
    try {
      await rename.mutateAsync({ projectId: renaming.id, name });
      await utils.projects.list.invalidate();
      notifySuccess('Bot renamed', `${botLabel(renaming.name)} is now ${name}.`);
      setRenaming(null);
    } catch (err) {
      notifyError('Failed to rename the bot', errorMessage(err, 'Please try again.'));
    }
  };

  const duplicateBot = async (bot: Bot) => {
    try {
      const copy = await duplicate.mutateAsync({ projectId: bot.id });
      await refresh();
      selectBot(copy.id);
      notifySuccess('Bot duplicated', copy.message);
    } catch (err) {
      notifyError('Failed to duplicate the bot', errorMessage(err, 'Please try again.'));
    }
  };


  const dialogs = (
    <>
      <NameDialog opened={creating} title="Name your bot" pending={create.isPending} onClose={() => setCreating(false)} form={NEW_BOT_NAME} onSubmit={(name) => void confirmCreate(name)} />
      <NameDialog opened={renaming !== null} title="Rename bot" pending={rename.isPending} onClose={() => setRenaming(null)} form={renaming && renameFields(renaming)} onSubmit={(name) => void confirmRename(name)} />

      <Modal opened={deleting !== null} onClose={() => !remove.isPending && setDeleting(null)} title="Delete bot" centered size="sm">
        {deleting && (
          <DeleteBotConfirm bot={deleting} pending={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
        )}
      </Modal>
    </>
  );

  return {
    requestCreate: () => setCreating(true),
    requestRename: setRenaming,
    requestDelete: setDeleting,
    duplicate: (bot: Bot) => void duplicateBot(bot),
    duplicating: duplicate.isPending ? duplicate.variables?.projectId : undefined,
    dialogs,
  };
}
