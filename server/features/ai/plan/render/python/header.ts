// The readable top of a rendered Python bot: the docstring saying what the bot does (one line per
// rule), the settings, RULES (the plan's rules as a Python literal) and the custom code regions.

import type { Action, BotPlan, Condition, Rule, Trigger } from '../../../../../../shared/bot-plan.schema';
import { pyString } from '../../../builtin/literals';
import { lines } from '../../../builtin/templates/compose';
import { pyLiteral } from './literal';
import type { Usage } from './usage';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** One line of a docstring or comment: no line breaks, backslashes doubled, never three quotes in a row. */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"{3,}/g, (quotes) => quotes.split('').join('\\'));
}

function quote(text: string | null | undefined, max = 50): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return `"${t.length > max ? `${t.slice(0, max - 3)}...` : t}"`;
}

function days(weekdays: number[]): string {
  return weekdays.length === 0 || weekdays.length === 7 ? '' : ` on ${weekdays.map((d) => DAYS[d]).join(', ')}`;
}

function triggerWords(when: Trigger, plan: BotPlan): string {
  switch (when.kind) {
    case 'command':
      return `${plan.settings.prefix}${when.name}`;
    case 'keyword':
      return when.whole ? `the message ${when.words.map((w) => quote(w)).join(' or ')}` : `a message with ${when.words.map((w) => quote(w)).join(', ')}`;
    case 'message':
      return when.always ? 'every message' : 'any other message';
    case 'mention':
      return 'a mention of the bot';
    case 'join':
      return 'someone joins';
    case 'leave':
      return 'someone leaves';
    case 'button': {
      const label = plan.rules.flatMap((r) => r.do).flatMap((a) => (a.kind === 'buttons' ? a.buttons : [])).find((b) => b.id === when.id)?.label;
      return `a press on the button ${quote(label ?? when.id)}`;
    }
    case 'reaction':
      return when.emoji ? `a ${when.emoji} reaction` : 'any reaction';
    case 'schedule': {
      const offset = when.offsetMinutes === 0 ? '' : ` (${Math.abs(when.offsetMinutes)} min ${when.offsetMinutes < 0 ? 'before' : 'after'})`;
      const at = when.times.length > 0 ? `at ${when.times.join(', ')}${days(when.weekdays)}${offset}` : '';
      const every = when.everyMinutes !== undefined ? `every ${when.everyMinutes} min` : '';
      return [every, at].filter(Boolean).join(' and ') || 'on a schedule';
    }
  }
}

function conditionWords(c: Condition): string {
  switch (c.kind) {
    case 'chat':
      return `in ${c.name}`;
    case 'admins':
      return 'admins only';
    case 'hours':
      return `${c.outside ? 'outside' : 'during'} ${c.from}-${c.to}${days(c.weekdays)}`;
    case 'threshold':
      return `when the ${c.source.kind} is ${[c.below !== undefined && `below ${c.below}`, c.above !== undefined && `above ${c.above}`].filter(Boolean).join(' and ')}`;
    case 'warnings':
      return `after ${c.atLeast} warning(s)`;
  }
}

function actionWords(a: Action): string {
  switch (a.kind) {
    case 'reply':
      return `replies ${quote(a.text)}`;
    case 'replyOneOf':
      return `replies one of ${a.texts.length} texts${a.order === 'inTurn' ? ' in turn' : ''}`;
    case 'buttons':
      return `shows buttons ${a.buttons.map((b) => quote(b.label, 20)).join(', ')}`;
    case 'ask':
      return `asks ${a.questions.length} question(s)`;
    case 'list':
      return { add: `adds to the list ${a.list}`, remove: `removes from the list ${a.list}`, show: `shows the list ${a.list}`, clear: `clears the list ${a.list}` }[a.op];
    case 'count':
      return `counts ${a.counter}`;
    case 'top':
      return `shows the top ${a.n} of ${a.counter}`;
    case 'quiz':
      return `a quiz of ${a.questions.length} question(s)`;
    case 'convert':
      return `converts ${a.from} to ${a.to}`;
    case 'post':
      return `posts ${quote(a.text)} to the ${a.to}`;
    case 'forward':
      return 'forwards the message to the owner';
    case 'react':
      return `reacts ${a.emoji}`;
    case 'delete':
      return 'deletes the message';
    case 'warn':
      return 'warns the sender';
    case 'mute':
      return `mutes the sender for ${a.minutes} min`;
    case 'kick':
      return 'removes the sender';
    case 'ban':
      return 'bans the sender';
    case 'poll':
      return a.fromArgument ? 'starts the poll written after the command' : `starts the poll ${quote(a.question)}`;
    case 'data':
      return { weather: 'tells the weather', price: 'tells a price', news: 'shows the news', ai: 'answers with AI', translate: `translates into ${a.source.kind === 'translate' ? a.source.to : ''}` }[a.source.kind];
    case 'custom':
      return `runs the custom code ${a.name}`;
  }
}

/** "/price: replies "Bread is 3 euros"", one line per rule. */
export function describeRule(rule: Rule, plan: BotPlan): string {
  const when = triggerWords(rule.when, plan);
  const conditions = rule.if.length > 0 ? ` (${rule.if.map(conditionWords).join(', ')})` : '';
  return `${when}${conditions}: ${rule.do.map(actionWords).join(', then ')}`;
}

/** `setup`: the steps to create the bot on its platform; `dependencies`: the pip packages it needs. */
export function pyHeader(plan: BotPlan, rules: Rule[], required: string[], filename: string, platformLine: string, setup: string[] = [], dependencies: string[] = []): string {
  const left = plan.rules.length - rules.length;
  return lines(
    `"""${oneLine(plan.name)}: ${platformLine}.`,
    '',
    'What it does:',
    ...(rules.length > 0 ? rules.map((r) => `- ${oneLine(describeRule(r, plan))}`) : ['- nothing yet: its plan has no finished rules']),
    left > 0 && `(${left} rule(s) of the plan wait for their missing words and are not in this file yet.)`,
    '',
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
    '}',
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
