// The builder's left column: the current bot's files and their language, under the
// bot's name; selecting a file opens it in the editor, 'New file' makes an empty one. It folds to
// a slim rail when the editor needs the room.
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Badge, Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconRobot } from '@tabler/icons-react';
import { languageLabel } from '../../../../shared/filenames';
import { relativeTime } from '../../../../shared/relative-time';
import { botLabel } from '../../../../shared/bot-label';
import { botOrFirst, useBotFiles, useCurrentBot, useWorkspaceRefresh } from '../../../lib/workspace';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { FileRow } from '../../../components/FileRow';
import { Tooltip } from '../../../components/LazyTooltip';
import classes from './FileBrowser.module.css';

// The dialog's code loads when it is first asked for.
const FileNameDialog = lazy(() => import('../FileNameDialog/FileNameDialog'));

interface FileBrowserProps {
  /** For the resize handle that controls the column's width. */
  id?: string;
  selectedId: string | null;
  onOpen: (id: string) => void;
  collapsed: boolean;
  onToggle: () => void;
}

type CurrentBot = ReturnType<typeof useCurrentBot>['bot'];
type BotFiles = ReturnType<typeof useBotFiles>;

/** The header is the bot's name, with its count of files: the browser shows that bot's files. */
function BrowserTitle({ bot, name, files }: { bot: CurrentBot; name: string | null; files: BotFiles }) {
  return (
    <div className={classes.title}>
      <Group gap={8} wrap="nowrap" miw={0}>
        {bot && <IconRobot size={18} stroke={1.6} className={classes.folderIcon} aria-hidden="true" />}
        <Text fw={700} size="sm" truncate="end" title={name ? `Files of ${name}` : undefined}>
          <Text span inherit fs={bot && !bot.name ? 'italic' : undefined}>
            {name ?? 'Files'}
          </Text>
          {files.data && (
            <Text span c="dimmed" size="sm" fw={500}>
              {' '}
              ({files.data.length})
            </Text>
          )}
        </Text>
      </Group>
    </div>
  );
}

interface FileListProps {
  bot: CurrentBot;
  name: string | null;
  files: BotFiles;
  loading: boolean;
  selectedId: string | null;
  onOpen: (id: string) => void;
}

/** The bot's description and files, each with its language; placeholders while they load. */
function FileList({ bot, name, files, loading, selectedId, onOpen }: FileListProps) {
  const fileList = files.data ?? [];
  if (loading) {
    // Placeholders drawn by the stylesheet: Mantine's Skeleton here would be a second copy of
    // the sidebar's in the page's first paint (the bundler copies small shared modules).
    return (
      <Stack gap="xs" p="sm" aria-busy="true" aria-label="Loading files">
        <div className={classes.placeholder} style={{ height: 20, width: '60%' }} />
        <div className={classes.placeholder} style={{ height: 44 }} />
        <div className={classes.placeholder} style={{ height: 44 }} />
      </Stack>
    );
  }
  return (
    <Stack gap="md" p="sm">
      <Box component="div" role="group" aria-label={name ? `Files of ${name}` : 'Files'}>
        {bot?.description && (
          <Text size="xs" c="dimmed" px={6} mb={6} lineClamp={2}>
            {bot.description}
          </Text>
        )}
        <Stack gap={2}>
          {fileList.map((file) => (
            <FileRow
              key={file.id}
              filename={file.filename}
              selected={file.id === selectedId}
              onSelect={() => onOpen(file.id)}
              meta={relativeTime(file.updatedAt)}
              tag={
                <Badge size="sm" variant="light" color="violet" tt="none">
                  {languageLabel(file.filename)}
                </Badge>
              }
            />
          ))}
        </Stack>
        {fileList.length === 0 && (
          <Text size="xs" c="dimmed" className={classes.empty}>
            {files.isError ? 'The files could not be loaded.' : 'No files yet. Ask the assistant for a bot, or upload your code.'}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

export function FileBrowser({ id, selectedId, onOpen, collapsed, onToggle }: FileBrowserProps) {
  const { bot, bots, failed } = useCurrentBot();
  const [creating, setCreating] = useState(false);
  // Mounted from the first opening on, so a second opening is at once.
  const [dialogMounted, setDialogMounted] = useState(false);
  const createFile = trpc.files.saveByName.useMutation();
  const refresh = useWorkspaceRefresh();
  const files = useBotFiles();
  const loading = (!bots && !failed) || files.isLoading;
  const name = bot ? botLabel(bot.name) : null;

  /** An empty file in the current bot, opened in the editor (the dialog checked the name). */
  const create = async (filename: string): Promise<string | null> => {
    try {
      const file = await createFile.mutateAsync({ projectId: botOrFirst(bot?.id), filename, content: '' });
      notifySuccess('File created', filename);
      await refresh();
      onOpen(file.id);
      return null;
    } catch (err) {
      return errorMessage(err, 'The file could not be created. Please try again.');
    }
  };

  return (
    <Box component="section" id={id} aria-label="File browser" className={classes.browser} data-collapsed={collapsed || undefined}>
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        <BrowserTitle bot={bot} name={name} files={files} />
        <Group gap={2} wrap="nowrap" className={classes.actions}>
          {!collapsed && (
            <Tooltip label="New file">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="New file"
                disabled={loading}
                onClick={() => {
                  setDialogMounted(true);
                  setCreating(true);
                }}
              >
                <IconFilePlus size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={collapsed ? 'Show files' : 'Hide files'} position="right">
            <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={collapsed ? 'Show files' : 'Hide files'} aria-expanded={!collapsed}>
              {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {!collapsed && (
        <ScrollArea className={classes.body} type="auto">
          <FileList bot={bot} name={name} files={files} loading={loading} selectedId={selectedId} onOpen={onOpen} />
        </ScrollArea>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <FileNameDialog
            opened={creating}
            onClose={() => setCreating(false)}
            title={name ? `New file in ${name}` : 'New file'}
            submitLabel="Create file"
            existing={(files.data ?? []).map((f) => f.filename)}
            onSubmit={create}
          />
        </Suspense>
      )}
    </Box>
  );
}
