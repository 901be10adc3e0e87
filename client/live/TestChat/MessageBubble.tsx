// One message of the test chat, drawn like Telegram's: yours on the right, the bot's (and, in the
// group, other members') on the left with the author's name; photo with caption, document, the
// time with an 'edited' mark, and the inline keyboard under it. Join/leave notices are centred.
import { memo, useState } from 'react';
import { ActionIcon, Loader, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { TestChatMessage } from '../../../shared/test-chat.schema';
import { errorMessage } from '../../lib/http-error';
import { notifyError } from '../../lib/notify';
import { downloadDocument } from './test-chat';
import { inlineKeyboardOf, messageTime, nameColor } from './chat-log';
import { FormattedText } from './FormattedText';
import { InlineKeyboard } from './Keyboards';
import { safeHref } from './telegram-format';
import classes from './TestChat.module.css';

/** Only images carried in the message itself: nothing is fetched from elsewhere. */
function photoSource(url: string | undefined): string | null {
  return url && /^data:image\/(png|jpe?g|gif|webp|bmp);/i.test(url) ? url : null;
}

function fullDate(date: number): string {
  return new Date(date * 1000).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function Meta({ message }: { message: TestChatMessage }) {
  return (
    <>
      {message.edited && <span className={classes.edited}>edited</span>}
      <time dateTime={new Date(message.date * 1000).toISOString()} title={fullDate(message.date)}>
        {messageTime(message.date)}
      </time>
    </>
  );
}

function DocumentRow({ name, url }: { name: string; url?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!url) return;
    setBusy(true);
    try {
      await downloadDocument(url, name);
    } catch (err) {
      notifyError('Download failed', errorMessage(err, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={classes.document}>
      <span className={classes.documentIcon} aria-hidden>
        <IconFileText size={20} stroke={1.6} />
      </span>
      <Text size="sm" fw={600} className={classes.documentName} title={name}>
        {name}
      </Text>
      {url && (
        <Tooltip label="Download" openDelay={300}>
          <ActionIcon variant="subtle" size="md" aria-label={`Download ${name}`} onClick={() => void download()} disabled={busy}>
            {busy ? <Loader size={14} /> : <IconDownload size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}

interface MessageBubbleProps {
  message: TestChatMessage;
  own: boolean;
  /** In the group: the author's name above a bubble that is not yours. */
  showAuthor: boolean;
  botName: string;
  onCommand?: (command: string) => void;
  onCallback: (messageId: number, data: string) => Promise<void>;
}

export const MessageBubble = memo(function MessageBubble({ message, own, showAuthor, botName, onCommand, onCallback }: MessageBubbleProps) {
  const [pending, setPending] = useState<string | null>(null);

  if (message.event) {
    const name = message.author?.firstName ?? 'Someone';
    return (
      <div className={classes.service} data-testid="test-chat-service">
        <span>{message.text || `${name} ${message.event === 'join' ? 'joined the group' : 'left the group'}`}</span>
      </div>
    );
  }

  const author = message.from === 'bot' ? (message.author?.firstName ?? botName) : (message.author?.firstName ?? 'You');
  const photo = photoSource(message.photoUrl);
  const buttons = message.from === 'bot' ? inlineKeyboardOf(message.replyMarkup, safeHref) : [];
  const tap = async (key: string, data: string) => {
    setPending(key);
    try {
      await onCallback(message.id, data);
    } finally {
      setPending(null);
    }
  };
  const hasText = message.text.length > 0;

  return (
    <div className={classes.row} data-own={own || undefined} data-from={message.from} data-testid="test-chat-message">
      <div className={classes.bubbleColumn}>
        <div className={classes.bubble} data-media={photo && !hasText ? true : undefined}>
          <VisuallyHidden>{own ? 'You:' : `${author}:`}</VisuallyHidden>
          {showAuthor && (
            <div className={classes.author} style={{ color: nameColor(author) }} aria-hidden>
              {author}
            </div>
          )}
          {photo ? (
            <img className={classes.photo} src={photo} alt={hasText ? 'Photo' : 'Photo without caption'} />
          ) : message.photoUrl !== undefined ? (
            <div className={classes.photoMissing}>Photo</div>
          ) : null}
          {message.documentName && <DocumentRow name={message.documentName} url={message.documentUrl} />}
          <div className={classes.text}>
            {hasText && (
              // The emulator stores a bot's text as Telegram does: parse_mode already applied and the
              // formatting in entities; `parseMode` only says how it was written.
              <FormattedText text={message.text} entities={message.entities ?? []} onCommand={onCommand} />
            )}
            {/* Reserves room on the last line for the time, which sits in the corner. */}
            <span className={classes.metaSpace} aria-hidden>
              <Meta message={message} />
            </span>
          </div>
          <span className={classes.meta}>
            <Meta message={message} />
          </span>
        </div>
        {buttons.length > 0 && <InlineKeyboard rows={buttons} pending={pending} onCallback={(key, data) => void tap(key, data)} />}
      </div>
    </div>
  );
});
