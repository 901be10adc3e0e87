// The plan as the reply wrote it, one rule a line: what the chat shows while the plan card loads, and
// in its place when the file or its plan is gone (or the reply is still streaming in).
import { Group, Paper, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { BLANK_WORDS } from '../../../shared/bot-plan-words';
import classes from './PlanLines.module.css';

/** The words with each blank ('[needs your words]') marked. */
export function WordsWithBlanks({ words }: { words: string }) {
  const parts = words.split(BLANK_WORDS);
  return parts.map((part, i) => (
    <span key={i}>
      {part}
      {i < parts.length - 1 && <mark className={classes.blankMark}>needs your words</mark>}
    </span>
  ));
}

export function PlanLines({ filename, lines, note }: { filename: string; lines: string[]; note?: string }) {
  return (
    <Paper className={classes.card} p="sm" radius="md" role="group" aria-label={filename ? `Plan of ${filename}` : 'Plan'}>
      <Group gap={6} mb={6} wrap="nowrap" className={classes.header}>
        <IconListCheck size={16} />
        <Text size="sm" fw={700}>
          Plan
        </Text>
        {filename && (
          <Text size="xs" ff="monospace" c="dimmed" truncate="end">
            {filename}
          </Text>
        )}
      </Group>
      <ul className={classes.lines}>
        {lines.map((line, i) => (
          <li key={i}>
            <WordsWithBlanks words={line} />
          </li>
        ))}
      </ul>
      {note && (
        <Text size="xs" c="dimmed" mt={6}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
