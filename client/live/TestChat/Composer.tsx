// The message box of the test chat: Enter sends, Shift+Enter adds a line; in the group a "Send as"
// picker (you or a simulated member); a button to show or hide the bot's reply keyboard.
import '../../mantine-styles-pages';
import { useState, type Ref } from 'react';
import { ActionIcon, Select, Textarea, Tooltip } from '@mantine/core';
import { IconKeyboard, IconKeyboardHide, IconSend2 } from '@tabler/icons-react';
import type { TestChatMember } from '../../../shared/test-chat.schema';
import { memberKey } from './chat-log';
import classes from './TestChat.module.css';

const YOU = '__you__';

interface ComposerProps {
  ref?: Ref<HTMLTextAreaElement>;
  /** Resolves false when the message did not go: the text comes back for another try. */
  onSend: (text: string, as?: TestChatMember) => Promise<boolean>;
  placeholder?: string;
  /** The group's members: offered in "Send as". */
  members?: TestChatMember[];
  keyboard?: { shown: boolean; onToggle: () => void };
}

export function Composer({ ref, onSend, placeholder, members, keyboard }: ComposerProps) {
  const [value, setValue] = useState('');
  const [composing, setComposing] = useState(false);
  const [asKey, setAsKey] = useState(YOU);
  const as = members?.find((m) => memberKey(m) === asKey);
  const canSend = value.trim().length > 0;

  const send = async () => {
    const text = value;
    if (!text.trim()) return;
    setValue('');
    const sent = await onSend(text, as);
    if (!sent) setValue((current) => current || text);
  };

  return (
    <div className={classes.composer}>
      {members && (
        <Select
          aria-label="Send as"
          size="xs"
          w={118}
          className={classes.sendAs}
          allowDeselect={false}
          value={as ? asKey : YOU}
          onChange={(v) => setAsKey(v ?? YOU)}
          data={[{ value: YOU, label: 'You' }, ...members.map((m) => ({ value: memberKey(m), label: m.firstName }))]}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Textarea
        ref={ref}
        className={classes.composerInput}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          // An IME composition's Enter picks a candidate; it must not send.
          if (e.key === 'Enter' && !e.shiftKey && !composing && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={() => setComposing(false)}
        placeholder={placeholder ?? (as ? `Message as ${as.firstName}` : 'Message')}
        aria-label={as ? `Message as ${as.firstName}` : 'Message to the bot'}
        autosize
        minRows={1}
        maxRows={5}
        variant="unstyled"
        classNames={{ input: classes.composerTextarea }}
      />
      {keyboard && (
        <Tooltip label={keyboard.shown ? 'Hide the bot keyboard' : 'Show the bot keyboard'} openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={34}
            radius="xl"
            aria-label={keyboard.shown ? 'Hide the bot keyboard' : 'Show the bot keyboard'}
            aria-pressed={keyboard.shown}
            onClick={keyboard.onToggle}
          >
            {keyboard.shown ? <IconKeyboardHide size={19} /> : <IconKeyboard size={19} />}
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Send (Enter)" openDelay={400}>
        <ActionIcon size={34} radius="xl" aria-label="Send message" onClick={() => void send()} disabled={!canSend}>
          <IconSend2 size={17} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
