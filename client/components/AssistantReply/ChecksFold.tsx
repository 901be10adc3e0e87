// The plan checks the server ran in the test chat, under the reply's summary line: folded by default
// ("Show the 7 checks"), each check a line marked passed or failed with its exchange under it, and
// the rules that could not be tried there, with why.
import { Box, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './AssistantReply.module.css';

type Check = { mark: 'passed' | 'failed' | 'skipped'; title: string; exchange: string[] };

/** Lines of a ```bot-checks block as checks: '✓ title' / '✗ title' / '– Not checked: ...', exchange lines indented. */
export function checksOf(lines: string[]): Check[] {
  const checks: Check[] = [];
  for (const line of lines) {
    if (/^\s/.test(line) && checks.length > 0) checks.at(-1)!.exchange.push(line.trim());
    else if (line.startsWith('✓ ')) checks.push({ mark: 'passed', title: line.slice(2), exchange: [] });
    else if (line.startsWith('✗ ')) checks.push({ mark: 'failed', title: line.slice(2), exchange: [] });
    else checks.push({ mark: 'skipped', title: line.replace(/^–\s*/, ''), exchange: [] });
  }
  return checks;
}

export function ChecksFold({ lines }: { lines: string[] }) {
  const checks = checksOf(lines);
  const run = checks.filter((c) => c.mark !== 'skipped').length;
  const [open, setOpen] = useState(false);
  const label = run > 0 ? `the ${run === 1 ? 'check' : `${run} checks`} in the test chat` : `what was not checked`;
  return (
    <Box className={classes.checksFold}>
      <UnstyledButton className={classes.checksToggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        <Text size="xs" fw={600}>
          {open ? 'Hide' : 'Show'} {label}
        </Text>
      </UnstyledButton>
      {open && (
        <div className={classes.checksList}>
          {checks.map((check, i) => (
            <div key={i} className={classes.check} data-mark={check.mark}>
              <Text size="xs" fw={600}>
                {check.mark === 'passed' ? '✓ ' : check.mark === 'failed' ? '✗ ' : ''}
                {check.title}
              </Text>
              {check.exchange.map((line, j) => (
                <Text key={j} size="xs" ff="monospace" className={classes.checkLine} data-missing={line.startsWith('missing:') || undefined}>
                  {line}
                </Text>
              ))}
            </div>
          ))}
        </div>
      )}
    </Box>
  );
}
