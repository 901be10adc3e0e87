// The Python engine core, run for real: each case of engine-cases.ts is rendered (the core alone: the
// same text renderPython puts before the Telegram part), imported by python3 and driven with events
// and clock ticks through a recording adapter written here in plain Python; the adapter calls must
// be the case's. Real: python3, the rendered core, its data file, HTTP on loopback. Fake: the web
// services (canned answers, described at the top of engine-cases.ts) and the adapter (records calls).

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlan } from '../../../../../../shared/bot-plan.schema';
import { ENGINE_CASES, type CaseCall, type CaseStep, type EngineCase } from './engine-cases';
import { renderPython, renderPythonCore } from './index';

const run = promisify(execFile);
/** Debian's python3 when there is one: the same 3.11, without a pyenv shim's second of start-up per run. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const dir = mkdtempSync(join(tmpdir(), 'python-engine-'));

// ---------------------------------------------------------------------------------------------
// The fake web services
// ---------------------------------------------------------------------------------------------

const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Test</title>
<item><title>First</title><link>https://news.example/1</link></item>
<item><title><![CDATA[Second <b>news</b>]]></title><link>https://news.example/2</link></item>
<item><title>Third</title><link>https://news.example/3</link></item>
</channel></rss>`.replace('Second <b>news</b>', 'Second');

interface Web {
  base: string;
  server: Server;
  prices: Record<string, number>;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });
}

function startWeb(): Promise<Web> {
  const web = { prices: {} } as Web;
  const json = (res: ServerResponse, data: unknown, status = 200) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(data));
  web.server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/prices') {
      web.prices = JSON.parse(await body(req)) as Record<string, number>;
      return json(res, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
      if (req.headers.authorization !== 'Bearer test-key') return json(res, { error: { message: 'bad key' } }, 401);
      const { messages } = JSON.parse(await body(req)) as { messages: Array<{ role: string; content: string }> };
      const content = `[${messages.find((m) => m.role === 'system')?.content}] ${messages.find((m) => m.role === 'user')?.content}`;
      return json(res, { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
    }
    if (url.pathname === '/geo') {
      const name = url.searchParams.get('name');
      return json(res, name === 'Nowhere' ? {} : { results: [{ name, country: 'Germany', latitude: 52.52, longitude: 13.41 }] });
    }
    if (url.pathname === '/forecast' && url.searchParams.get('latitude') === '52.52' && url.searchParams.get('current') === 'temperature_2m,weather_code,wind_speed_10m') {
      return json(res, { current: { temperature_2m: 14.2, weather_code: 2, wind_speed_10m: 11.5 } });
    }
    if (url.pathname === '/coins') {
      const currency = url.searchParams.get('vs_currencies') ?? '';
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const prices = { bitcoin: 64000.5, ...web.prices } as Record<string, number>;
      return json(res, Object.fromEntries(ids.filter((id) => id in prices).map((id) => [id, { [currency]: prices[id] }])));
    }
    if (url.pathname === '/rates/EUR') return json(res, { result: 'success', rates: { EUR: 1, USD: 1.08 } });
    if (url.pathname === '/feed.xml') return void res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(FEED);
    res.writeHead(404).end('not found');
  });
  return new Promise((resolve) =>
    web.server.listen(0, '127.0.0.1', () => {
      const address = web.server.address();
      web.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      resolve(web);
    }),
  );
}

/** The web services' addresses in the rendered file, pointed at the fakes (as a person would edit them). */
function pointAtFakes(code: string, web: Web): string {
  return code
    .replace('https://geocoding-api.open-meteo.com/v1/search', `${web.base}/geo`)
    .replace('https://api.open-meteo.com/v1/forecast', `${web.base}/forecast`)
    .replace('https://api.coingecko.com/api/v3/simple/price', `${web.base}/coins`)
    .replace('https://open.er-api.com/v6/latest/', `${web.base}/rates/`)
    .replaceAll('http://web.test', web.base);
}

// ---------------------------------------------------------------------------------------------
// The runner: imports the core, drives it with the case's steps, prints what the adapter saw
// ---------------------------------------------------------------------------------------------

const RUNNER = String.raw`
import asyncio, importlib.util, json, logging, os, sys, urllib.request
from datetime import datetime

core_path, case_path = sys.argv[1], sys.argv[2]
with open(case_path, encoding="utf-8") as file:
    case = json.load(file)
spec = importlib.util.spec_from_file_location("bot_core", core_path)
bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bot)

logs = []


class Collect(logging.Handler):
    def emit(self, record):
        logs.append(record.getMessage())


logging.getLogger().addHandler(Collect())


class RecordingAdapter:
    """Records what the engine asks the platform to do, in the spec's names."""

    channel_setting = "TEST_CHANNEL_ID"

    def __init__(self, config):
        self.config = config
        self.calls = []

    async def send(self, chat, text, buttons=None):
        call = {"call": "send", "chat": chat, "text": text}
        if buttons is not None:
            call["buttons"] = buttons
        self.calls.append(call)

    async def send_poll(self, chat, question, options):
        self.calls.append({"call": "sendPoll", "chat": chat, "question": question, "options": options})

    async def react(self, event, emoji):
        self.calls.append({"call": "react", "chat": event["chat"], "user": event["user"], "emoji": emoji})

    async def delete_message(self, event):
        self.calls.append({"call": "deleteMessage", "chat": event["chat"], "user": event["user"]})

    async def mute(self, event, minutes):
        self.calls.append({"call": "mute", "chat": event["chat"], "user": event["user"], "minutes": minutes})

    async def kick(self, event):
        self.calls.append({"call": "kick", "chat": event["chat"], "user": event["user"]})

    async def ban(self, event):
        self.calls.append({"call": "ban", "chat": event["chat"], "user": event["user"]})

    async def is_admin(self, event):
        return event["user"] in self.config["admins"]

    async def channel(self):
        return self.config["channel"]

    async def owner(self):
        return self.config["owner"]


def moment(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def main():
    adapter = RecordingAdapter({"channel": "channel-1", "owner": "owner-1", "admins": ["boss"], **case.get("adapter", {})})
    clock = {"now": moment(case.get("start") or "2024-01-01T12:00:00Z")}
    data_file = os.path.join(os.path.dirname(os.path.abspath(core_path)), "bot_data.json")

    def new_engine():
        return bot.Engine(bot.RULES, bot.SETTINGS, adapter, data_file, lambda: clock["now"])

    engine = new_engine()
    results = []
    for step in case["steps"]:
        if "at" in step:
            clock["now"] = moment(step["at"])
        if "prices" in step:
            request = urllib.request.Request(os.environ["WEB"] + "/prices", data=json.dumps(step["prices"]).encode(), method="POST")
            urllib.request.urlopen(request, timeout=10).read()
            results.append(None)
            continue
        if step.get("restart"):
            engine = new_engine()
            results.append(None)
            continue
        adapter.calls.clear()
        logs.clear()
        if "event" in step:
            event = {"chat": "c1", "chatName": "bakery", "user": "u1", "name": "Ann", "text": "", "mentioned": False, **step["event"], "raw": None}
            await engine.handle(event)
        else:
            await engine.tick()
        results.append({"calls": list(adapter.calls), "logs": list(logs)})
    leftovers = [name for name in os.listdir(os.path.dirname(data_file)) if name.endswith(".tmp")]
    data = None
    if os.path.exists(data_file):
        with open(data_file, encoding="utf-8") as file:
            data = json.load(file)
    print(json.dumps({"steps": results, "data": data, "leftovers": leftovers}))


asyncio.run(main())
`;

interface StepResult {
  calls: Array<Record<string, unknown>>;
  logs: string[];
}
interface RunResult {
  steps: Array<StepResult | null>;
  data: Record<string, unknown> | null;
  leftovers: string[];
}

let web: Web;
let caseNumber = 0;

function planOf(c: Pick<EngineCase, 'plan'>): BotPlan {
  return BotPlanSchema.parse({ name: 'Case bot', platform: 'telegram', language: 'python', ...c.plan });
}

async function runCase(c: EngineCase, options: { custom?: Record<string, string>; prepare?: (botDir: string) => void } = {}): Promise<{ result: RunResult; stderr: string; botDir: string }> {
  const botDir = join(dir, `case-${++caseNumber}`);
  web.prices = {}; // each case starts from the fake's own prices
  mkdirSync(botDir);
  writeFileSync(join(botDir, 'core.py'), pointAtFakes(renderPythonCore(planOf(c), { filename: 'bot.py', custom: options.custom }), web));
  writeFileSync(join(botDir, 'case.json'), JSON.stringify({ adapter: c.adapter ?? {}, start: c.start, steps: c.steps }));
  writeFileSync(join(botDir, 'runner.py'), RUNNER);
  options.prepare?.(botDir);
  const env = { PATH: process.env.PATH ?? '', HOME: dir, WEB: web.base, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${web.base}/v1`, LOG_LEVEL: 'INFO' };
  const { stdout, stderr } = await run(PYTHON, ['runner.py', 'core.py', 'case.json'], { cwd: botDir, env, timeout: 30_000 });
  return { result: JSON.parse(stdout) as RunResult, stderr, botDir };
}

/** The expected calls, with a random choice (textOneOf) replaced by the text sent when it is one of them. */
function expectedCalls(expected: CaseCall[], actual: Array<Record<string, unknown>>): unknown[] {
  return expected.map((call, i) => {
    if (!('textOneOf' in call)) return call;
    const sent = actual[i]?.text;
    return typeof sent === 'string' && call.textOneOf.includes(sent) ? { call: 'send', chat: call.chat, text: sent } : call;
  });
}

function checkSteps(c: EngineCase, result: RunResult, stderr: string): void {
  c.steps.forEach((step: CaseStep, n) => {
    if (!('expect' in step)) return;
    const got = result.steps[n]!;
    const where = `${c.name}: step ${n + 1} (${JSON.stringify('event' in step ? step.event : { tick: step.at })})\n${stderr}`;
    expect(got.calls, where).toEqual(expectedCalls(step.expect, got.calls));
    for (const line of step.logs ?? []) expect(got.logs.some((l) => l.includes(line)), `${where}\nlogs: ${got.logs.join('\n')}\nmissing: ${line}`).toBe(true);
  });
}

beforeAll(async () => {
  web = await startWeb();
});

afterAll(async () => {
  await new Promise((resolve) => web?.server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the Python engine core, over the shared cases', () => {
  it.each(ENGINE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { result, stderr } = await runCase(c);
    checkSteps(c, result, stderr);
    if (c.data) expect(result.data).toMatchObject(c.data);
    expect(result.leftovers).toEqual([]);
  });
});

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
    const botDir = join(dir, 'bad-key');
    mkdirSync(botDir);
    writeFileSync(join(botDir, 'core.py'), pointAtFakes(renderPythonCore(planOf(c), { filename: 'bot.py' }), web));
    writeFileSync(join(botDir, 'case.json'), JSON.stringify({ steps: c.steps }));
    writeFileSync(join(botDir, 'runner.py'), RUNNER);
    const env = { PATH: process.env.PATH ?? '', HOME: dir, WEB: web.base, OPENAI_API_KEY: 'wrong-key', OPENAI_BASE_URL: `${web.base}/v1` };
    const { stdout, stderr } = await run(PYTHON, ['runner.py', 'core.py', 'case.json'], { cwd: botDir, env, timeout: 30_000 });
    checkSteps(c, JSON.parse(stdout) as RunResult, stderr);
  });
});
