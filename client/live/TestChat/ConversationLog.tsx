// The test chat's conversation: day chips, the bubbles, the bot typing, and the newest message kept
// in view unless the reader scrolled up (then 'Latest' brings it back). Empty, it says how to begin.
import { Fragment } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import type { TestChatKind } from '../../../shared/test-chat.schema';
import { useFollowNewest } from '../../lib/use-follow-newest';
import { JumpToNewest } from '../../components/JumpToNewest';
import { dayLabel, isOwnMessage, messageDay } from './chat-log';
import { MessageBubble } from './MessageBubble';
import type { useTestChat } from './use-test-chat';
import classes from './TestChat.module.css';

type Conversation = ReturnType<typeof useTestChat>;

interface ConversationLogProps {
  conversation: Conversation;
  chat: TestChatKind;
  botName: string;
  send: (text: string) => void;
}

function EmptyConversation({ loaded, chat, send }: { loaded: boolean; chat: TestChatKind; send: (text: string) => void }) {
  if (!loaded) return <Loader size="sm" aria-label="Loading the conversation" />;
  return (
    <>
      <IconBrandTelegram size={34} stroke={1.3} className={classes.emptyIcon} />
      <Text size="sm" fw={600}>
        {chat === 'group' ? 'The test group is quiet' : 'No messages yet'}
      </Text>
      <Text size="xs" c="dimmed" maw={260}>
        {chat === 'group' ? 'Write to the group, or post as one of its members, and see how the bot reacts.' : 'Say hello the way a new user would: send /start.'}
      </Text>
      {chat === 'private' && (
        <Button size="xs" variant="light" mt={4} onClick={() => send('/start')}>
          Send /start
        </Button>
      )}
    </>
  );
}

function Messages({ conversation, chat, botName, send }: ConversationLogProps) {
  const { messages } = conversation;
  const now = Date.now();
  return messages.map((message, index) => {
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
  });
}

function Typing({ botName }: { botName: string }) {
  return (
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
  );
}

export function ConversationLog(props: ConversationLogProps) {
  const { conversation, chat, botName, send } = props;
  const { messages } = conversation;
  const { scrollerRef, following, jumpToNewest } = useFollowNewest([messages, conversation.typing, chat]);
  return (
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
            <EmptyConversation loaded={conversation.loaded} chat={chat} send={send} />
          </div>
        ) : (
          <Messages {...props} />
        )}
        {conversation.typing && <Typing botName={botName} />}
      </div>
      {!following && messages.length > 0 && (
        <JumpToNewest className={classes.jump} onClick={jumpToNewest} />
      )}
    </div>
  );
}
