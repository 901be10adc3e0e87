// Telegram's two keyboards: the inline one under a bot message (callback buttons post the tap,
// link buttons open a new tab) and the reply keyboard under the composer (a tap sends its text).
import { Loader, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { InlineButton, ReplyKeyboard as ReplyKeyboardData } from './chat-log';
import classes from './TestChat.module.css';

interface InlineKeyboardProps {
  rows: InlineButton[][];
  /** "row:column" of the button whose tap is on its way. */
  pending: string | null;
  onCallback: (key: string, data: string) => void;
}

export function InlineKeyboard({ rows, pending, onCallback }: InlineKeyboardProps) {
  return (
    <div className={classes.inlineKeyboard} role="group" aria-label="Message buttons">
      {rows.map((row, r) => (
        <div key={r} className={classes.keyboardRow}>
          {row.map((button, c) => {
            const key = `${r}:${c}`;
            const { action } = button;
            if (action.kind === 'url') {
              return (
                <a
                  key={key}
                  className={classes.inlineButton}
                  href={action.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={action.href}
                >
                  <span className={classes.buttonText}>{button.text}</span>
                  <IconExternalLink size={12} className={classes.buttonCorner} aria-hidden />
                </a>
              );
            }
            const unsupported = action.kind === 'unsupported';
            return (
              <UnstyledButton
                key={key}
                className={classes.inlineButton}
                disabled={unsupported || pending !== null}
                data-pending={pending === key || undefined}
                title={unsupported ? 'This kind of button is not available in the test chat' : undefined}
                onClick={() => action.kind === 'callback' && onCallback(key, action.data)}
              >
                <span className={classes.buttonText}>{button.text}</span>
                {pending === key && <Loader size={10} className={classes.buttonCorner} aria-label="Sending" />}
              </UnstyledButton>
            );
          })}
        </div>
      ))}
    </div>
  );
}

export function ReplyKeyboard({ keyboard, onPress }: { keyboard: ReplyKeyboardData; onPress: (text: string) => void }) {
  return (
    <div className={classes.replyKeyboard} role="group" aria-label="Bot keyboard">
      {keyboard.rows.map((row, r) => (
        <div key={r} className={classes.keyboardRow}>
          {row.map((text, c) => (
            <UnstyledButton key={`${r}:${c}`} className={classes.replyButton} onClick={() => onPress(text)}>
              {text}
            </UnstyledButton>
          ))}
        </div>
      ))}
    </div>
  );
}
