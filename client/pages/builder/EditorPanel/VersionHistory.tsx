// A file's earlier texts (newest first): what replaced each one and when (for an AI change, the
// request that made it); picking one shows how it
// differs from the editor's text, and 'Restore this version' brings it back (free, and undoable:
// the text it replaces becomes a version itself).
import '../../../mantine-styles-pages';
import { useState } from 'react';
import { Alert, Badge, Box, Button, Drawer, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconHistory, IconRestore } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { relativeTime } from '../../../../shared/relative-time';
import { trpc } from '../../../lib/trpc';
import { DiffView } from './DiffView';
import classes from './EditorPanel.module.css';

const REASONS: Record<string, { label: string; color: string }> = {
  save: { label: 'Replaced by a save', color: 'gray' },
  ai_chat: { label: 'Replaced by the AI chat', color: 'violet' },
  ai_change: { label: 'Replaced by an AI change', color: 'grape' },
  import: { label: 'Replaced by an import', color: 'blue' },
  restore: { label: 'Replaced by a restore', color: 'orange' },
};

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

type Version = NonNullable<inferRouterOutputs<AppRouter>['files']['versions']>[number];

/** One version in the list: what replaced it (an AI change with its request), when, and its size. */
function VersionEntry({ version: v, selected, onSelect }: { version: Version; selected: boolean; onSelect: () => void }) {
  const reason = REASONS[v.reason] ?? { label: v.reason, color: 'gray' };
  return (
    <UnstyledButton className={classes.version} data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect}>
      <Badge size="sm" variant="light" color={reason.color} tt="none">
        {reason.label}
      </Badge>
      {v.prompt && (
        <Text size="xs" mt={4} lineClamp={3} title={v.prompt} className={classes.versionPrompt} data-testid="version-prompt">
          “{v.prompt}”
        </Text>
      )}
      <Text size="sm" fw={600} mt={4}>
        {relativeTime(v.createdAt)}
      </Text>
      <Text size="xs" c="dimmed">
        {v.lines} lines · {size(v.bytes)}
      </Text>
    </UnstyledButton>
  );
}

interface VersionHistoryProps {
  opened: boolean;
  onClose: () => void;
  fileId: string;
  filename: string;
  current: string;
  dirty: boolean;
  onRestore: (versionId: string) => Promise<boolean>;
  restoring: boolean;
}

type FileOutputs = inferRouterOutputs<AppRouter>['files'];
type Loading<T> = { isLoading: boolean; isError: boolean; data?: T };
type Versions = Loading<FileOutputs['versions']>;

/** The file's earlier texts, newest first: what replaced each one, when, and its size. */
function VersionList({ versions, selected, onSelect }: { versions: Versions; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <ScrollArea.Autosize mah="calc(100dvh - 120px)" className={classes.versionList}>
      {versions.isLoading && <Loader size="sm" m="md" />}
      {versions.isError && (
        <Text size="sm" c="red">
          The history could not be loaded.
        </Text>
      )}
      {versions.data?.length === 0 && (
        <Text size="sm" c="dimmed" p="xs">
          No earlier versions yet. Every save, AI change and restore keeps the text it replaces here.
        </Text>
      )}
      <Stack gap={4} component="ul" aria-label="Versions" className={classes.plainList}>
        {versions.data?.map((v) => (
          <li key={v.id}>
            <VersionEntry version={v} selected={v.id === selected} onSelect={() => onSelect(v.id)} />
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

interface VersionPreviewProps {
  version: Loading<FileOutputs['version']> | null;
  filename: string;
  current: string;
  dirty: boolean;
  onRestore: () => void;
  restoring: boolean;
}

/** How the picked version differs from the editor's text, and 'Restore this version'. */
function VersionPreview({ version, filename, current, dirty, onRestore, restoring }: VersionPreviewProps) {
  if (version === null) {
    return (
      <Text size="sm" c="dimmed" p="md">
        Pick a version to see how it differs from the text in the editor.
      </Text>
    );
  }
  if (version.isLoading) return <Loader size="sm" m="md" />;
  if (!version.data) {
    return (
      <Text size="sm" c="red" p="md">
        This version could not be loaded.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed">
          Green lines are in this version, red lines are in the editor now.
        </Text>
        <Button size="xs" leftSection={<IconRestore size={14} />} onClick={onRestore} loading={restoring}>
          Restore this version
        </Button>
      </Group>
      {dirty && (
        <Alert color="orange" p="xs" radius="md">
          <Text size="xs">Restoring replaces your unsaved changes in the editor.</Text>
        </Alert>
      )}
      <DiffView
        filename={filename}
        original={current}
        modified={version.data.content}
        label="Version preview"
        collapseUnchanged
        minHeight="300px"
        maxHeight="calc(100dvh - 220px)"
      />
    </Stack>
  );
}

export function VersionHistory({ opened, onClose, fileId, filename, current, dirty, onRestore, restoring }: VersionHistoryProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const versions = trpc.files.versions.useQuery({ id: fileId }, { enabled: opened });
  const version = trpc.files.version.useQuery({ id: fileId, versionId: selected ?? '' }, { enabled: opened && selected !== null });

  const restore = async () => {
    if (selected && (await onRestore(selected))) {
      setSelected(null);
      onClose();
    }
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(980px, 100vw)"
      title={
        <Group gap={8}>
          <IconHistory size={18} />
          <Text fw={700}>Version history</Text>
          <Text c="dimmed" ff="monospace" size="sm">
            {filename}
          </Text>
        </Group>
      }
    >
      <div className={classes.history}>
        <VersionList versions={versions} selected={selected} onSelect={setSelected} />
        <Box className={classes.versionPreview}>
          <VersionPreview
            version={selected === null ? null : version}
            filename={filename}
            current={current}
            dirty={dirty}
            onRestore={() => void restore()}
            restoring={restoring}
          />
        </Box>
      </div>
    </Drawer>
  );
}
