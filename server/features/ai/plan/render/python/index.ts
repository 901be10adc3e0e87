// The Python renderer: a bot plan -> one Python file (header, settings, RULES, the engine core and
// the platform's adapter), with the environment variables and packages it needs. Telegram so far.

import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { pyString } from '../../../builtin/literals';
import type { EnvVar } from '../env';
import { lines, sections } from '../../../builtin/templates/compose';
import { pyEngine, pyEngineImports } from './engine';
import { pyCustom, pyHeader, pyRules, pySettings } from './header';
import { telegramPython, type PyPlatform } from './telegram';
import { keepsState, pythonBuiltRules, usageOf, type Usage } from './usage';

export { pythonBuiltRules } from './usage';

export interface RenderOptions {
  filename: string;
  /** Custom code by name: the text between a region's marker lines, kept from the last render. */
  custom?: Record<string, string>;
}

export interface Rendered {
  code: string;
  env: EnvVar[];
  dependencies: string[];
}

/** `import x` lines, then `from x import a, b` (one line per module), then the third-party lines. */
function imports(stdlib: string[], thirdParty: string[]): string {
  const unique = [...new Set(stdlib)];
  const plain = unique.filter((m) => !m.startsWith('from ')).sort().map((m) => `import ${m}`);
  const from = new Map<string, Set<string>>();
  for (const line of unique.filter((m) => m.startsWith('from '))) {
    const [, module, names] = /^from (\S+) import (.+)$/.exec(line)!;
    const set = from.get(module!) ?? new Set<string>();
    names!.split(',').forEach((n) => set.add(n.trim()));
    from.set(module!, set);
  }
  const fromLines = [...from.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([m, names]) => `from ${m} import ${[...names].sort().join(', ')}`);
  const std = [...plain, ...fromLines].join('\n');
  return thirdParty.length > 0 ? `${std}\n\n${thirdParty.join('\n')}` : std;
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'bot';
}

function logging(plan: BotPlan, quiet: string[]): string {
  return lines(
    'logging.basicConfig(',
    '    format="%(asctime)s %(levelname)s %(name)s: %(message)s",',
    '    level=os.getenv("LOG_LEVEL", "INFO").upper(),',
    ')',
    ...quiet.map((name) => `logging.getLogger(${pyString(name)}).setLevel(logging.WARNING)`),
    `logger = logging.getLogger(${pyString(slug(plan.name))})`,
  );
}

function compose(plan: BotPlan, options: RenderOptions, platform: PyPlatform | null, required: string[]): string {
  const rules = pythonBuiltRules(plan);
  const u = usageOf(rules);
  const platformLine = platform ? 'a Telegram bot (python-telegram-bot 21)' : 'the rules engine of a bot';
  return `${sections(
    2,
    sections(
      1,
      pyHeader(plan, rules, required, options.filename, platformLine),
      imports([...pyEngineImports(u), ...(platform?.stdlib ?? [])], platform?.thirdParty ?? []),
      logging(plan, platform?.quiet ?? []),
      pySettings(plan),
      pyRules(rules),
    ),
    pyCustom(u, options.custom),
    lines('# ---- The engine: runs RULES for each event (the same on every platform) ----', pyEngine(u)),
    platform?.code,
  )}\n`;
}

function envOf(u: Usage): EnvVar[] {
  const env: EnvVar[] = [{ name: 'TELEGRAM_BOT_TOKEN', required: true, description: 'the token @BotFather gives you for the bot' }];
  if (u.sources.has('ai') || u.sources.has('translate')) {
    env.push(
      { name: 'OPENAI_API_KEY', required: true, description: 'the key of the OpenAI account (or of a compatible service) the AI answers come from' },
      { name: 'OPENAI_BASE_URL', required: false, description: 'the address of an OpenAI-compatible service (default: OpenAI)' },
      { name: 'OPENAI_MODEL', required: false, description: 'the model (default gpt-4o-mini)' },
    );
  }
  const posts = u.triggers.has('schedule') || u.actions.has('post');
  if (posts) env.push({ name: 'TELEGRAM_CHAT_ID', required: false, description: 'the chat or channel scheduled posts go to (e.g. @mychannel or -100...); the bot must be an admin of a channel' });
  if (u.actions.has('ask') || u.actions.has('forward') || u.actions.has('post')) {
    env.push({ name: 'OWNER_CHAT_ID', required: false, description: "your own chat id: answers and forwarded messages are sent there" });
  }
  if (keepsState(u)) env.push({ name: 'DATA_FILE', required: false, description: 'where the bot keeps its lists, counts and warnings (default: bot_data.json beside the bot)' });
  env.push(
    { name: 'LOG_LEVEL', required: false, description: 'DEBUG for more detail (default INFO)' },
    { name: 'TELEGRAM_API_BASE', required: false, description: "leave it unset to talk to Telegram; Botwright's test chat sets it to its own Telegram emulator" },
  );
  return env;
}

/** The bot file for the plan's platform (Telegram so far). */
export function renderPython(plan: BotPlan, options: RenderOptions): Rendered {
  if (plan.platform !== 'telegram') throw new Error(`The Python renderer does not write ${plan.platform} bots yet`);
  const u = usageOf(pythonBuiltRules(plan));
  const env = envOf(u);
  const required = env.filter((e) => e.required).map((e) => e.name);
  return { code: compose(plan, options, telegramPython(u), required), env, dependencies: ['python-telegram-bot'] };
}

/**
 * The same file without a platform: header, settings, RULES, custom code and the engine, importable
 * anywhere (no bot library). The engine's tests run it; renderPython's file holds the same engine.
 */
export function renderPythonCore(plan: BotPlan, options: RenderOptions): string {
  return compose(plan, options, null, []);
}
