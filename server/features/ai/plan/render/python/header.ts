// The readable top of a rendered Python bot: the docstring saying what the bot does (one line per
// rule, in the plan card's words), the settings, RULES (the plan's rules as a Python literal) and the custom code regions.

import type { BotPlan, Rule } from '../../../../../../shared/bot-plan.schema';
import { ruleInWords } from '../../../../../../shared/bot-plan-words';
import { pyString } from '../../../literals';
import { lines } from '../compose';
import { pyLiteral } from './literal';
import type { EnvVar } from '../env';
import type { Usage } from './usage';

/** One line of a docstring or comment: no line breaks, backslashes doubled, never three quotes in a row. */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"{3,}/g, (quotes) => quotes.split('').join('\\'));
}

/** `env`: the settings it reads (env.ts); `setup`: the steps to create the bot on its platform (setup.ts); `dependencies`: the pip packages it needs. */
export function pyHeader(
  plan: BotPlan,
  rules: Rule[],
  env: EnvVar[],
  filename: string,
  platformLine: string,
  setup: string[] = [],
  dependencies: string[] = [],
): string {
  const left = plan.rules.length - rules.length;
  const required = env.filter((e) => e.required).map((e) => e.name);
  return lines(
    `"""${oneLine(plan.name)}: ${platformLine}.`,
    '',
    'What it does:',
    ...(rules.length > 0 ? rules.map((r) => `- ${oneLine(ruleInWords(r, plan))}`) : ['- nothing yet: its plan has no finished rules']),
    left > 0 && `(${left} rule(s) of the plan wait for their missing words and are not in this file yet.)`,
    '',
    env.length > 0 && lines('Settings it reads from the environment (never written in this file):', ...env.map((e) => `  ${e.name}${e.required ? ' (required)' : ''}: ${oneLine(e.description)}`), ''),
    setup.length > 0 && lines('Set it up:', ...setup.map((step) => `- ${oneLine(step)}`), ''),
    `Run it: set ${required.join(', ') || 'the variables below you need'}, install the dependencies${dependencies.length > 0 ? ` (pip install ${dependencies.join(' ')})` : ''}, then run`,
    `\`python ${filename}\`. Tokens are read from the environment, never written in the code.`,
    'To change what the bot says, edit the texts in RULES below.',
    '"""',
  );
}

export function pySettings(plan: BotPlan): string {
  const s = plan.settings;
  return lines(
    '# ---- Settings ----',
    `BOT_NAME = ${pyString(plan.name)}`,
    'SETTINGS = {',
    `    "timeZone": ${pyString(s.timeZone)},  # the time zone of hours and schedules`,
    `    "prefix": ${pyString(s.prefix)},  # commands start with this`,
    `    "unknownCommand": ${typeof s.unknownCommand === 'string' ? pyString(s.unknownCommand) : 'None'},  # said to a command the bot does not know (None: nothing)`,
    ...(Object.keys(s.values ?? {}).length > 0
      ? [`    "values": {${Object.entries(s.values!).map(([k, v]) => `${pyString(k)}: ${pyString(v)}`).join(', ')}},  # settings your message gave`]
      : []),
    '}',
    ...(Object.keys(s.values ?? {}).length > 0
      ? ['# The settings your message gave count when the environment has none.', 'for _name, _value in SETTINGS["values"].items():', '    os.environ.setdefault(_name, _value)']
      : []),
  );
}

export function pyRules(rules: Rule[]): string {
  return lines(
    '# ---- What the bot does: each rule is "when" (the trigger), "if" (conditions) and "do" (actions, in order) ----',
    '# Texts may hold {name}, {args}, {text} (the whole message), {count}, {list}, {item}, {top}, {value} and {answers}.',
    `RULES = ${pyLiteral(rules)}`,
  );
}

export function customFunctionName(name: string): string {
  return `custom_${name.replace(/-/g, '_')}`;
}

export function customStart(name: string): string {
  return `# ---- custom code: ${name} (kept when the plan is rendered again) ----`;
}

export function customEnd(name: string): string {
  return `# ---- end of custom code: ${name} ----`;
}

/** The custom code regions (the code given for a name, or a function that says it is not written yet). */
export function pyCustom(u: Usage, custom: Record<string, string> = {}): string | false {
  if (u.custom.length === 0) return false;
  const regions = u.custom.map(({ name, description }) => {
    const fn = customFunctionName(name);
    const body =
      custom[name] ??
      lines(`async def ${fn}(event, vars, say):`, `    logger.info("custom code ${name} is not written yet")`);
    return lines(`# ${name}: ${oneLine(description)}`, customStart(name), body.replace(/\n+$/, ''), customEnd(name));
  });
  return lines(
    '# ---- Custom code: each function gets the event, the values ({name}, {args}, ...) and say(text) ----',
    regions.join('\n\n\n'),
    '',
    '',
    `CUSTOM_CODE = {${u.custom.map(({ name }) => `${pyString(name)}: ${customFunctionName(name)}`).join(', ')}}`,
  );
}
