// The chat of the builder: header and hint, the conversation (oldest first, newest
// in view), the typing indicator or the reply streaming in, and the message box.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { Badge, Box, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { FOCUS_CHAT_EVENT } from '../../../lib/events';
import { whenIdle } from '../../../lib/idle';
import { notifyInfo } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useImportFiles } from '../../../lib/use-import-files';
import { useBotFiles, useProjectId } from '../../../lib/workspace';
import { useEnvVarsDialog } from '../../../live/EnvVarsModal';
import { ChatInput } from './ChatInput';
import { AssistantBubble, UserBubble } from '../../../components/AssistantReply/MessageBubble'; // not the index: the reply's content loads lazily
import { TypingIndicator } from './TypingIndicator';
import { useChatFollow } from './use-chat-follow';
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

function ChatHeader() {
  return (
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
  );
}

/** The empty chat's greeting, with requests to start from. */
function Welcome({ onPick }: { onPick: (request: string) => void }) {
  return (
    <AssistantBubble>
      <Text size="sm" className={classes.prose}>
        Hi! I&apos;m your Botwright assistant. Describe the bot you want, in your own words, and I&apos;ll write the code files
        for you. You can then edit them here, run them and share them.
      </Text>
      <Text size="xs" c="dimmed" mt="sm" mb={6}>
        Try one of these:
      </Text>
      <Stack gap={6}>
        {SUGGESTIONS.map((s) => (
          <UnstyledButton key={s} className={classes.suggestion} onClick={() => onPick(s)}>
            {s}
          </UnstyledButton>
        ))}
      </Stack>
    </AssistantBubble>
  );
}

/** The message being answered, and its reply as it streams in (the typing dots until it starts). */
function PendingTurn({ pending }: { pending: { message: ChatMessage; reply: string } }) {
  return (
    <>
      <UserBubble message={pending.message} />
      <AssistantBubble>
        {pending.reply ? (
          <Suspense fallback={<TypingIndicator />}>
            <AssistantContent content={pending.reply} />
          </Suspense>
        ) : (
          <TypingIndicator />
        )}
      </AssistantBubble>
    </>
  );
}

interface TurnActions extends ComponentProps<typeof AssistantMessage> {
  /** Sends a failed message again; undefined while another is being answered. */
  onRetry?: (message: ChatMessage) => void;
}

function Turn({ message, actions }: { message: ChatMessage; actions: Omit<TurnActions, 'content'> }) {
  const { onRetry, ...reply } = actions;
  if (message.role === 'user') return <UserBubble message={message} onRetry={message.failed && onRetry ? () => onRetry(message) : undefined} />;
  return (
    <Suspense fallback={null}>
      <AssistantMessage content={message.content} {...reply} />
    </Suspense>
  );
}

/** The stored conversation, oldest first: the server answers newest first; failed local messages slot in by time. */
function useConversation(projectId: string | undefined, failed: ChatMessage[]): ChatMessage[] {
  const messages = trpc.chat.messages.useQuery({ projectId }, { enabled: projectId !== undefined, retry: 3 });
  useEffect(() => {
    if (messages.error) console.error('Could not load chat messages', messages.error);
  }, [messages.error]);
  return useMemo(() => {
    const stored: ChatMessage[] = [...(messages.data ?? [])].reverse();
    return [...stored, ...failed].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [messages.data, failed]);
}

/** The message box: the draft, focused on the page's request and again once a reply is in (it is locked while waiting). */
function useDraft(waiting: boolean) {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const focus = () => inputRef.current?.focus();
    window.addEventListener(FOCUS_CHAT_EVENT, focus);
    return () => window.removeEventListener(FOCUS_CHAT_EVENT, focus);
  }, []);
  useEffect(() => {
    if (!waiting) inputRef.current?.focus({ preventScroll: true });
  }, [waiting]);
  return { draft, setDraft, inputRef };
}

export function ChatPanel({ onOpenFile, onTestChat }: ChatPanelProps) {
  const navigate = useNavigate();
  const envVars = useEnvVarsDialog();
  const projectId = useProjectId();
  const files = useBotFiles(); // the current bot's: a reply's file names are looked up in its bot
  const chat = useChat(projectId, onOpenFile);
  const conversation = useConversation(projectId, chat.failed);
  const { importFiles, importing } = useImportFiles();
  const { draft, setDraft, inputRef } = useDraft(chat.isSending);
  const { viewportRef, conversationRef } = useChatFollow(conversation.length, chat.pending);
  useEffect(() => whenIdle(() => void loadReplies().catch(() => {})), []);

  const uploadCode = async (picked: File[]) => {
    const imported = await importFiles(picked);
    if (imported?.[0]) onOpenFile(imported[0].id);
  };
  const actions: Omit<TurnActions, 'content'> = {
    files: files.data ?? [],
    onOpenFile,
    onSetToken: envVars.open,
    onTestChat,
    onRun: (fileId) => {
      notifyInfo('Redirecting to runner...');
      navigate('/runner', { state: { fileId, start: true } });
    },
    onRetry: chat.isSending ? undefined : chat.retry,
  };

  return (
    <Box component="section" aria-label="Chat" className={`${panelFrame} ${classes.panel}`}>
      <ChatHeader />
      <ScrollArea className={classes.messages} classNames={{ viewport: classes.messagesViewport }} viewportRef={viewportRef} type="auto" offsetScrollbars>
        <Stack ref={conversationRef} gap="lg" p="md" role="log" aria-label="Conversation" aria-live="polite">
          {conversation.length === 0 && !chat.pending && (
            <Welcome
              onPick={(request) => {
                setDraft(request);
                inputRef.current?.focus();
              }}
            />
          )}
          {conversation.map((m) => (
            <Turn key={m.id} message={m} actions={actions} />
          ))}
          {chat.pending && <PendingTurn pending={chat.pending} />}
        </Stack>
      </ScrollArea>
      {envVars.modal}
      <Box className={classes.footer}>
        <ChatInput
          ref={inputRef}
          value={draft}
          onChange={setDraft}
          onSend={() => {
            if (chat.send(draft)) setDraft('');
          }}
          onUploadCode={(picked) => void uploadCode(picked)}
          waiting={chat.isSending}
          uploading={importing}
        />
      </Box>
    </Box>
  );
}
