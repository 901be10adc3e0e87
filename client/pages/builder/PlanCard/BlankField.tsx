// One blank of the plan (a text the person has not given yet): its question and a Fill button.
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import type { PlanBlank } from '../../../../shared/bot-plan-words';
import classes from './PlanCard.module.css';

interface BlankFieldProps {
  blank: PlanBlank;
  onFill: (text: string) => Promise<boolean>;
  pending: boolean;
  disabled: boolean;
}

export function BlankField({ blank, onFill, pending, disabled }: BlankFieldProps) {
  const [text, setText] = useState('');
  // The words stay in the field until the person saves the change (the blank then goes).
  const fill = () => {
    if (text.trim() && !disabled) void onFill(text.trim());
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.blank} data-blank={blank.path.join('.')}>
      <TextInput
        className={classes.blankField}
        size="xs"
        label={blank.label}
        placeholder="Type the words here"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') fill();
        }}
        disabled={disabled}
      />
      <Button size="xs" color="yellow" variant="filled" c="dark" onClick={fill} loading={pending} disabled={disabled || !text.trim()}>
        Fill
      </Button>
    </Group>
  );
}
