// The builder's left column: the current bot's files and their language, under the
// bot's name; selecting a file opens it in the editor. It folds to a slim rail when the editor
// needs the room.
import { ActionIcon, Badge, Box, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileCode, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconRobot } from '@tabler/icons-react';
import { languageLabel } from '../../../../shared/filenames';
import { relativeTime } from '../../../../shared/relative-time';
import { botLabel } from '../../../../shared/bot-label';
import { useBotFiles, useCurrentBot, type WorkspaceFile } from '../../../lib/workspace';
import { Tooltip } from '../../../components/LazyTooltip';
import classes from './FileBrowser.module.css';

interface FileBrowserProps {
  selectedId: string | null;
  onOpen: (id: string) => void;
  collapsed: boolean;
  onToggle: () => void;
}

function FileRow({ file, selected, onOpen }: { file: WorkspaceFile; selected: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton
      className={classes.file}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={onOpen}
      aria-label={file.filename}
    >
      <Group gap="sm" wrap="nowrap">
        <IconFileCode size={18} stroke={1.6} className={classes.fileIcon} />
        <Box miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={500} truncate="end" ff="monospace">
            {file.filename}
          </Text>
          <Text size="xs" c="dimmed">
            {relativeTime(file.updatedAt)}
          </Text>
        </Box>
        <Badge size="sm" variant="light" color="violet" tt="none" className={classes.badge}>
          {languageLabel(file.filename)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

export function FileBrowser({ selectedId, onOpen, collapsed, onToggle }: FileBrowserProps) {
  const { bot, bots, failed } = useCurrentBot();
  const files = useBotFiles();
  const loading = (!bots && !failed) || files.isLoading;
  const fileList = files.data ?? [];
  const name = bot ? botLabel(bot.name) : null;

  return (
    <Box component="section" aria-label="File browser" className={classes.browser} data-collapsed={collapsed || undefined}>
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        {/* The header is the bot's name: the browser shows that bot's files. */}
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
                  ({fileList.length})
                </Text>
              )}
            </Text>
          </Group>
        </div>
        <Tooltip label={collapsed ? 'Show files' : 'Hide files'} position="right">
          <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={collapsed ? 'Show files' : 'Hide files'} aria-expanded={!collapsed}>
            {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>

      {!collapsed && (
        <ScrollArea className={classes.body} type="auto">
          {loading ? (
            <Stack gap="xs" p="sm">
              <Skeleton h={20} w="60%" />
              <Skeleton h={44} />
              <Skeleton h={44} />
            </Stack>
          ) : (
            <Stack gap="md" p="sm">
              <Box component="div" role="group" aria-label={name ? `Files of ${name}` : 'Files'}>
                {bot?.description && (
                  <Text size="xs" c="dimmed" px={6} mb={6} lineClamp={2}>
                    {bot.description}
                  </Text>
                )}
                <Stack gap={2}>
                  {fileList.map((file) => (
                    <FileRow key={file.id} file={file} selected={file.id === selectedId} onOpen={() => onOpen(file.id)} />
                  ))}
                </Stack>
                {fileList.length === 0 && (
                  <Text size="xs" c="dimmed" className={classes.empty}>
                    {files.isError ? 'The files could not be loaded.' : 'No files yet. Ask the assistant for a bot, or upload your code.'}
                  </Text>
                )}
              </Box>
            </Stack>
          )}
        </ScrollArea>
      )}
    </Box>
  );
}
