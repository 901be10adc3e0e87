// A rule edited in place: the parts of its trigger a person names (a command, a keyword's words, a
// schedule's times and days) and each text it says, a list as one item per line.
import { useState } from 'react';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { Rule } from '../../../../shared/bot-plan.schema';
import { textFieldsOf, triggerDraftOf, type TriggerDraft } from './plan-edits';
import { WeekdayPicker } from './WeekdayPicker';
import classes from './PlanCard.module.css';

interface RuleEditorProps {
  rule: Rule;
  prefix: string;
  pending: boolean;
  onSave: (trigger: TriggerDraft, texts: string[]) => void;
  onCancel: () => void;
}

export function RuleEditor({ rule, prefix, pending, onSave, onCancel }: RuleEditorProps) {
  const fields = textFieldsOf(rule);
  const [trigger, setTrigger] = useState<TriggerDraft>(() => triggerDraftOf(rule.when));
  const [texts, setTexts] = useState(() => fields.map((f) => f.value));

  return (
    <Stack gap="xs" className={classes.editForm} component="form" onSubmit={(e) => {
        e.preventDefault();
        onSave(trigger, texts);
      }}>
      {trigger.kind === 'command' && (
        <TextInput
          size="xs"
          label="Command"
          leftSection={prefix}
          value={trigger.name}
          onChange={(e) => setTrigger({ kind: 'command', name: e.currentTarget.value })}
        />
      )}
      {trigger.kind === 'keyword' && (
        <TextInput
          size="xs"
          label="Words that start it (separated by commas)"
          value={trigger.words}
          onChange={(e) => setTrigger({ kind: 'keyword', words: e.currentTarget.value })}
        />
      )}
      {trigger.kind === 'schedule' && (
        <>
          <TextInput
            size="xs"
            label="At these times (like 09:00, 18:30)"
            value={trigger.times}
            onChange={(e) => setTrigger({ ...trigger, times: e.currentTarget.value })}
          />
          <WeekdayPicker value={trigger.weekdays} onChange={(weekdays) => setTrigger({ ...trigger, weekdays })} />
        </>
      )}
      {fields.map((field, i) =>
        field.list ? (
          <Textarea
            key={`${field.action}-${field.key}`}
            size="xs"
            label={field.label}
            autosize
            minRows={2}
            maxRows={8}
            value={texts[i]}
            onChange={(e) => setTexts(texts.map((t, j) => (j === i ? e.currentTarget.value : t)))}
          />
        ) : (
          <Textarea
            key={`${field.action}-${field.key}`}
            size="xs"
            label={field.label}
            autosize
            minRows={1}
            maxRows={6}
            placeholder="Empty: the card asks for it again"
            value={texts[i]}
            onChange={(e) => setTexts(texts.map((t, j) => (j === i ? e.currentTarget.value : t)))}
          />
        ),
      )}
      <Group gap="xs">
        <Button size="xs" type="submit" loading={pending}>
          Save rule
        </Button>
        <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
