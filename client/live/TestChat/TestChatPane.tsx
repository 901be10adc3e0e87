// The test chat pane, to talk to a Telegram bot in the browser: a Telegram-like
// conversation with the bot running in test mode, private or in a test group with simulated
// members, with its saved chats. The page owns the runner; the pane follows its test_chat frames.
import '../../mantine-styles-pages';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Tooltip } from '@mantine/core';
import { IconBrandTelegram, IconDeviceFloppy, IconEraser, IconListCheck, IconPlayerStop, IconX } from '@tabler/icons-react';
import type { TestChatKind } from '../../../shared/test-chat.schema';
import type { RunInfo } from '../use-runner';
import { WorkspacePanel } from '../../components/WorkspacePanel';
import { replyKeyboardOf } from './chat-log';
import { Composer } from './Composer';
import { ConversationLog } from './ConversationLog';
import { GroupMembers } from './GroupMembers';
import { ReplyKeyboard } from './Keyboards';
import { SaveChatDialog, SavedChatsDrawer } from './SavedChats';
import { HintNotice, ModeBadge, RunState } from './TestChatStatus';
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

interface PaneActionsProps {
  run: RunInfo | undefined;
  onSaved: () => void;
  onClear: (() => void) | undefined;
  onClose?: () => void;
}

function PaneActions({ run, onSaved, onClear, onClose }: PaneActionsProps) {
  return (
    <>
      <ModeBadge run={run} />
      <Tooltip label="Saved chats and tests" openDelay={300}>
        <Button size="compact-sm" variant="subtle" leftSection={<IconListCheck size={15} />} onClick={onSaved}>
          <span className={classes.squeezableLabel}>Saved chats</span>
        </Button>
      </Tooltip>
      <Tooltip label="Clear the conversation" openDelay={300}>
        <ActionIcon variant="subtle" color="gray" aria-label="Clear the conversation" onClick={onClear} disabled={!onClear}>
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
  );
}

interface ToolbarProps {
  chat: TestChatKind;
  onChat: (chat: TestChatKind) => void;
  /** Offered while the test run is live. */
  onStop: (() => void) | undefined;
  /** Undefined while there is nothing to save. */
  onSave: (() => void) | undefined;
}

function Toolbar({ chat, onChat, onStop, onSave }: ToolbarProps) {
  return (
    <div className={classes.toolbar}>
      <SegmentedControl
        size="xs"
        aria-label="Chat"
        value={chat}
        onChange={(value) => onChat(value as TestChatKind)}
        data={[
          { value: 'private', label: 'Private' },
          { value: 'group', label: 'Test group' },
        ]}
      />
      <Group gap={6}>
        {onStop && (
          <Button size="compact-xs" color="red" variant="light" leftSection={<IconPlayerStop size={13} />} onClick={onStop}>
            Stop
          </Button>
        )}
        <Button size="compact-xs" variant="default" leftSection={<IconDeviceFloppy size={13} />} onClick={onSave} disabled={!onSave}>
          Save as test
        </Button>
      </Group>
    </div>
  );
}

/** The reply keyboard: the bot's newest; hidden by its toggle, or after a tap when one-time. */
function useReplyKeyboard(messages: ReturnType<typeof useTestChat>['messages'], send: (text: string) => void) {
  const keyboard = useMemo(() => replyKeyboardOf(messages), [messages]);
  const [hiddenFor, setHiddenFor] = useState<number | null>(null);
  const shown = keyboard !== null && hiddenFor !== keyboard.messageId;
  const press = (text: string) => {
    if (keyboard?.oneTime) setHiddenFor(keyboard.messageId);
    send(text);
  };
  const toggle = keyboard ? { shown, onToggle: () => setHiddenFor(shown ? keyboard.messageId : null) } : undefined;
  return { keyboard, shown, press, toggle };
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
  const send = useCallback((text: string) => void sendText(text), [sendText]);
  const keyboard = useReplyKeyboard(messages, send);
  const hint = conversation.hint && conversation.hint !== hintHidden ? conversation.hint : null;
  const testLive = run?.mode === 'test' && run.status === 'running';

  return (
    <WorkspacePanel
      title="Test chat"
      label="Test chat"
      icon={<IconBrandTelegram size={18} stroke={1.7} />}
      className={className ? `${classes.pane} ${className}` : classes.pane}
      actions={<PaneActions run={run} onSaved={() => setSavedOpen(true)} onClear={messages.length > 0 ? () => void conversation.clear() : undefined} onClose={onClose} />}
    >
      <Toolbar chat={chat} onChat={setChat} onStop={onStop && testLive ? onStop : undefined} onSave={messages.length > 0 ? () => setSaving(true) : undefined} />
      <RunState run={run} fileId={fileId} onStartTest={onStartTest} />
      {hint && <HintNotice hint={hint} onDismiss={() => setHintHidden(hint)} />}
      {chat === 'group' && <GroupMembers members={conversation.members} onAdd={conversation.addMember} onRemove={conversation.removeMember} />}
      <ConversationLog conversation={conversation} chat={chat} botName={botName} send={send} />
      <Composer
        onSend={sendText}
        placeholder={keyboard.shown ? keyboard.keyboard?.placeholder : undefined}
        members={chat === 'group' ? conversation.members : undefined}
        keyboard={keyboard.toggle}
      />
      {keyboard.keyboard && keyboard.shown && <ReplyKeyboard keyboard={keyboard.keyboard} onPress={keyboard.press} />}
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
