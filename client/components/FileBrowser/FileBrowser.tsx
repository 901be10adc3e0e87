// The builder's left column (spec section 2): each project with its files and their language;
// selecting a file opens it in the editor. It folds to a slim rail when the editor needs the room.
import { ActionIcon, Badge, Box, Group, ScrollArea, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFileCode, IconFolder, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { languageLabel } from '../../../shared/filenames';
import { relativeTime } from '../../../shared/relative-time';
import { useFiles, useProjects, type WorkspaceFile } from '../../lib/workspace';
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
  const projects = useProjects();
  const files = useFiles();
  const loading = projects.isLoading || files.isLoading;
  const fileList = files.data ?? [];

  return (
    <Box component="section" aria-label="File browser" className={classes.browser} data-collapsed={collapsed || undefined}>
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        <Text fw={700} size="sm" className={classes.title}>
          Files
          {files.data && (
            <Text span c="dimmed" size="sm" fw={500}>
              {' '}
              ({fileList.length})
            </Text>
          )}
        </Text>
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
              {(projects.data ?? []).map((project) => {
                const own = fileList.filter((f) => f.projectId === project.id);
                return (
                  <Box key={project.id} component="div" role="group" aria-label={`Project ${project.name}`}>
                    <Group gap={8} wrap="nowrap" px={6} mb={2}>
                      <IconFolder size={18} stroke={1.6} className={classes.folderIcon} />
                      <Text fw={700} size="sm" truncate="end">
                        {project.name}
                      </Text>
                      <Text size="xs" c="dimmed" ml="auto">
                        {own.length} {own.length === 1 ? 'file' : 'files'}
                      </Text>
                    </Group>
                    {project.description && (
                      <Text size="xs" c="dimmed" px={6} mb={6} lineClamp={2}>
                        {project.description}
                      </Text>
                    )}
                    <Stack gap={2}>
                      {own.map((file) => (
                        <FileRow key={file.id} file={file} selected={file.id === selectedId} onOpen={() => onOpen(file.id)} />
                      ))}
                    </Stack>
                    {own.length === 0 && (
                      <Text size="xs" c="dimmed" className={classes.empty}>
                        No files yet. Ask the assistant for a bot, or upload your code.
                      </Text>
                    )}
                  </Box>
                );
              })}
            </Stack>
          )}
        </ScrollArea>
      )}
    </Box>
  );
}
