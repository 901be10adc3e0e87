// Settings the person wrote in the request (settings.values): the rendered file uses each when the
// environment has none, in both languages (the file's settings part is run by node and python3 here),
// and the settings list says they are optional, with the value.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderPlan } from './index';
import { newPlan } from './plans.fixture';

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const rules = [{ when: { kind: 'command' as const, name: 'order' }, do: [{ kind: 'forward' as const, to: 'owner' as const }, { kind: 'reply' as const, text: 'Sent.' }] }];
const values = { OWNER_CHAT_ID: '518834201' };

/** The lines of the file from `from` to the first line matching `to`, both included. */
function part(code: string, from: RegExp, to: RegExp): string {
  const lines = code.split('\n');
  const start = lines.findIndex((l) => from.test(l));
  const end = lines.findIndex((l, i) => i > start && to.test(l));
  return lines.slice(start, end + 1).join('\n');
}

describe('settings written in the request', () => {
  it('are used by a JavaScript bot when its environment has none, and listed as optional with the value', () => {
    const bot = renderPlan(newPlan(rules, { settings: { timeZone: 'UTC', prefix: '/', values } }), { filename: 'bot.js' });
    const settings = part(bot.code, /^const SETTINGS = /, /^for \(const \[name, value\] of Object\.entries\(SETTINGS\.values\)\)/);
    const env = { PATH: process.env.PATH ?? '' };
    expect(execFileSync(process.execPath, ['-e', `${settings}\nconsole.log(process.env.OWNER_CHAT_ID)`], { env }).toString().trim()).toBe('518834201');
    expect(execFileSync(process.execPath, ['-e', `${settings}\nconsole.log(process.env.OWNER_CHAT_ID)`], { env: { ...env, OWNER_CHAT_ID: '42' } }).toString().trim()).toBe('42');
    expect(bot.env.find((e) => e.name === 'OWNER_CHAT_ID')).toEqual(expect.objectContaining({ required: false, description: expect.stringContaining('default: 518834201') }));
  });

  it('are used by a Python bot when its environment has none', () => {
    const bot = renderPlan(newPlan(rules, { language: 'python', settings: { timeZone: 'UTC', prefix: '/', values } }), { filename: 'bot.py' });
    const settings = part(bot.code, /^SETTINGS = \{/, /os\.environ\.setdefault/);
    const env = { PATH: process.env.PATH ?? '' };
    expect(execFileSync(PYTHON, ['-c', `import os\n${settings}\nprint(os.environ["OWNER_CHAT_ID"])`], { env }).toString().trim()).toBe('518834201');
    expect(execFileSync(PYTHON, ['-c', `import os\n${settings}\nprint(os.environ["OWNER_CHAT_ID"])`], { env: { ...env, OWNER_CHAT_ID: '42' } }).toString().trim()).toBe('42');
  });

  it('leave the file as it was when there are none', () => {
    const bot = renderPlan(newPlan(rules), { filename: 'bot.js' });
    expect(bot.code).not.toContain('SETTINGS.values');
    expect(bot.env.find((e) => e.name === 'OWNER_CHAT_ID')?.required).toBe(true);
  });
});
