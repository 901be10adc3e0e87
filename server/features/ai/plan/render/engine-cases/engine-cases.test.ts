// Every engine case through BOTH cores: the rendered JavaScript file loaded in this process with its
// recording harness (../javascript/engine.harness.ts), and the rendered Python core run by python3
// (../python/engine.harness.ts); each must make the adapter calls the case expects, so the two agree.
// Real: the rendered code, node and python3, the data files, HTTP on loopback. Fake: the platform
// (recording adapters), the clock, the web services (web-fakes.fixture.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BotPlanSchema } from '../../../../../../shared/bot-plan.schema';
import { BotHarness, type Call } from '../javascript/engine.harness';
import { runPythonCase } from '../python/engine.harness';
import type { EngineCase } from './case-format';
import { ENGINE_CASES } from './cases';
import { checkSteps, type StepSeen } from './check-steps';
import { pointAtFakes, startWebFakes, type WebFakes } from './web-fakes.fixture';

const dir = mkdtempSync(join(tmpdir(), 'engine-cases-'));
let web: WebFakes;
const savedEnv = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };

beforeAll(async () => {
  web = await startWebFakes();
  process.env.OPENAI_API_KEY = 'test-key';
  process.env.OPENAI_BASE_URL = `${web.base}/v1`;
});

afterAll(async () => {
  for (const [name, value] of [['OPENAI_API_KEY', savedEnv.key], ['OPENAI_BASE_URL', savedEnv.base]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

/** The JavaScript harness's record of a call, in the cases' words (the spec's names). */
function asCaseCall(call: Call): Record<string, unknown> {
  switch (call.kind) {
    case 'send':
      return { call: 'send', chat: call.chat, text: call.text, ...(call.buttons ? { buttons: call.buttons } : {}) };
    case 'poll':
      return { call: 'sendPoll', chat: call.chat, question: call.question, options: call.options };
    case 'react':
      return { call: 'react', chat: call.chat, user: call.user, emoji: call.emoji };
    case 'delete':
      return { call: 'deleteMessage', chat: call.chat, user: call.user };
    case 'mute':
      return { call: 'mute', chat: call.chat, user: call.user, minutes: call.minutes };
    default:
      return { call: call.kind, chat: call.chat, user: call.user };
  }
}

async function runJavascriptCase(c: EngineCase): Promise<{ seen: Array<StepSeen | null>; data: unknown; leftovers: string[] }> {
  const plan = BotPlanSchema.parse({ name: 'Case bot', platform: 'telegram', language: 'javascript', ...c.plan });
  const h = new BotHarness(plan, undefined, { edit: (code) => pointAtFakes(code, web), start: new Date(c.start ?? '2024-01-01T12:00:00Z') });
  web.prices = {};
  web.growingReads = 0;
  try {
    h.channel = c.adapter?.channel === undefined ? 'channel-1' : c.adapter.channel;
    h.owner = c.adapter?.owner === undefined ? 'owner-1' : c.adapter.owner;
    h.named = c.adapter?.named ?? null;
    h.admins = new Set(c.adapter?.admins ?? ['boss']);
    const logs: string[] = [];
    const keep = (...args: unknown[]) => void logs.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
    vi.spyOn(console, 'log').mockImplementation(keep);
    vi.spyOn(console, 'error').mockImplementation(keep);
    const seen: Array<StepSeen | null> = [];
    for (const step of c.steps) {
      if ('at' in step && step.at) h.clock = new Date(step.at);
      if ('prices' in step) {
        web.prices = step.prices;
        seen.push(null);
        continue;
      }
      if ('restart' in step) {
        h.restart();
        seen.push(null);
        continue;
      }
      logs.length = 0;
      const from = h.calls.length;
      if ('event' in step) await h.engine.handle({ chat: 'c1', chatName: 'bakery', user: 'u1', name: 'Ann', text: '', mentioned: false, ...step.event, raw: null });
      else await h.engine.tick();
      seen.push({ calls: h.calls.slice(from).map(asCaseCall), logs: [...logs] });
    }
    const files = readdirSync(h.dir);
    const data = files.includes('bot_data.json') ? (JSON.parse(readFileSync(h.dataFile, 'utf8')) as unknown) : null;
    return { seen, data, leftovers: files.filter((f) => f.endsWith('.tmp')) };
  } finally {
    h.close();
  }
}

describe('the engine cases, in both cores', () => {
  describe.each(ENGINE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    it('JavaScript', async () => {
      const { seen, data, leftovers } = await runJavascriptCase(c);
      checkSteps(c, seen, 'JavaScript');
      if (c.data) expect(data).toMatchObject(c.data);
      expect(leftovers).toEqual([]);
    });

    it('Python', async () => {
      const { result, stderr } = await runPythonCase(c, dir, web);
      checkSteps(c, result.steps, 'Python', stderr);
      if (c.data) expect(result.data).toMatchObject(c.data);
      expect(result.leftovers).toEqual([]);
    });
  });
});
