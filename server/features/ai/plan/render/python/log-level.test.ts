// A rendered Python bot's logging set-up, run by python3: a LOG_LEVEL that is no level (a typo) is
// read as INFO instead of stopping the bot with "Unknown level"; DEBUG is taken as given.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { newPlan } from '../plans.fixture';
import { renderPython } from './index';

/** The file's logging block, run on its own (the rest needs the platform's library). */
function levelWith(value: string): { status: number | null; out: string } {
  const code = renderPython(newPlan([{ when: { kind: 'command', name: 'menu' }, do: [{ kind: 'reply', text: 'Tea' }] }], { language: 'python' }), { filename: 'bot.py' }).code;
  const start = code.indexOf('# LOG_LEVEL:');
  const end = code.indexOf('logger = logging.getLogger');
  expect(start).toBeGreaterThan(0);
  const block = `import logging, os\n${code.slice(start, end)}print(logging.getLevelName(logging.getLogger().level))\n`;
  const run = spawnSync('python3', ['-c', block], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: value }, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}`.trim() };
}

describe('LOG_LEVEL of a rendered Python bot', () => {
  it('a value that is no level is INFO; a real one is taken, in any case', () => {
    expect(levelWith('banana')).toEqual({ status: 0, out: 'INFO' });
    expect(levelWith(' debug ')).toEqual({ status: 0, out: 'DEBUG' });
    expect(levelWith('')).toEqual({ status: 0, out: 'INFO' });
  });
});
