// "+ rule": a new rule from a command, a keyword, someone joining or a schedule, with what the bot
// replies (or posts, on a schedule). Left empty, the text is a blank the card then asks for.
import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { NewRule, NewRuleKind } from './plan-edits';
import { WeekdayPicker } from './WeekdayPicker';
import classes from './PlanCard.module.css';

const KINDS: Array<{ value: NewRuleKind; label: string }> = [
  { value: 'command', label: 'Someone sends a command' },
  { value: 'keyword', label: 'A message mentions some words' },
  { value: 'join', label: 'Someone joins' },
  { value: 'schedule', label: 'At set times' },
];

const DETAIL: Record<NewRuleKind, { label: string; placeholder: string } | null> = {
  command: { label: 'Command', placeholder: 'menu' },
  keyword: { label: 'Words (separated by commas)', placeholder: 'wifi, password' },
  join: null,
  schedule: { label: 'At these times', placeholder: '09:00, 18:30' },
};

interface AddRuleFormProps {
  prefix: string;
  pending: boolean;
  onAdd: (rule: NewRule) => void;
  onCancel: () => void;
}

export function AddRuleForm({ prefix, pending, onAdd, onCancel }: AddRuleFormProps) {
  const [rule, setRule] = useState<NewRule>({ kind: 'command', detail: '', weekdays: [], text: '' });
  const detail = DETAIL[rule.kind];
  const ready = detail === null || rule.detail.trim() !== '';
  return (
    <Stack
      gap="xs"
      className={classes.editForm}
      component="form"
      aria-label="New rule"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onAdd(rule);
      }}
    >
      <NativeSelect
        size="xs"
        label="When"
        data={KINDS}
        value={rule.kind}
        onChange={(e) => setRule({ ...rule, kind: e.currentTarget.value as NewRuleKind, detail: '' })}
      />
      {detail && (
        <TextInput
          size="xs"
          label={detail.label}
          placeholder={detail.placeholder}
          leftSection={rule.kind === 'command' ? prefix : undefined}
          value={rule.detail}
          onChange={(e) => setRule({ ...rule, detail: e.currentTarget.value })}
        />
      )}
      {rule.kind === 'schedule' && <WeekdayPicker value={rule.weekdays} onChange={(weekdays) => setRule({ ...rule, weekdays })} />}
      <Textarea
        size="xs"
        label={rule.kind === 'schedule' ? 'What the bot posts to the channel' : 'What the bot replies'}
        placeholder="Empty: the card asks for it"
        autosize
        minRows={1}
        maxRows={6}
        value={rule.text}
        onChange={(e) => setRule({ ...rule, text: e.currentTarget.value })}
      />
      <Group gap="xs">
        <Button size="xs" type="submit" loading={pending} disabled={!ready}>
          Add rule
        </Button>
        <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
