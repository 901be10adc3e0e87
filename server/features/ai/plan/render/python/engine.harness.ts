// Test harness for the Python engine core, run for real: a case's plan is rendered (the core alone:
// the same text renderPython puts before the platform's part), imported by python3 and driven with
// the case's events and clock ticks through a recording adapter written here in plain Python.
// Real: python3, the rendered core, its data file, HTTP on loopback. Fake: the adapter, the clock.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BotPlanSchema, type BotPlan } from '../../../../../../shared/bot-plan.schema';
import type { EngineCase } from '../engine-cases/case-format';
import { pointAtFakes, type WebFakes } from '../engine-cases/web-fakes.fixture';
import { renderPythonCore } from './index';

const run = promisify(execFile);
/** Debian's python3 when there is one: the same 3.11, without a pyenv shim's second of start-up per run. */
export const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

export const RUNNER = String.raw`
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


class NamingAdapter(RecordingAdapter):
    """A platform that finds channels by name (as Discord and Slack): the case's adapter.named."""

    async def channel_named(self, name):
        return self.config["named"].get(name)


def moment(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def main():
    config = {"channel": "channel-1", "owner": "owner-1", "admins": ["boss"], **case.get("adapter", {})}
    adapter = (NamingAdapter if "named" in config else RecordingAdapter)(config)
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

export interface StepResult {
  calls: Array<Record<string, unknown>>;
  logs: string[];
}
export interface RunResult {
  steps: Array<StepResult | null>;
  data: Record<string, unknown> | null;
  leftovers: string[];
}

export function pythonPlanOf(c: Pick<EngineCase, 'plan'>): BotPlan {
  return BotPlanSchema.parse({ name: 'Case bot', platform: 'telegram', language: 'python', ...c.plan });
}

let caseNumber = 0;

/** Runs a case in a new folder under `dir`; `env` adds to (or replaces) the variables the core sees. */
export async function runPythonCase(
  c: EngineCase,
  dir: string,
  web: WebFakes,
  options: { custom?: Record<string, string>; prepare?: (botDir: string) => void; env?: Record<string, string> } = {},
): Promise<{ result: RunResult; stderr: string; botDir: string }> {
  const botDir = join(dir, `case-${++caseNumber}`);
  web.prices = {}; // each case starts from the fake's own prices and feeds
  web.growingReads = 0;
  mkdirSync(botDir);
  writeFileSync(join(botDir, 'core.py'), pointAtFakes(renderPythonCore(pythonPlanOf(c), { filename: 'bot.py', custom: options.custom }), web));
  writeFileSync(join(botDir, 'case.json'), JSON.stringify({ adapter: c.adapter ?? {}, start: c.start, steps: c.steps }));
  writeFileSync(join(botDir, 'runner.py'), RUNNER);
  options.prepare?.(botDir);
  const env = { PATH: process.env.PATH ?? '', HOME: dir, WEB: web.base, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${web.base}/v1`, LOG_LEVEL: 'INFO', ...options.env };
  const { stdout, stderr } = await run(PYTHON, ['runner.py', 'core.py', 'case.json'], { cwd: botDir, env, timeout: 30_000 });
  return { result: JSON.parse(stdout) as RunResult, stderr, botDir };
}
