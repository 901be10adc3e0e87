// The bot's webhook address under Start and Deploy: the URL (hooks.url makes it on first
// need), a copy button, and 'New URL', which replaces it after a confirmation (hooks.rotate). Where the
// row is narrow (a phone) the URL takes a line of its own under the label and wraps, whole.
import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconRefresh, IconWebhook } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import classes from './WebhookRow.module.css';

export function WebhookRow({ projectId }: { projectId: string }) {
  const utils = trpc.useUtils();
  const hook = trpc.hooks.url.useQuery({ projectId });
  const rotate = trpc.hooks.rotate.useMutation();
  const [confirming, setConfirming] = useState(false);
  const url = hook.data?.webhookUrl;

  const copy = async () => {
    if (!url) return;
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      notifySuccess('Webhook URL copied');
    } catch {
      notifyError('Failed to copy', 'Select the address and copy it by hand.');
    }
  };

  const renew = async () => {
    try {
      const result = await rotate.mutateAsync({ projectId });
      utils.hooks.url.setData({ projectId }, result);
      setConfirming(false);
      notifySuccess('New webhook URL', 'The old URL no longer works.');
    } catch (err) {
      notifyError('Could not make a new URL', errorMessage(err, 'Please try again.'));
    }
  };

  return (
    <Box className={classes.webhook} data-testid="webhook-row">
      <div className={classes.line}>
        <Group gap="xs" wrap="nowrap" className={classes.label}>
          <IconWebhook size={16} stroke={1.7} className={classes.icon} aria-hidden />
          <Text size="sm" fw={600}>
            Webhook URL
          </Text>
        </Group>
        {url ? (
          <Tooltip label={url} openDelay={300} multiline maw={420} style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm" ff="monospace" className={classes.url} data-testid="webhook-url">
              {url}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c={hook.isError ? 'red.7' : 'dimmed'} className={classes.url}>
            {hook.isError ? errorMessage(hook.error, 'Could not load the address.') : 'Loading...'}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          <Tooltip label="Copy" openDelay={300}>
            <ActionIcon variant="default" aria-label="Copy webhook URL" onClick={() => void copy()} disabled={!url}>
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
          <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconRefresh size={14} />} onClick={() => setConfirming(true)} disabled={!url}>
            New URL
          </Button>
        </Group>
      </div>
      <Text size="xs" c="dimmed" mt={4}>
        Requests to this address reach your bot on its PORT (8080 unless you set it) while it runs or is deployed.
      </Text>

      <Modal opened={confirming} onClose={() => !rotate.isPending && setConfirming(false)} title="Make a new webhook URL?" centered size="sm">
        <Stack gap="md">
          <Text size="sm">The old URL stops working at once. Update any service that calls it.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={rotate.isPending} onClick={() => void renew()} data-autofocus>
              New URL
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
