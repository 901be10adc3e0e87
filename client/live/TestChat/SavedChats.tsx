// Saved chats: 'Save as test' keeps the conversation under a name; the drawer lists them, deletes
// them and runs them all ('Run tests' replays each against the bot and compares its replies).
import '../../mantine-styles-pages';
import { useState } from 'react';
import { ActionIcon, Alert, Button, Drawer, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { saveTestChatInput, type TestChatKind, type TestChatResult } from '../../../shared/test-chat.schema';
import { longDate } from '../../lib/dates';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteSavedChat, useRunSavedChats, useSaveChat, useSavedChats } from './test-chat';
import { TestResults } from './TestResults';
import classes from './TestChat.module.css';

interface SaveChatDialogProps {
  fileId: string;
  chat: TestChatKind;
  opened: boolean;
  onClose: () => void;
}

export function SaveChatDialog({ fileId, chat, opened, onClose }: SaveChatDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveChat(fileId);

  const close = () => {
    setName('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = saveTestChatInput.shape.name.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give the saved chat a name');
      return;
    }
    try {
      await save.mutateAsync({ fileId, name: parsed.data, chat });
      notifySuccess('Chat saved as a test', `'Run tests' replays "${parsed.data}" and compares the bot's replies.`);
      close();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the chat. Please try again.'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Save as test" centered size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Your messages in this {chat === 'group' ? 'group' : 'chat'} are kept with the bot&apos;s replies. Running the test sends
            them again and checks that the bot still answers the same way.
          </Text>
          <TextInput
            label="Name"
            placeholder="e.g. Start and menu"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={100}
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface SavedChatsDrawerProps {
  fileId: string;
  opened: boolean;
  onClose: () => void;
  /** A replay restarts the bot for itself and stops it at the end: the pane hears when it starts and ends. */
  onReplayStart?: () => void;
  onReplayed?: () => void;
}

type SavedChats = ReturnType<typeof useSavedChats>;

/** The saved chats, each with its size, date and a Delete; loading, failing or empty, says so. */
function SavedList({ saved, deleting, onDelete }: { saved: SavedChats; deleting: string | null; onDelete: (name: string) => void }) {
  if (saved.isLoading) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" />
      </Group>
    );
  }
  if (saved.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the saved chats">
        <Group gap="xs">
          <Text size="sm">{errorMessage(saved.error, 'Please try again.')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void saved.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!saved.data?.length) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No saved chats yet. Talk to the bot, then use &lsquo;Save as test&rsquo;.
      </Text>
    );
  }
  return (
    <ul className={classes.plainList} aria-label="Saved chats">
      {saved.data.map((chat) => (
        <li key={chat.name} className={classes.savedItem}>
          <div className={classes.savedText}>
            <Text size="sm" fw={600} truncate="end" title={chat.name}>
              {chat.name}
            </Text>
            <Text size="xs" c="dimmed">
              {chat.steps} {chat.steps === 1 ? 'message' : 'messages'} · saved {longDate(chat.createdAt)}
            </Text>
          </div>
          <Tooltip label="Delete" openDelay={300}>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete saved chat ${chat.name}`} onClick={() => onDelete(chat.name)} loading={deleting === chat.name}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}

export function SavedChatsDrawer({ fileId, opened, onClose, onReplayStart, onReplayed }: SavedChatsDrawerProps) {
  const saved = useSavedChats(fileId, opened);
  const remove = useDeleteSavedChat(fileId);
  const run = useRunSavedChats(fileId);
  const [results, setResults] = useState<TestChatResult[] | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const count = saved.data?.length ?? 0;

  const runAll = async () => {
    onReplayStart?.();
    try {
      setResults(await run.mutateAsync(undefined));
    } catch (err) {
      notifyError('Could not run the tests', errorMessage(err, 'Please try again.'));
    }
    onReplayed?.();
  };

  const deleteChat = async (name: string) => {
    setDeleting(name);
    try {
      await remove.mutateAsync(name);
      setResults((current) => current?.filter((r) => r.name !== name) ?? null);
    } catch (err) {
      notifyError('Could not delete the saved chat', errorMessage(err, 'Please try again.'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Saved chats" position="right" size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each saved chat replays your messages to the bot and compares its replies with the ones saved. Replays are free.
        </Text>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {count} saved {count === 1 ? 'chat' : 'chats'}
          </Text>
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => void runAll()} loading={run.isPending} disabled={count === 0}>
            Run tests
          </Button>
        </Group>
        <SavedList saved={saved} deleting={deleting} onDelete={(name) => void deleteChat(name)} />
        {results && (results.length > 0 ? <TestResults results={results} /> : <Text size="sm">No saved chats to run.</Text>)}
      </Stack>
    </Drawer>
  );
}
