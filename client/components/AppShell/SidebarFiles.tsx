// 'Your Files' in the sidebar: the current bot's files, opened in the builder with one click,
// deleted after a confirmation. Empty, it says how to get a first file.
import { ActionIcon, Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileCode, IconTrash } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { languageLabel } from '../../../shared/filenames';
import { useBotFiles, useOpenFile } from '../../lib/workspace';
import { useDeleteFile } from '../DeleteFileDialog';
import { Tooltip } from '../LazyTooltip';
import classes from './AppShell.module.css';

export function SidebarFiles({ onNavigate }: { onNavigate: () => void }) {
  const files = useBotFiles();
  const openFile = useOpenFile();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const openId = pathname === '/builder' ? params.get('file') : null;
  const { requestDelete, dialog } = useDeleteFile();

  if (files.isLoading) {
    return (
      <Stack gap={6}>
        <Skeleton h={30} />
        <Skeleton h={30} />
      </Stack>
    );
  }

  if (!files.data || files.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="sm" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))" style={{ borderStyle: 'dashed' }}>
        <Text size="xs" c="dimmed" ta="center">
          {files.isError ? 'Your files could not be loaded.' : 'No files yet. Create your first bot to get started!'}
        </Text>
      </Paper>
    );
  }

  return (
    <>
      <Stack gap={2} component="ul" aria-label="Your Files" className={classes.fileList}>
        {files.data.map((file) => (
          <Group key={file.id} component="li" gap={4} wrap="nowrap" className={classes.fileRow} data-active={file.id === openId || undefined}>
            <UnstyledButton
              className={classes.fileOpen}
              onClick={() => {
                onNavigate();
                openFile(file.id);
              }}
              aria-label={`Open ${file.filename}`}
              aria-current={file.id === openId ? 'page' : undefined}
            >
              <Group gap={8} wrap="nowrap">
                <IconFileCode size={16} stroke={1.7} className={classes.fileIcon} />
                <Text size="sm" truncate="end" className={classes.fileName}>
                  {file.filename}
                </Text>
                <Badge size="xs" variant="light" color="gray" tt="none" className={classes.fileBadge}>
                  {languageLabel(file.filename)}
                </Badge>
              </Group>
            </UnstyledButton>
            <Tooltip label="Delete file" openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Delete ${file.filename}`}
                onClick={() => requestDelete({ id: file.id, filename: file.filename })}
                className={classes.fileDelete}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>
      {dialog}
    </>
  );
}
