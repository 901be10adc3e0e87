// The Python engine core beyond the shared cases (../engine-cases/engine-cases.test.ts runs every case
// through both cores): custom code regions, the data file written through a temporary file, a model
// that refuses the key. Real: python3, the rendered core, its data file, HTTP on loopback. Fake: the
// web services (../engine-cases/web-fakes.fixture.ts) and the adapter (engine.harness.ts).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineCase } from '../engine-cases/case-format';
import { checkSteps } from '../engine-cases/check-steps';
import { startWebFakes, type WebFakes } from '../engine-cases/web-fakes.fixture';
import { pythonPlanOf, runPythonCase } from './engine.harness';
import { renderPython } from './index';

const dir = mkdtempSync(join(tmpdir(), 'python-engine-'));
let web: WebFakes;

beforeAll(async () => {
  web = await startWebFakes();
});

afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

const runCase = (c: EngineCase, options: Parameters<typeof runPythonCase>[3] = {}) => runPythonCase(c, dir, web, options);
const planOf = pythonPlanOf;

describe('the Python engine core, beyond the cases', () => {
  const thanks: EngineCase = {
    name: 'custom code',
    plan: { rules: [{ id: 'thanks', when: { kind: 'command', name: 'thanks' }, do: [{ kind: 'custom', name: 'say-thanks', description: 'Thank them' }, { kind: 'reply', text: 'Done.' }] }] },
    steps: [{ event: { type: 'message', text: '/thanks a lot' }, expect: [] }],
  };

  it('runs a custom region that is not written yet as a function that only logs so', async () => {
    const { result } = await runCase(thanks);
    expect(result.steps[0]!.calls).toEqual([{ call: 'send', chat: 'c1', text: 'Done.' }]);
    expect(result.steps[0]!.logs).toContain('custom code say-thanks is not written yet');
  });

  it('calls the custom code kept in its region with the event, the values and say()', async () => {
    const custom = { 'say-thanks': 'async def custom_say_thanks(event, vars, say):\n    await say("Thanks " + vars["name"] + " for " + vars["args"] + " in " + event["chat"])' };
    const { result } = await runCase(thanks, { custom });
    expect(result.steps[0]!.calls).toEqual([
      { call: 'send', chat: 'c1', text: 'Thanks Ann for a lot in c1' },
      { call: 'send', chat: 'c1', text: 'Done.' },
    ]);
    const code = renderPython(planOf(thanks), { filename: 'bot.py', custom }).code;
    expect(code).toContain(`# ---- custom code: say-thanks (kept when the plan is rendered again) ----\n${custom['say-thanks']}\n# ---- end of custom code: say-thanks ----`);
  });

  it('writes the data file through a temporary file: when that cannot be written, the old file stays whole', async () => {
    const list: EngineCase = {
      name: 'list',
      plan: { rules: [{ id: 'add', when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'todo', op: 'add', text: 'Added {item}.' }] }] },
      steps: [{ event: { type: 'message', text: '/add tea' }, expect: [{ call: 'send', chat: 'c1', text: 'Added tea.' }] }],
    };
    const before = JSON.stringify({ lists: { c1: { todo: ['milk'] } } });
    const { result, botDir } = await runCase(list, {
      prepare: (botDir) => {
        writeFileSync(join(botDir, 'bot_data.json'), before);
        mkdirSync(join(botDir, 'bot_data.json.tmp')); // the temporary file cannot be written
      },
    });
    expect(result.steps[0]!.calls).toEqual([{ call: 'send', chat: 'c1', text: 'Added tea.' }]);
    expect(result.steps[0]!.logs.some((l) => l.startsWith('Could not save'))).toBe(true);
    expect(readFileSync(join(botDir, 'bot_data.json'), 'utf8')).toBe(before);
    // Without the obstacle the same step lands in the file, read back by a new engine.
    const { result: again, botDir: second } = await runCase({ ...list, steps: [...list.steps, { restart: true }, { event: { type: 'message', text: '/add milk' }, expect: [{ call: 'send', chat: 'c1', text: 'Added milk.' }] }] });
    expect(again.data).toEqual({ lists: { c1: { todo: ['tea', 'milk'] } } });
    expect(existsSync(join(second, 'bot_data.json.tmp'))).toBe(false);
  });

  it('says sorry and logs when the model cannot be asked (no OPENAI_API_KEY answer)', async () => {
    const c: EngineCase = {
      name: 'ai',
      plan: { rules: [{ id: 'ai', when: { kind: 'command', name: 'ai' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'Be brief.' } }] }] },
      steps: [{ event: { type: 'message', text: '/ai hi' }, expect: [{ call: 'send', chat: 'c1', text: 'Sorry, I could not get that right now.' }], logs: ['could not get the ai'] }],
    };
    const { result, stderr } = await runCase(c, { env: { OPENAI_API_KEY: 'wrong-key' } });
    checkSteps(c, result.steps, 'Python', stderr);
  });
});
