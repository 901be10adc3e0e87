// The one delete confirmation for files, used by the editor and the sidebar ('Are you sure you
// want to delete this file?'), with a success or error toast.
import { useCallback, useState } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../LazyModal';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useWorkspaceRefresh } from '../../lib/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';

interface FileRef {
  id: string;
  filename: string;
}

/** Returns `requestDelete(file)` and the dialog to render; `onDeleted` runs after a success. */
export function useDeleteFile(onDeleted?: (file: FileRef) => void) {
  const [target, setTarget] = useState<FileRef | null>(null);
  const deleteMutation = trpc.files.delete.useMutation();
  const refresh = useWorkspaceRefresh();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const openFileId = params.get('file');

  const confirm = async () => {
    if (!target) return;
    try {
      await deleteMutation.mutateAsync({ id: target.id });
      notifySuccess('File deleted successfully!', target.filename);
      // The builder must not keep showing a file that no longer exists, whoever deleted it. The
      // editor unmounts synchronously, so the refresh below does not refetch the deleted file.
      if (openFileId === target.id) navigate('/builder', { replace: true, flushSync: true });
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.files.get, { id: target.id }, 'query') });
      queryClient.removeQueries({ queryKey: ['editor-draft', target.id] });
      onDeleted?.(target);
      setTarget(null);
      void refresh();
    } catch (err) {
      notifyError('Failed to delete file', errorMessage(err, 'Please try again.'));
    }
  };

  const close = useCallback(() => {
    if (!deleteMutation.isPending) setTarget(null);
  }, [deleteMutation.isPending]);

  const dialog = (
    <Modal opened={target !== null} onClose={close} title="Delete file" centered size="sm">
      <Stack gap="md">
        <Text size="sm">Are you sure you want to delete this file?</Text>
        {target && <Code block>{target.filename}</Code>}
        <Text size="xs" c="dimmed">
          The file and its saved versions are removed for good.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={deleteMutation.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleteMutation.isPending}>
            Delete file
          </Button>
        </Group>
      </Stack>
    </Modal>
  );

  return { requestDelete: setTarget, dialog };
}
