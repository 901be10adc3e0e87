// The editor column of the builder, loaded on demand (CodeMirror stays out of the other pages'
// bundles). It fetches the file and hands it to FileEditor, keyed by id so each file starts fresh.
import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { trpc } from '../../../lib/trpc';
import { FileEditor } from './FileEditor';
import { panelFrame } from '../../../components/WorkspacePanel';
import classes from './EditorPanel.module.css';

const VALID_ID = /^[A-Za-z0-9]{1,64}$/;

export default function EditorPanel({ fileId, onClose, onTestChat }: { fileId: string; onClose: () => void; onTestChat?: () => void }) {
  const valid = VALID_ID.test(fileId);
  const file = trpc.files.get.useQuery({ id: fileId }, { enabled: valid });

  if (valid && file.data) return <FileEditor key={file.data.id} file={file.data} onClose={onClose} onTestChat={onTestChat} />;

  return (
    <Box component="section" aria-label="Code editor" className={`${panelFrame} ${classes.panel}`}>
      <Center h="100%" mih={300}>
        {valid && file.isLoading ? (
          <Loader />
        ) : (
          <Stack align="center" gap="sm" p="xl">
            <IconFileOff size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={600}>This file could not be opened</Text>
            <Text size="sm" c="dimmed" ta="center">
              It may have been deleted. Pick another file from the list.
            </Text>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Stack>
        )}
      </Center>
    </Box>
  );
}
