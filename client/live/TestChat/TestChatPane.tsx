// The test chat pane, to talk to a Telegram bot in the browser: a Telegram-like
// conversation with the bot running in test mode, private or in a test group with simulated
// members, with its saved chats. The page owns the runner; the pane follows its test_chat frames.
import '../../mantine-styles-pages';
import { Fragment, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Loader, SegmentedControl, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconBrandTelegram,
  IconDeviceFloppy,
  IconEraser,
  IconInfoCircle,
  IconListCheck,
  IconPlayerPlay,
  IconPlayerStop,
  IconX,
} from '@tabler/icons-react';
import type { TestChatKind } from '../../../shared/test-chat.schema';
import type { RunInfo } from '../use-runner';
import { WorkspacePanel } from '../../components/WorkspacePanel';
import { dayLabel, isOwnMessage, messageDay, replyKeyboardOf } from './chat-log';
import { Composer } from './Composer';
import { GroupMembers } from './GroupMembers';
import { InstallMissing } from './InstallMissing';
import { ReplyKeyboard } from './Keyboards';
import { MessageBubble } from './MessageBubble';
import { SaveChatDialog, SavedChatsDrawer } from './SavedChats';
import { useFollowNewest } from '../../lib/use-follow-newest';
import { useTestChat, type SubscribeTestChat } from './use-test-chat';
import classes from './TestChat.module.css';

export interface TestChatPaneProps {
  fileId: string;
  /** Shown as the bot's name in the group when the bot's messages carry none. */
  botName: string;
  run: RunInfo | undefined;
  /** The runner's socket is signed in. */
  ready: boolean;
  subscribe: SubscribeTestChat;
  /** (Re)starts the bot in test mode. */
  onStartTest: () => void;
  /** Offered while the test run is live, where the page has no Stop of its own (the builder). */
  onStop?: () => void;
  onClose?: () => void;
  className?: string;
  /** Under the conversation: the builder puts its console there. */
  footer?: ReactNode;
}

function RunState({ run, fileId, onStartTest }: { run: RunInfo | undefined; fileId: string; onStartTest: () => void }) {
  const live = run !== undefined && run.status !== 'exited';
  if (live && run.mode === 'test') return null;
  const elsewhere = live && run.mode !== 'test';
  // Why the last run ended, when it ended on its own: a package or a setting it needs is named.
  const ended = !live && run?.exit && run.exit.level === 'error' ? run.exit.text : null;
  const missing = ended ? /the package (\S+) is not installed/.exec(ended)?.[1] : undefined;
  return (
    <div className={classes.runState} role="status">
      <Text size="xs" className={classes.runStateText}>
        {elsewhere
          ? 'The bot is running live on Telegram. Restart it in test mode to talk to it here.'
          : ended
            ? `${ended}.`
            : 'The bot is not running. Start it in test mode to talk to it here.'}
      </Text>
      {missing ? (
        <InstallMissing fileId={fileId} packageName={missing} onInstalled={onStartTest} />
      ) : (
        <Button size="compact-xs" color="green" leftSection={<IconPlayerPlay size={12} />} onClick={onStartTest}>
          {elsewhere ? 'Restart in test mode' : 'Start test'}
        </Button>
      )}
    </div>
  );
}

/** The server's advice (e.g. the one line that makes the bot reach the test chat), two lines until opened. */
function HintNotice({ hint, onDismiss }: { hint: string; onDismiss: () => void }) {
  const [open, setOpen] = useState(false);
  const long = hint.length > 110;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      p="xs"
      icon={<IconInfoCircle size={16} />}
      className={classes.hint}
      withCloseButton
      closeButtonLabel="Dismiss the hint"
      onClose={onDismiss}
    >
      <Text size="xs" className={classes.hintText} lineClamp={long && !open ? 2 : undefined}>
        {hint}
      </Text>
      {long && (
        <Anchor component="button" type="button" size="xs" fw={600} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </Alert>
  );
}

function ModeBadge({ run }: { run: RunInfo | undefined }) {
  if (run?.mode === 'test' && run.status === 'starting') {
    return (
      <Badge size="sm" variant="light" color="blue" tt="none" leftSection={<Loader size={8} color="blue" />}>
        Starting...
      </Badge>
    );
  }
  if (run?.mode === 'test' && run.status === 'running') {
    return (
      <Badge size="sm" variant="light" color="green" tt="none" data-testid="test-mode-badge">
        Test mode
      </Badge>
    );
  }
  return null;
}

export function TestChatPane(props: TestChatPaneProps) {
  const { fileId, botName, run, ready, subscribe, onStartTest, onStop, onClose, className, footer } = props;
  const [chat, setChat] = useState<TestChatKind>('private');
  const [saving, setSaving] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const liveBeforeReplay = useRef(false);
  const [hintHidden, setHintHidden] = useState<string | null>(null);
  const conversation = useTestChat({ fileId, chat, ready, subscribe });
  const { messages, sendText } = conversation;

  // The reply keyboard: the bot's newest; hidden by its toggle, or after a tap when one-time.
  const keyboard = useMemo(() => replyKeyboardOf(messages), [messages]);
  const [keyboardHidden, setKeyboardHidden] = useState<number | null>(null);
  const keyboardShown = keyboard !== null && keyboardHidden !== keyboard.messageId;

  const send = useCallback((text: string) => void sendText(text), [sendText]);
  const pressKey = (text: string) => {
    if (keyboard?.oneTime) setKeyboardHidden(keyboard.messageId);
    send(text);
  };

  // The newest message stays in view, unless the reader scrolled up to read back.
  const { scrollerRef, following, jumpToNewest } = useFollowNewest([messages, conversation.typing, chat]);

  const now = Date.now();
  const hint = conversation.hint && conversation.hint !== hintHidden ? conversation.hint : null;

  return (
    <WorkspacePanel
      title="Test chat"
      label="Test chat"
      icon={<IconBrandTelegram size={18} stroke={1.7} />}
      className={className ? `${classes.pane} ${className}` : classes.pane}
      actions={
        <>
          <ModeBadge run={run} />
          <Tooltip label="Saved chats and tests" openDelay={300}>
            <Button size="compact-sm" variant="subtle" leftSection={<IconListCheck size={15} />} onClick={() => setSavedOpen(true)}>
              <span className={classes.squeezableLabel}>Saved chats</span>
            </Button>
          </Tooltip>
          <Tooltip label="Clear the conversation" openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Clear the conversation"
              onClick={() => void conversation.clear()}
              disabled={messages.length === 0}
            >
              <IconEraser size={16} />
            </ActionIcon>
          </Tooltip>
          {onClose && (
            <Tooltip label="Close the test chat" openDelay={300}>
              <ActionIcon variant="subtle" color="gray" aria-label="Close the test chat" onClick={onClose}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </>
      }
    >
      <div className={classes.toolbar}>
        <SegmentedControl
          size="xs"
          aria-label="Chat"
          value={chat}
          onChange={(value) => setChat(value as TestChatKind)}
          data={[
            { value: 'private', label: 'Private' },
            { value: 'group', label: 'Test group' },
          ]}
        />
        <Group gap={6}>
          {onStop && run?.mode === 'test' && run.status === 'running' && (
            <Button size="compact-xs" color="red" variant="light" leftSection={<IconPlayerStop size={13} />} onClick={onStop}>
              Stop
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconDeviceFloppy size={13} />}
            onClick={() => setSaving(true)}
            disabled={messages.length === 0}
          >
            Save as test
          </Button>
        </Group>
      </div>

      <RunState run={run} fileId={fileId} onStartTest={onStartTest} />

      {hint && <HintNotice hint={hint} onDismiss={() => setHintHidden(hint)} />}

      {chat === 'group' && <GroupMembers members={conversation.members} onAdd={conversation.addMember} onRemove={conversation.removeMember} />}

      <div className={classes.conversation}>
        <div
          ref={scrollerRef}
          className={classes.messages}
          role="log"
          aria-live="polite"
          aria-relevant="additions text"
          aria-label={chat === 'group' ? 'Test group conversation' : 'Conversation with the bot'}
          tabIndex={0}
        >
          {conversation.loadError ? (
            <Alert color="red" variant="light" m="md" title="Could not load the conversation">
              <Group gap="xs">
                <Text size="sm">{conversation.loadError}</Text>
                <Button size="xs" variant="white" color="red" onClick={conversation.retry}>
                  Retry
                </Button>
              </Group>
            </Alert>
          ) : messages.length === 0 ? (
            <div className={classes.empty}>
              {conversation.loaded ? (
                <>
                  <IconBrandTelegram size={34} stroke={1.3} className={classes.emptyIcon} />
                  <Text size="sm" fw={600}>
                    {chat === 'group' ? 'The test group is quiet' : 'No messages yet'}
                  </Text>
                  <Text size="xs" c="dimmed" maw={260}>
                    {chat === 'group'
                      ? 'Write to the group, or post as one of its members, and see how the bot reacts.'
                      : 'Say hello the way a new user would: send /start.'}
                  </Text>
                  {chat === 'private' && (
                    <Button size="xs" variant="light" mt={4} onClick={() => send('/start')}>
                      Send /start
                    </Button>
                  )}
                </>
              ) : (
                <Loader size="sm" aria-label="Loading the conversation" />
              )}
            </div>
          ) : (
            messages.map((message, index) => {
              const previous = messages[index - 1];
              const newDay = !previous || messageDay(previous.date) !== messageDay(message.date);
              const own = isOwnMessage(message, conversation.others);
              return (
                <Fragment key={message.id}>
                  {newDay && (
                    <div className={classes.dayChip}>
                      <span>{dayLabel(message.date, now)}</span>
                    </div>
                  )}
                  <MessageBubble
                    message={message}
                    own={own}
                    showAuthor={chat === 'group' && !own}
                    botName={botName}
                    onCommand={message.from === 'bot' ? send : undefined}
                    onCallback={conversation.tapButton}
                  />
                </Fragment>
              );
            })
          )}
          {conversation.typing && (
            <div className={classes.row} role="status">
              <div className={classes.typingBubble}>
                <span className={classes.typingDots} aria-hidden>
                  <span />
                  <span />
                  <span />
                </span>
                <Text span size="xs" c="dimmed">
                  {botName} is typing...
                </Text>
              </div>
            </div>
          )}
        </div>
        {!following && messages.length > 0 && (
          <Button size="compact-sm" variant="white" className={classes.jump} leftSection={<IconArrowBarToDown size={14} />} onClick={jumpToNewest}>
            Latest
          </Button>
        )}
      </div>

      <Composer
        onSend={sendText}
        placeholder={keyboardShown ? keyboard?.placeholder : undefined}
        members={chat === 'group' ? conversation.members : undefined}
        keyboard={
          keyboard
            ? {
                shown: keyboardShown,
                onToggle: () => setKeyboardHidden(keyboardShown ? keyboard.messageId : null),
              }
            : undefined
        }
      />
      {keyboard && keyboardShown && <ReplyKeyboard keyboard={keyboard} onPress={pressKey} />}
      {footer}

      <SaveChatDialog fileId={fileId} chat={chat} opened={saving} onClose={() => setSaving(false)} />
      <SavedChatsDrawer
        fileId={fileId}
        opened={savedOpen}
        onClose={() => setSavedOpen(false)}
        // The replay stops the bot the person was talking to: bring it back.
        onReplayStart={() => (liveBeforeReplay.current = run !== undefined && run.status !== 'exited' && run.mode === 'test')}
        onReplayed={() => {
          if (liveBeforeReplay.current) onStartTest();
        }}
      />
    </WorkspacePanel>
  );
}
