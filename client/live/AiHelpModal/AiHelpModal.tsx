// The AI Assistant dialog of the runner: 600x500, a short chat about the
// run's logs and the file. It opens with a greeting that depends on the logs and, when they show
// errors, asks for an analysis straight away. Failures are answered in the chat itself. A fix the
// helper could make itself is offered as 'Review the fix', a change to accept in the editor.
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Modal, ScrollArea, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconGitCompare, IconSend, IconSparkles } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useFollowNewest } from '../../lib/use-follow-newest';
import type { LogLine } from '../runner-logs';
import { offerChange } from '../../lib/offered-changes';
import { builderFileUrl } from '../../lib/workspace';
import { AssistantBubble, AssistantContent, UserBubble } from '../../components/AssistantReply';
import { useAiHelp, type HelpFile, type HelpMessage } from './use-ai-help';
import classes from './AiHelpModal.module.css';

interface AiHelpModalProps {
  opened: boolean;
  onClose: () => void;
  lines: LogLine[];
  file: HelpFile;
}

function MessageRow({ message, onReviewFix }: { message: HelpMessage; onReviewFix: (fix: NonNullable<HelpMessage['fix']>) => void }) {
  if (message.role === 'user') return <UserBubble message={message} />;
  const { fix } = message;
  return (
    <AssistantBubble>
      <AssistantContent content={message.content} />
      {fix && (
        <Button mt="sm" size="xs" variant="light" color="orange" leftSection={<IconGitCompare size={14} />} onClick={() => onReviewFix(fix)}>
          Review the fix
        </Button>
      )}
    </AssistantBubble>
  );
}

/** The question box: Enter sends, Shift+Enter starts a line; locked while an answer is awaited, focused again after. */
function QuestionBox({ waiting, onSend }: { waiting: boolean; onSend: (text: string) => boolean }) {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!waiting) inputRef.current?.focus({ preventScroll: true });
  }, [waiting]);
  const send = () => {
    if (onSend(draft)) setDraft('');
  };
  return (
    <div className={classes.footer}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          ref={inputRef}
          aria-label="Ask the assistant"
          placeholder="Ask about an error, a log line or your code..."
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          autosize
          minRows={1}
          maxRows={4}
          disabled={waiting}
          style={{ flex: 1 }}
        />
        <Tooltip label="Send" openDelay={300}>
          <ActionIcon size={36} radius="md" aria-label="Send" onClick={send} disabled={waiting || draft.trim() === ''}>
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}

/** Mount it when the dialog opens (the page keys it), so each opening reads the logs of that moment. */
export function AiHelpModal({ opened, onClose, lines, file }: AiHelpModalProps) {
  const navigate = useNavigate();
  const { messages, waiting, send } = useAiHelp(lines, file);
  const follow = useFollowNewest([messages.length, waiting], { smooth: () => true });

  // The fix opens in the builder's editor as a change to accept or reject (offered-changes.ts).
  const reviewFix = (fix: NonNullable<HelpMessage['fix']>) => {
    offerChange({ fileId: fix.fileId, proposalId: fix.proposalId, code: fix.modifiedCode });
    onClose();
    navigate(builderFileUrl(fix.fileId));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={600}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Group gap={8} wrap="nowrap">
          <IconSparkles size={18} color="var(--mantine-color-violet-6)" />
          <Text fw={700}>AI Assistant</Text>
          {file && (
            <Text size="sm" c="dimmed" ff="monospace" truncate="end">
              {file.filename}
            </Text>
          )}
        </Group>
      }
      classNames={{ content: classes.content, body: classes.body }}
    >
      <ScrollArea className={classes.messages} viewportRef={follow.scrollerRef} type="auto" offsetScrollbars>
        <Stack gap="md" p="md" role="log" aria-label="Assistant conversation" aria-live="polite">
          {messages.map((m) => (
            <MessageRow key={m.id} message={m} onReviewFix={reviewFix} />
          ))}
          {waiting && (
            <Group gap={8} className={classes.analyzing} role="status">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                AI is analyzing...
              </Text>
            </Group>
          )}
        </Stack>
      </ScrollArea>
      <QuestionBox waiting={waiting} onSend={send} />
    </Modal>
  );
}
