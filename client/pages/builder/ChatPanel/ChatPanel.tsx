// The chat of the builder: header and hint, the conversation (oldest first, newest
// in view), the typing indicator or the reply streaming in, and the message box.
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useMergedRef } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { FOCUS_CHAT_EVENT } from '../../../lib/events';
import { useFollowNewest } from '../../../lib/use-follow-newest';
import { whenIdle } from '../../../lib/idle';
import { notifyInfo } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useImportFiles } from '../../../lib/use-import-files';
import { useBotFiles, useProjectId } from '../../../lib/workspace';
import { useEnvVarsDialog } from '../../../live/EnvVarsModal';
import { ChatInput } from './ChatInput';
import { AssistantBubble, UserBubble } from '../../../components/AssistantReply/MessageBubble'; // not the index: the reply's content loads lazily
import { scrollTargetFor } from './scroll-target';
import { TypingIndicator } from './TypingIndicator';
import { useChat, type ChatMessage } from './use-chat';
import { panelFrame } from '../../../components/WorkspacePanel';
import classes from './ChatPanel.module.css';

// The assistant's replies (their parsing, code blocks and boxes) load when the first one shows, or
// once the page is idle: an empty chat paints without them.
const loadReplies = () => Promise.all([import('./AssistantMessage'), import('../../../components/AssistantReply/AssistantContent')]);
const AssistantMessage = lazy(() => import('./AssistantMessage').then((m) => ({ default: m.AssistantMessage })));
const AssistantContent = lazy(() => import('../../../components/AssistantReply/AssistantContent').then((m) => ({ default: m.AssistantContent })));

const SUGGESTIONS = [
  'Make a Telegram bot in Python that answers /start and echoes messages',
  'A Discord bot that welcomes new members',
  'A Twitter bot in JavaScript that replies to mentions',
];

interface ChatPanelProps {
  onOpenFile: (id: string) => void;
  /** Opens the builder's test chat for a Telegram file, as the editor's 'Test chat' does. */
  onTestChat: (id: string) => void;
}

export function ChatPanel({ onOpenFile, onTestChat }: ChatPanelProps) {
  const navigate = useNavigate();
  const envVars = useEnvVarsDialog();
  const projectId = useProjectId();
  const files = useBotFiles(); // the current bot's: a reply's file names are looked up in its bot
  const messages = trpc.chat.messages.useQuery({ projectId }, { enabled: projectId !== undefined, retry: 3 });
  const chat = useChat(projectId, onOpenFile);
  const { importFiles, importing } = useImportFiles();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (messages.error) console.error('Could not load chat messages', messages.error);
  }, [messages.error]);
  useEffect(() => whenIdle(() => void loadReplies().catch(() => {})), []);

  // The server answers newest first; the conversation reads oldest first. Failed local messages
  // slot in by time so they stay where they were typed.
  const conversation = useMemo(() => {
    const stored: ChatMessage[] = [...(messages.data ?? [])].reverse();
    return [...stored, ...chat.failed].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [messages.data, chat.failed]);

  useEffect(() => {
    const focus = () => inputRef.current?.focus();
    window.addEventListener(FOCUS_CHAT_EVENT, focus);
    return () => window.removeEventListener(FOCUS_CHAT_EVENT, focus);
  }, []);

  // Keep the newest turn in view as messages arrive and as the reply streams in, unless the person
  // has scrolled up to read; sending a message always brings the view back down. A reply is read
  // from its start: the view follows it down only until its first line reaches the top, and never
  // on to the end of its code (scroll-target.ts).
  const scrolledOnce = useRef(false);
  const pendingId = chat.pending?.message.id;
  const followed = useRef<{ id: string; length: number } | null>(null);
  const streaming = Boolean(chat.pending?.reply);
  const follow = useFollowNewest([conversation.length, pendingId, chat.pending?.reply], {
    slack: 80,
    target: (viewport) => {
      // The stored turns arrive a moment before the streamed ones go: they take the same place, so
      // stay rather than chase the streamed copy below them down to its end.
      if (pendingId && conversation.length > (followed.current?.length ?? 0)) return null;
      const newest = logRef.current?.lastElementChild;
      return scrollTargetFor({
        scrollTop: viewport.scrollTop,
        maxScrollTop: viewport.scrollHeight - viewport.clientHeight,
        newestIsReply: newest instanceof HTMLElement && newest.dataset.role === 'assistant',
        newestOffset: newest ? newest.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop : 0,
      });
    },
    // A streamed reply grows a few words at a time: jump, so the next word does not chase a glide.
    smooth: () => scrolledOnce.current && !streaming,
  });
  const { jumpToNewest } = follow;
  useLayoutEffect(() => {
    if (pendingId && followed.current?.id !== pendingId) {
      followed.current = { id: pendingId, length: conversation.length };
      jumpToNewest();
    }
    if (conversation.length > 0) scrolledOnce.current = true;
  }, [conversation.length, pendingId, jumpToNewest]);
  const conversationRef = useMergedRef(logRef, follow.contentRef);

  // The input is disabled while waiting; give the focus back once the reply is in.
  useEffect(() => {
    if (!chat.isSending) inputRef.current?.focus({ preventScroll: true });
  }, [chat.isSending]);

  const send = () => {
    if (chat.send(draft)) setDraft('');
  };

  const uploadCode = async (picked: File[]) => {
    const imported = await importFiles(picked);
    if (imported?.[0]) onOpenFile(imported[0].id);
  };

  const run = (fileId: string) => {
    notifyInfo('Redirecting to runner...');
    navigate('/runner', { state: { fileId, start: true } });
  };

  const fileList = files.data ?? [];
  const empty = conversation.length === 0 && !chat.pending;

  return (
    <Box component="section" aria-label="Chat" className={`${panelFrame} ${classes.panel}`}>
      <Box className={classes.header}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div>
            <Title order={2} size="h4">
              How can I help you today?
            </Title>
            <Text size="sm" c="dimmed">
              Ask me to build a bot for Telegram, Twitter, WhatsApp, Discord or any social platform.
            </Text>
          </div>
          <Badge variant="light" color="violet" tt="none" leftSection={<IconSparkles size={12} />} className={classes.costBadge}>
            5 credits per message
          </Badge>
        </Group>
      </Box>

      <ScrollArea
        className={classes.messages}
        classNames={{ viewport: classes.messagesViewport }}
        viewportRef={follow.scrollerRef}
        type="auto"
        offsetScrollbars
      >
        <Stack ref={conversationRef} gap="lg" p="md" role="log" aria-label="Conversation" aria-live="polite">
          {empty && (
            <AssistantBubble>
              <Text size="sm" className={classes.prose}>
                Hi! I&apos;m your Botwright assistant. Describe the bot you want, in your own words, and I&apos;ll write the code
                files for you. You can then edit them here, run them and share them.
              </Text>
              <Text size="xs" c="dimmed" mt="sm" mb={6}>
                Try one of these:
              </Text>
              <Stack gap={6}>
                {SUGGESTIONS.map((s) => (
                  <UnstyledButton
                    key={s}
                    className={classes.suggestion}
                    onClick={() => {
                      setDraft(s);
                      inputRef.current?.focus();
                    }}
                  >
                    {s}
                  </UnstyledButton>
                ))}
              </Stack>
            </AssistantBubble>
          )}
          {conversation.map((m) =>
            m.role === 'user' ? (
              <UserBubble key={m.id} message={m} onRetry={m.failed && !chat.isSending ? () => chat.retry(m) : undefined} />
            ) : (
              <Suspense key={m.id} fallback={null}>
                <AssistantMessage
                  content={m.content}
                  files={fileList}
                  onOpenFile={onOpenFile}
                  onSetToken={envVars.open}
                  onTestChat={onTestChat}
                  onRun={run}
                />
              </Suspense>
            ),
          )}
          {chat.pending && (
            <>
              <UserBubble message={chat.pending.message} />
              <AssistantBubble>
                {chat.pending.reply ? (
                  <Suspense fallback={<TypingIndicator />}>
                    <AssistantContent content={chat.pending.reply} />
                  </Suspense>
                ) : (
                  <TypingIndicator />
                )}
              </AssistantBubble>
            </>
          )}
        </Stack>
      </ScrollArea>

      {envVars.modal}

      <Box className={classes.footer}>
        <ChatInput
          ref={inputRef}
          value={draft}
          onChange={setDraft}
          onSend={send}
          onUploadCode={(picked) => void uploadCode(picked)}
          waiting={chat.isSending}
          uploading={importing}
        />
      </Box>
    </Box>
  );
}
