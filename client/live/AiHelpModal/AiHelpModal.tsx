// The AI Assistant dialog of the runner: 600x500, a short chat about the
// run's logs and the file. It opens with a greeting that depends on the logs and, when they show
// errors, asks for an analysis straight away. Failures are answered in the chat itself. A fix the
// helper could make itself is offered as 'Review the fix', a change to accept in the editor.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Modal, ScrollArea, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconGitCompare, IconSend, IconSparkles } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/http-error';
import { useFollowNewest } from '../../lib/use-follow-newest';
import type { LogLine } from '../runner-logs';
import { offerChange } from '../../lib/offered-changes';
import { trpc } from '../../lib/trpc';
import { builderFileUrl } from '../../lib/workspace';
import { AssistantBubble, AssistantContent, UserBubble } from '../../components/AssistantReply';
import { aiHelpFailure, aiHelpOpening, logsForAiHelp } from './ai-help-opening';
import classes from './AiHelpModal.module.css';

interface Message {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** A fix the helper made to the saved file, to review in the editor. */
  fix?: { proposalId: string; fileId: string; modifiedCode: string };
}

interface AiHelpModalProps {
  opened: boolean;
  onClose: () => void;
  lines: LogLine[];
  file: { id: string; filename: string; content: string } | null;
}

let ids = 0;
const message = (role: Message['role'], content: string): Message => ({ id: ++ids, role, content, createdAt: new Date().toISOString() });

/** Mount it when the dialog opens (the page keys it), so each opening reads the logs of that moment. */
export function AiHelpModal({ opened, onClose, lines, file }: AiHelpModalProps) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { mutateAsync } = trpc.ai.help.useMutation();
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const ask = useCallback(
    async (text: string, automatic = false) => {
      setWaiting(true);
      try {
        const result = await mutateAsync({
          message: text,
          logs: logsForAiHelp(linesRef.current, automatic),
          ...(automatic ? { automatic } : {}),
          filename: file?.filename,
          fileContent: file?.content,
          fileId: file?.id,
        });
        setMessages((all) => [...all, { ...message('assistant', result.response), ...('fix' in result ? { fix: result.fix } : {}) }]);
        void utils.auth.me.invalidate();
        void utils.credits.invalidate();
      } catch (err) {
        const reason = errorMessage(err, err instanceof Error ? err.message : 'Request failed');
        setMessages((all) => [...all, message('assistant', aiHelpFailure(reason, window.location.host))]);
      } finally {
        setWaiting(false);
      }
    },
    [mutateAsync, file, utils],
  );

  // The opening, once per mount (StrictMode runs effects twice in development).
  const opened_ = useRef(false);
  useEffect(() => {
    if (opened_.current) return;
    opened_.current = true;
    const opening = aiHelpOpening(linesRef.current);
    if (opening.autoRequest) {
      setMessages([message('assistant', opening.greeting), message('user', opening.autoRequest)]);
      void ask(opening.autoRequest, true);
    } else {
      setMessages([message('assistant', opening.greeting)]);
    }
  }, [ask]);

  const follow = useFollowNewest([messages.length, waiting], { smooth: () => true });

  useEffect(() => {
    if (!waiting) inputRef.current?.focus({ preventScroll: true });
  }, [waiting]);

  // The fix opens in the builder's editor as a change to accept or reject (offered-changes.ts).
  const reviewFix = (fix: NonNullable<Message['fix']>) => {
    offerChange({ fileId: fix.fileId, proposalId: fix.proposalId, code: fix.modifiedCode });
    onClose();
    navigate(builderFileUrl(fix.fileId));
  };

  const send = () => {
    const text = draft.trim();
    if (!text || waiting) return;
    setDraft('');
    setMessages((all) => [...all, message('user', text)]);
    void ask(text);
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
          {messages.map((m) =>
            m.role === 'user' ? (
              <UserBubble key={m.id} message={m} />
            ) : (
              <AssistantBubble key={m.id}>
                <AssistantContent content={m.content} />
                {m.fix && (
                  <Button mt="sm" size="xs" variant="light" color="orange" leftSection={<IconGitCompare size={14} />} onClick={() => reviewFix(m.fix!)}>
                    Review the fix
                  </Button>
                )}
              </AssistantBubble>
            ),
          )}
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
    </Modal>
  );
}
