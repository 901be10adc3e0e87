// 'Your Files' on the runner, the page's one file list (the sidebar leaves its own out here): the
// current bot's files, each with its created date, the chosen one marked 'Selected', and a live dot
// on files whose run is going on the server. Rows are the builder's (FileRow).
import { Badge, Button, EmptyState, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileCode, IconFileOff, IconHammer, IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { languageLabel } from '../../../../shared/filenames';
import type { RunInfo } from '../../../live/use-runner';
import type { WorkspaceFile } from '../../../lib/workspace';
import { FileRow } from '../../../components/FileRow';
import { WorkspacePanel } from '../../../components/WorkspacePanel';
import classes from './RunnerFiles.module.css';

interface RunnerFilesProps {
  files: WorkspaceFile[] | undefined;
  /** The bot the files belong to, shown above them. */
  botName?: string;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  runs: Record<string, RunInfo>;
  onSelect: (id: string) => void;
  className?: string;
}

function shortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

function FileItem({ file, selected, live, onSelect }: { file: WorkspaceFile; selected: boolean; live: boolean; onSelect: () => void }) {
  return (
    <li>
      <FileRow
        filename={file.filename}
        selected={selected}
        onSelect={onSelect}
        meta={`Created ${shortDate(file.createdAt)}`}
        tag={
          selected ? (
            <Badge size="sm" variant="filled" tt="none">
              Selected
            </Badge>
          ) : (
            <Badge size="sm" variant="light" color="gray" tt="none">
              {languageLabel(file.filename)}
            </Badge>
          )
        }
        status={
          live ? (
            <Badge size="xs" variant="dot" color="green" tt="none">
              Running
            </Badge>
          ) : undefined
        }
      />
    </li>
  );
}

export function RunnerFiles({ files, botName, loading, failed, selectedId, runs, onSelect, className }: RunnerFilesProps) {
  const count = files?.length;
  return (
    <WorkspacePanel
      title="Your Files"
      icon={<IconFileCode size={18} stroke={1.7} />}
      actions={
        count !== undefined && count > 0 ? (
          <Badge variant="light" color="gray" tt="none" size="sm">
            {count} {count === 1 ? 'file' : 'files'}
          </Badge>
        ) : undefined
      }
      className={className}
    >
      {botName && (
        <Group gap={6} wrap="nowrap" className={classes.bot}>
          <IconRobot size={16} stroke={1.6} className={classes.botIcon} />
          <Text size="xs" fw={600} c="dimmed" truncate="end" title={botName}>
            {botName}
          </Text>
        </Group>
      )}
      {loading ? (
        <Stack gap="xs" p="sm" aria-busy="true" aria-label="Loading files">
          <Skeleton h={48} />
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : !files || files.length === 0 ? (
        <EmptyState
          className={classes.empty}
          size="sm"
          withIndicatorBackground
          icon={<IconFileOff size={22} stroke={1.5} />}
          title={failed ? 'Your files could not be loaded' : 'No files yet'}
          description={failed ? 'Check your connection and reload the page.' : 'Create your bot files in the Builder, then come back here to run them.'}
          py="lg"
          px="sm"
        >
          {!failed && (
            <EmptyState.Actions>
              <Button component={Link} to="/builder" size="xs" variant="light" leftSection={<IconHammer size={14} />}>
                Open Builder
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <ScrollArea type="auto" style={{ flex: 1, minHeight: 0 }}>
          <ul className={classes.list} aria-label="Files to run">
            {files.map((file) => (
              <FileItem
                key={file.id}
                file={file}
                selected={file.id === selectedId}
                live={runs[file.id] !== undefined && runs[file.id]!.status !== 'exited'}
                onSelect={() => onSelect(file.id)}
              />
            ))}
          </ul>
        </ScrollArea>
      )}
    </WorkspacePanel>
  );
}
