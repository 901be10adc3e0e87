// The message box: multiline, 48px growing to 128px, Enter sends,
// Shift+Enter adds a line; Upload Image, Upload Code and Send below it.
import { useState, type Ref } from 'react';
import { ActionIcon, Button, FileButton, Group, Paper, Textarea } from '@mantine/core';
import { IconCode, IconPhoto, IconSend2 } from '@tabler/icons-react';
import { IMPORT_ACCEPT } from '../../../lib/import-files';
import { notifyInfo } from '../../../lib/notify';
import { Tooltip } from '../../../components/LazyTooltip';
import classes from './ChatPanel.module.css';

interface ChatInputProps {
  ref?: Ref<HTMLTextAreaElement>;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onUploadCode: (files: File[]) => void;
  waiting: boolean;
  uploading: boolean;
}

export function ChatInput({ ref, value, onChange, onSend, onUploadCode, waiting, uploading }: ChatInputProps) {
  const [composing, setComposing] = useState(false);
  const canSend = value.trim().length > 0 && !waiting;

  return (
    <Paper withBorder radius="lg" p={6} className={classes.inputBox}>
      <Textarea
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          // An IME composition's Enter picks a candidate; it must not send.
          if (e.key === 'Enter' && !e.shiftKey && !composing && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (canSend) onSend();
          }
        }}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={() => setComposing(false)}
        placeholder="Ask me to create a bot, or upload your existing code..."
        aria-label="Message"
        autosize
        minRows={1}
        maxRows={12}
        disabled={waiting}
        variant="unstyled"
        classNames={{ input: classes.textarea }}
      />
      <Group justify="space-between" gap="xs" px={4} pt={2} wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <FileButton onChange={(file) => file && notifyInfo('Image upload coming soon')} accept="image/*">
            {(props) => (
              <Button
                {...props}
                variant="subtle"
                color="gray"
                size="compact-sm"
                className={classes.squeezable}
                leftSection={<IconPhoto size={16} />}
              >
                <span className={classes.squeezableLabel}>Upload Image</span>
              </Button>
            )}
          </FileButton>
          <FileButton onChange={onUploadCode} accept={IMPORT_ACCEPT} multiple>
            {(props) => (
              <Button
                {...props}
                variant="subtle"
                color="gray"
                size="compact-sm"
                className={classes.squeezable}
                loading={uploading}
                leftSection={<IconCode size={16} />}
              >
                <span className={classes.squeezableLabel}>Upload Code</span>
              </Button>
            )}
          </FileButton>
        </Group>
        <Tooltip label="Send (Enter)" openDelay={400}>
          <ActionIcon size={36} radius="xl" aria-label="Send message" onClick={onSend} disabled={!canSend} loading={waiting}>
            <IconSend2 size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
