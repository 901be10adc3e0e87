// A bot's webhook address on /bots, for a bot whose code takes webhooks: the address (cut to its
// line, whole in its tooltip) and a copy button, so it can be pasted into the platform from here.
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconWebhook } from '@tabler/icons-react';
import { copyText } from '../CopyCommand/copy-text';
import classes from './Bots.module.css';

export function WebhookLine({ name, url }: { name: string; url: string }) {
  return (
    <Group gap={6} wrap="nowrap" className={classes.webhook} data-testid="bot-webhook">
      <IconWebhook size={14} stroke={1.7} className={classes.webhookIcon} aria-label="Webhook URL" />
      <Tooltip label={url} openDelay={300} multiline maw={420} style={{ overflowWrap: 'anywhere' }}>
        <Text size="xs" ff="monospace" truncate="end" className={classes.webhookUrl} data-testid="bot-webhook-url">
          {url}
        </Text>
      </Tooltip>
      <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Copy webhook URL of ${name}`} onClick={() => void copyText(url)}>
        <IconCopy size={13} />
      </ActionIcon>
    </Group>
  );
}
