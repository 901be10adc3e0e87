// The Python renderer: a bot plan -> one Python file (header, settings, RULES, the engine core and
// the platform's adapter), with the environment variables and packages it needs.

import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { pyString } from '../../../literals';
import { planEnv, type EnvVar } from '../env';
import { platformSetup } from '../setup';
import { lines, sections } from '../compose';
import { discordPython } from './discord';
import { pyEngine, pyEngineImports } from './engine';
import { genericPython } from './generic';
import { pyCustom, pyHeader, pyRules, pySettings } from './header';
import type { PyPlatform } from './platform';
import { slackPython } from './slack';
import { telegramPython } from './telegram';
import { twitterPython } from './twitter';
import { pythonBuiltRules, usageOf, type Usage } from './usage';
import { whatsappPython } from './whatsapp';

export { pythonBuiltRules } from './usage';

export interface RenderOptions {
  filename: string;
  /** Custom code by name: the text between a region's marker lines, kept from the last render. */
  custom?: Record<string, string>;
}

export interface Rendered {
  code: string;
  env: EnvVar[];
  setup: string[];
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
    '# LOG_LEVEL: DEBUG, INFO, WARNING or ERROR; any other value is INFO (a typo never stops the bot).',
    'LOG_LEVEL = os.getenv("LOG_LEVEL", "INFO").strip().upper()',
    'logging.basicConfig(',
    '    format="%(asctime)s %(levelname)s %(name)s: %(message)s",',
    '    level=LOG_LEVEL if LOG_LEVEL in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL") else "INFO",',
    ')',
    ...quiet.map((name) => `logging.getLogger(${pyString(name)}).setLevel(logging.WARNING)`),
    `logger = logging.getLogger(${pyString(slug(plan.name))})`,
  );
}

function compose(plan: BotPlan, options: RenderOptions, platform: PyPlatform | null, env: EnvVar[], setup: string[] = []): string {
  const rules = pythonBuiltRules(plan);
  const u = usageOf(rules);
  return `${sections(
    2,
    sections(
      1,
      pyHeader(plan, rules, env, options.filename, platform?.label ?? 'the rules engine of a bot', setup, platform?.dependencies),
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

const PLATFORMS: Record<BotPlan['platform'], (u: Usage, plan: BotPlan) => PyPlatform> = {
  telegram: telegramPython,
  discord: discordPython,
  slack: slackPython,
  whatsapp: whatsappPython,
  twitter: twitterPython,
  generic: genericPython,
};

/** The platforms the Python renderer writes bots for. */
export const PYTHON_PLATFORMS = Object.keys(PLATFORMS) as Array<BotPlan['platform']>;

/** The bot file for the plan's platform. */
export function renderPython(plan: BotPlan, options: RenderOptions): Rendered {
  const u = usageOf(pythonBuiltRules(plan));
  const platform = PLATFORMS[plan.platform](u, plan);
  const env = planEnv(plan.platform, u, 'python', plan.settings.values);
  const setup = platformSetup(plan, u);
  return { code: compose(plan, options, platform, env, setup), env, setup, dependencies: [...platform.dependencies] };
}

/**
 * The same file without a platform: header, settings, RULES, custom code and the engine, importable
 * anywhere (no bot library). The engine's tests run it; renderPython's file holds the same engine.
 */
export function renderPythonCore(plan: BotPlan, options: RenderOptions): string {
  return compose(plan, options, null, []);
}
