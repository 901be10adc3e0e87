// In the 'Modify with AI' preview: replay the file's saved chats against the proposed code before
// accepting it. Shown only when the file has saved chats; the replay is free.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { TestChatResult } from '../../../shared/test-chat.schema';
import { errorMessage } from '../../lib/http-error';
import { notifyError } from '../../lib/notify';
import { useRunSavedChats, useSavedChats } from './test-chat';
import { TestResults } from './TestResults';
import classes from './TestChat.module.css';

export function SavedChatsCheck({ fileId, content }: { fileId: string; content: string }) {
  const saved = useSavedChats(fileId);
  const run = useRunSavedChats(fileId);
  // Results belong to the text they were computed for: a new proposal starts without any.
  const [outcome, setOutcome] = useState<{ content: string; results: TestChatResult[] } | null>(null);
  const count = saved.data?.length ?? 0;
  if (count === 0) return null;

  const check = async () => {
    try {
      setOutcome({ content, results: await run.mutateAsync(content) });
    } catch (err) {
      notifyError('Could not check with saved chats', errorMessage(err, 'Please try again.'));
    }
  };

  return (
    <div className={classes.check}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">
          Replay your {count} saved {count === 1 ? 'chat' : 'chats'} against the proposed code (free).
        </Text>
        <Button size="xs" variant="light" leftSection={<IconChecklist size={14} />} onClick={() => void check()} loading={run.isPending}>
          Check with saved chats
        </Button>
      </Group>
      {outcome && outcome.content === content && <TestResults results={outcome.results} />}
    </div>
  );
}
