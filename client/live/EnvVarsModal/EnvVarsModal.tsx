// The 'Environment Variables' dialog: one password field per variable the
// file reads, optional ones marked '(Optional)'. Values are saved on the server for the file's
// project and never come back; a saved one says so, can be kept (leave blank), replaced or cleared.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Code, Divider, EmptyState, Group, Modal, PasswordInput, ScrollArea, Stack, Text } from '@mantine/core';
import { IconKey, IconLock, IconVariableOff } from '@tabler/icons-react';
import type { DetectedEnvVar } from '../../../shared/runner.schema';
import { TEST_MODE_VARIABLES } from '../../../shared/env-names';

export interface EnvVarsSave {
  /** Non-empty values typed in the dialog. */
  set: Record<string, string>;
  /** Saved values the person chose to remove. */
  clear: string[];
}

interface EnvVarsModalProps {
  opened: boolean;
  onClose: () => void;
  filename: string;
  detected: DetectedEnvVar[];
  /** Keys with a value stored on the server. */
  savedKeys: string[];
  onSave: (changes: EnvVarsSave) => Promise<boolean>;
}

function VariableField({
  variable,
  saved,
  value,
  cleared,
  onChange,
  onToggleClear,
}: {
  variable: DetectedEnvVar;
  saved: boolean;
  value: string;
  cleared: boolean;
  onChange: (value: string) => void;
  onToggleClear: () => void;
}) {
  const label = variable.required ? variable.label : `${variable.label} (Optional)`;
  const placeholder = cleared ? 'Will be cleared when you save' : saved ? 'Saved — leave blank to keep' : variable.placeholder;
  return (
    <Stack gap={4}>
      <PasswordInput
        label={label}
        withAsterisk={variable.required}
        description={
          <>
            <Code>{variable.key}</Code>
            {variable.description ? ` ${variable.description}` : ''}
          </>
        }
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={cleared}
        autoComplete="off"
        spellCheck={false}
        data-env-key={variable.key}
      />
      {saved && (
        <Group gap={6}>
          <Badge size="xs" variant="light" color={cleared ? 'red' : 'teal'} tt="none" leftSection={<IconLock size={10} />}>
            {cleared ? 'Saved value will be removed' : 'A value is saved'}
          </Badge>
          <Button size="compact-xs" variant="subtle" color={cleared ? 'gray' : 'red'} onClick={onToggleClear} aria-label={`${cleared ? 'Keep' : 'Clear'} ${variable.key}`}>
            {cleared ? 'Keep it' : 'Clear'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The fields to show: what the file reads, what the bot cannot start without first (what the test
 * chat sets itself is not asked), and the values saved earlier that the file no longer reads, which
 * can still be seen and cleared.
 */
function variablesToAsk(read: DetectedEnvVar[], savedKeys: string[]): { detected: DetectedEnvVar[]; others: DetectedEnvVar[] } {
  const asked = read.filter((v) => !TEST_MODE_VARIABLES.has(v.key));
  const detected = [...asked.filter((v) => v.required), ...asked.filter((v) => !v.required)];
  const detectedKeys = new Set(detected.map((v) => v.key));
  const others = savedKeys
    .filter((k) => !detectedKeys.has(k))
    .map((key) => ({ key, label: key, required: false, placeholder: '', description: 'Saved for this project; not read by this file.' }));
  return { detected, others };
}

const TITLE = (
  <Group gap={8} wrap="nowrap">
    <IconKey size={18} />
    <Text fw={700}>Environment Variables</Text>
  </Group>
);

export function EnvVarsModal({ opened, onClose, filename, detected: read, savedKeys, onSave }: EnvVarsModalProps) {
  const { detected, others } = variablesToAsk(read, savedKeys);
  const [values, setValues] = useState<Record<string, string>>({});
  const [cleared, setCleared] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const saved = new Set(savedKeys);

  const field = (v: DetectedEnvVar) => (
    <VariableField
      key={v.key}
      variable={v}
      saved={saved.has(v.key)}
      value={values[v.key] ?? ''}
      cleared={cleared.includes(v.key)}
      onChange={(value) => setValues((all) => ({ ...all, [v.key]: value }))}
      onToggleClear={() => {
        setCleared((keys) => (keys.includes(v.key) ? keys.filter((k) => k !== v.key) : [...keys, v.key]));
        setValues((all) => ({ ...all, [v.key]: '' }));
      }}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const set = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' && !cleared.includes(k)));
    setSaving(true);
    const ok = await onSave({ set, clear: cleared });
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TITLE}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tokens and settings <Code>{filename}</Code> reads from its environment. They are stored encrypted for this project, passed
            to the bot only when it runs, and hidden in its logs.
          </Text>
          {detected.length === 0 && others.length === 0 ? (
            <EmptyState
              size="sm"
              withIndicatorBackground
              icon={<IconVariableOff size={20} stroke={1.5} />}
              title="No environment variables detected"
              description="This file does not read any environment variables, so there is nothing to set."
              py="md"
            />
          ) : (
            <Stack gap="md">{detected.map(field)}</Stack>
          )}
          {others.length > 0 && (
            <>
              <Divider label="Other saved variables" labelPosition="left" />
              <Stack gap="md">{others.map(field)}</Stack>
            </>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
