// The outcome of replaying saved chats: one row per chat, passed or failed, and for a failed one
// the bot's replies as saved against the replies given now, line by line.
import { useMemo } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import type { TestChatResult } from '../../../shared/test-chat.schema';
import { diffReplies, type DiffRow } from './reply-diff';
import classes from './TestChat.module.css';

function Marked({ row }: { row: DiffRow }) {
  if (!row.changed || row.changed[0] === row.changed[1]) return <>{row.text || ' '}</>;
  const [from, to] = row.changed;
  return (
    <>
      {row.text.slice(0, from)}
      <mark className={classes.diffMark}>{row.text.slice(from, to)}</mark>
      {row.text.slice(to)}
    </>
  );
}

const SIGN: Record<DiffRow['kind'], string> = { same: ' ', expected: '−', actual: '+' };
const SPOKEN: Record<DiffRow['kind'], string> = { same: 'Same', expected: 'Expected', actual: 'Now' };

export function ReplyDiff({ expected, actual }: { expected: string[]; actual: string[] }) {
  const rows = useMemo(() => diffReplies(expected, actual), [expected, actual]);
  if (rows.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        The bot gave no replies, as saved.
      </Text>
    );
  }
  return (
    <div className={classes.diff} role="table" aria-label="Replies: saved (−) and now (+)">
      {rows.map((row, i) => (
        <div key={i} className={classes.diffRow} data-kind={row.kind} role="row">
          <span className={classes.diffReply} role="cell" title="Reply number (saved / now)">
            {row.expectedReply ?? ''}
          </span>
          <span className={classes.diffReply} role="cell">
            {row.actualReply ?? ''}
          </span>
          <span className={classes.diffSign} role="cell" aria-label={SPOKEN[row.kind]}>
            {SIGN[row.kind]}
          </span>
          <span className={classes.diffText} role="cell">
            <Marked row={row} />
          </span>
        </div>
      ))}
    </div>
  );
}

export function TestResults({ results }: { results: TestChatResult[] }) {
  const failed = results.filter((r) => !r.passed).length;
  return (
    <div className={classes.results} data-testid="test-chat-results">
      <Group gap="xs" mb={6}>
        <Badge color={failed ? 'red' : 'green'} variant="light" tt="none">
          {failed ? `${failed} of ${results.length} failed` : results.length === 1 ? 'Passed' : `All ${results.length} passed`}
        </Badge>
      </Group>
      <ul className={classes.plainList} aria-label="Saved chat results">
        {results.map((result) => (
          <li key={result.name} className={classes.result} data-passed={result.passed || undefined}>
            <Group gap={6} wrap="nowrap">
              {result.passed ? (
                <IconCircleCheckFilled size={18} className={classes.passIcon} aria-hidden />
              ) : (
                <IconCircleXFilled size={18} className={classes.failIcon} aria-hidden />
              )}
              <Text size="sm" fw={600} truncate="end" title={result.name}>
                {result.name}
              </Text>
              <Text size="xs" c={result.passed ? 'green.8' : 'red.8'} className={classes.noShrink}>
                {result.passed ? 'passed' : 'failed'}
              </Text>
            </Group>
            {!result.passed && (
              <div className={classes.resultBody}>
                <Text size="xs" c="dimmed" mb={4}>
                  <span className={classes.legendExpected}>− as saved</span> <span className={classes.legendActual}>+ now</span>
                </Text>
                <ReplyDiff expected={result.expected} actual={result.actual} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
