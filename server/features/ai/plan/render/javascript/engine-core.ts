// The engine's always-present parts as JavaScript source: the state file, filling placeholders,
// reading commands, dispatching a message (conversation, command, keywords, mention, message) and
// running one rule (conditions, then actions in order). engine.ts composes them.
import { code, lines } from '../compose';
import type { PlanUses } from '../plan-uses';

export const LOGGING = code`
function log(...args) {
  console.log(new Date().toISOString(), ...args);
}

function logError(...args) {
  console.error(new Date().toISOString(), ...args);
}`;

export const STORE = code`
// The bot's memory: one JSON file, read at start and written after each change to a temporary file
// that then replaces it (a rename), so a crash in the middle of a write never leaves half a file.
// No file (null): the rules remember nothing.
function openStore(file) {
  let state = {};
  try {
    if (file) state = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') logError('Could not read ' + file + ', starting with empty data:', error.message);
  }
  return {
    save() {
      const temporary = file + '.' + process.pid + '.tmp';
      fs.writeFileSync(temporary, JSON.stringify(state, null, 2));
      fs.renameSync(temporary, file);
    },
    // A part of the state (e.g. part('lists', chat)), created empty the first time.
    part(...keys) {
      let node = state;
      for (const key of keys) {
        if (!node[key] || typeof node[key] !== 'object') node[key] = {};
        node = node[key];
      }
      return node;
    },
  };
}`;

export const FILL = code`
// Fills {name}, {args}, {count}... from vars; an unknown {x} stays as written.
function fill(text, vars) {
  return String(text).replace(/\{(\w+)\}/g, (all, key) => (Object.prototype.hasOwnProperty.call(vars, key) ? String(vars[key]) : all));
}`;

export const COMMANDS = code`
// '/menu@MyBot extra words' -> { name: 'menu', args: 'extra words' }; null when the text is no command.
function parseCommand(text, prefix) {
  if (!text.startsWith(prefix)) return null;
  const first = text.slice(prefix.length).split(/\s/, 1)[0];
  const name = first.split('@')[0].toLowerCase();
  if (!name) return null;
  return { name, args: text.slice(prefix.length + first.length).trim() };
}

// The answer to /help (and /start) when no rule has them: "Commands:", then each command with the first
// 60 characters of its first text, placeholders shown as '…' ('/name - text'), or "This bot has no commands yet."
function helpText(bot) {
  const seen = new Set();
  const entries = [];
  for (const rule of bot.rules) {
    if (rule.when.kind !== 'command' || seen.has(rule.when.name.toLowerCase())) continue;
    seen.add(rule.when.name.toLowerCase());
    const first = Array.from(aboutText(firstText(rule))).slice(0, 60).join('');
    entries.push(bot.settings.prefix + rule.when.name + (first ? ' - ' + first : ''));
  }
  return entries.length > 0 ? 'Commands:\n' + entries.join('\n') : 'This bot has no commands yet.';
}

// A text as /help shows it: on one line, each {placeholder} shown as '…' ("Pick one, {name}" -> "Pick one, …").
function aboutText(text) {
  return text.replace(/\{\w+\}/g, '…').replace(/\s+/g, ' ').trim();
}

// The first text a rule says (a reply, the first of several, the first question).
function firstText(rule) {
  for (const action of rule.do) {
    const question = action.questions && action.questions[0];
    const text = action.text || (action.texts && action.texts[0]) || (question && (question.question || question));
    if (typeof text === 'string') return text;
  }
  return '';
}

// A command runs the rules with that command; /help and /start have an automatic answer when no rule has them.
async function onCommand(bot, event, command) {
  const matching = bot.rules.filter((rule) => rule.when.kind === 'command' && rule.when.name.toLowerCase() === command.name);
  for (const rule of matching) await runRule(bot, rule, event, command.args, command.name);
  if (matching.length > 0) return;
  if (command.name === 'help' || command.name === 'start') await bot.adapter.send(event.chat, helpText(bot));
  else if (typeof bot.settings.unknownCommand === 'string') await bot.adapter.send(event.chat, fill(bot.settings.unknownCommand, { name: event.name, args: command.args }));
}`;

export const KEYWORDS = code`
// A word or phrase at word boundaries, in any case, plural too: 'price' matches "what's the price?" and
// "your prices", not 'priceless'. With whole, the message (trimmed) must be exactly the word.
function keywordMatches(when, text) {
  return when.words.some((word) => {
    if (when.whole) return text.trim().toLowerCase() === word.trim().toLowerCase();
    const escaped = word.trim().replace(/[.*+?^$\{}()|[\]\\]/g, '\\$&');
    return new RegExp('(?<![\\p{L}\\p{N}_])' + escaped + '(?:e?s)?(?![\\p{L}\\p{N}_])', 'iu').test(text);
  });
}`;

/** Handling a message: steps 1-3 of the spec, with only the triggers the plan has. */
export function onMessage(uses: PlanUses): string {
  const t = uses.triggers;
  const talks = uses.actions.has('ask') || uses.actions.has('quiz');
  return lines(
    '// A message: a conversation in progress takes it as its answer (a command ends the conversation);',
    '// a command runs its rules; otherwise the keyword rules whose word it has, the mention rules when the',
    '// bot was mentioned, and only when none of those ran, the message rules (those with always: every time, first).',
    'async function onMessage(bot, event) {',
    '  const command = parseCommand(event.text, bot.settings.prefix);',
    talks && '  const talk = conversationOf(bot, event);',
    talks && '  if (talk && !command) return continueConversation(bot, talk, event);',
    talks && '  if (talk) endConversation(bot, event);',
    '  if (command) return onCommand(bot, event, command);',
    (t.has('keyword') || t.has('mention') || t.has('message')) && '  let ran = false;',
    t.has('message') &&
      lines(
        "  // Message rules with always run for every message that is no command (they do not count as an answer).",
        "  for (const rule of bot.rules) if (rule.when.kind === 'message' && rule.when.always) await runRule(bot, rule, event, '');",
      ),
    t.has('keyword') &&
      lines(
        '  for (const rule of bot.rules) {',
        "    if (rule.when.kind === 'keyword' && keywordMatches(rule.when, event.text)) ran = (await runRule(bot, rule, event, '')) || ran;",
        '  }',
      ),
    t.has('mention') &&
      lines(
        '  if (event.mentioned) {',
        "    for (const rule of bot.rules) if (rule.when.kind === 'mention') ran = (await runRule(bot, rule, event, '')) || ran;",
        '  }',
      ),
    t.has('message') &&
      lines(
        '  if (!ran) {',
        "    for (const rule of bot.rules) if (rule.when.kind === 'message' && !rule.when.always) await runRule(bot, rule, event, '');",
        '  }',
      ),
    '}',
  );
}

const OTHER_EVENTS = ['join', 'leave', 'button', 'reaction'] as const;

/** The entry point for every event, and which rules a non-message event triggers. */
export function handleEvent(uses: PlanUses): string {
  const others = OTHER_EVENTS.filter((kind) => uses.triggers.has(kind));
  const triggered =
    others.length > 0 &&
    lines(
      `// Whether a ${others.join(' / ')} event triggers a rule${uses.triggers.has('button') ? ': a button its id' : ''}${uses.triggers.has('reaction') ? ', a reaction its emoji (or any emoji)' : ''}.`,
      'function triggeredBy(when, event) {',
      '  if (when.kind !== event.type) return false;',
      uses.triggers.has('button') && "  if (when.kind === 'button') return when.id === event.buttonId;",
      uses.triggers.has('reaction') && "  if (when.kind === 'reaction') return !when.emoji || when.emoji.replace(/\\uFE0F/g, '') === String(event.emoji || '').replace(/\\uFE0F/g, '');",
      '  return true;',
      '}',
      '',
    );
  return lines(
    triggered,
    '// One event from the platform; an error is logged and the bot goes on with the next one.',
    'async function handleEvent(bot, event) {',
    '  try {',
    "    if (event.type === 'message') await onMessage(bot, event);",
    others.length > 0 && '    else for (const rule of bot.rules.filter((r) => triggeredBy(r.when, event))) await runRule(bot, rule, event, \'\');',
    '  } catch (error) {',
    "    logError('Could not handle a ' + event.type + ' from ' + event.name + ':', error);",
    '  }',
    '}',
  );
}

/** Whether an action of the plan says something in the rule's chat (post, forward, react and delete do not). */
function says(uses: PlanUses): boolean {
  return [...uses.actions].some((kind) => !['post', 'forward', 'react', 'delete'].includes(kind));
}

/** runRule, runActions and say. */
export function runningRules(uses: PlanUses, stops: boolean): string {
  const conditions = uses.conditions.size > 0;
  const schedules = uses.triggers.has('schedule');
  return lines(
    '// Runs a rule when its conditions hold; true when it ran. A rule has {name}, {args} and {text} from the',
    '// start; its actions add {count}, {list}, {value}... for the ones after them.',
    'async function runRule(bot, rule, event, args, command) {',
    "  const run = { bot, rule, event, command, chat: event.chat, vars: { name: event.name, args: args || '', text: event.text || '' } };",
    conditions && '  if (!(await conditionsHold(run))) return false;',
    "  log('Rule ' + rule.id + ' (' + event.type + ' from ' + (event.name || 'the clock') + ')');",
    '  await runActions(run, 0);',
    '  return true;',
    '}',
    '',
    '// The actions of a rule in order, from the index given. A failing action is logged and ends the rule (the',
    '// next ones would build on it)' + (stops ? ', as does an action that needs an answer first (a missing argument, a question).' : '.'),
    'async function runActions(run, from) {',
    '  for (let index = from; index < run.rule.do.length; index++) {',
    '    const action = run.rule.do[index];',
    '    try {',
    stops ? '      if ((await ACTIONS[action.kind](run, action, index)) === STOP) return;' : '      await ACTIONS[action.kind](run, action, index);',
    '    } catch (error) {',
    "      logError('Rule ' + run.rule.id + ': ' + action.kind + ' failed:', error.message || error);",
    '      return;',
    '    }',
    '  }',
    '}',
    says(uses) && '',
    says(uses) && `// Says a text (placeholders filled) in the rule's chat${schedules ? " (a schedule's: the channel)" : ''}, with buttons [{id, label}] when given.`,
    says(uses) &&
      lines(
        'async function say(run, text, buttons) {',
        schedules && "  if (!run.chat) return log('Not posted (set ' + run.bot.adapter.channelSetting + ' to post it): ' + fill(text, run.vars));",
        '  await run.bot.adapter.send(run.chat, fill(text, run.vars), buttons);',
        '}',
      ),
  );
}

export function conditions(uses: PlanUses): string | false {
  const c = uses.conditions;
  if (c.size === 0) return false;
  return lines(
    c.has('hours') &&
      code`
// Whether a local time is within hours {from, to, weekdays, outside}: from <= time < to on the weekdays
// (all days when none); a 'to' before 'from' runs past midnight (into the next day).
function withinHours(local, hours) {
  const from = minuteOf(hours.from);
  const to = minuteOf(hours.to);
  const days = hours.weekdays || [];
  const on = (weekday) => days.length === 0 || days.includes(weekday);
  let inside;
  if (from === to) inside = on(local.weekday);
  else if (from < to) inside = on(local.weekday) && local.minute >= from && local.minute < to;
  else inside = (on(local.weekday) && local.minute >= from) || (on((local.weekday + 6) % 7) && local.minute < to);
  return hours.outside ? !inside : inside;
}
`,
    c.has('threshold') &&
      code`
// A data source's number below or above the limits (either one, when the rule has both). On a schedule of
// every N minutes only once per crossing: when it holds now and did not at the previous check (kept in the
// state); at set times of day ("every day at 5:30, if the wind is over 30") and on a person's message
// whenever it holds. {value} is the source's answer, as a data action says it.
async function thresholdCrossed(run, condition) {
  const found = await SOURCES[condition.source.kind](condition.source, run);
  if (typeof found.number !== 'number') {
    log('Rule ' + run.rule.id + ': ' + condition.source.kind + ' gives no number to compare');
    return false;
  }
  run.vars.value = found.text;
  const holds = (condition.below !== undefined && found.number < condition.below) || (condition.above !== undefined && found.number > condition.above);
  if (run.event.type !== 'schedule' || run.rule.when.everyMinutes === undefined) return holds;
  const states = run.bot.store.part('thresholds');
  const before = states[run.rule.id] === true;
  if (states[run.rule.id] !== holds) {
    states[run.rule.id] = holds;
    run.bot.store.save();
  }
  return holds && !before;
}
`,
    '// The conditions a rule may have, checked in this order (a web call last).',
    'const CONDITIONS = {',
    c.has('chat') && "  chat: (run, c) => [run.event.chatName, run.event.chat].some((name) => name && sameChatName(name, c.name)),",
    c.has('admins') && '  admins: (run) => run.bot.adapter.isAdmin(run.event),',
    c.has('hours') && '  hours: (run, c) => withinHours(localTime(run.bot.now(), run.bot.settings.timeZone), c),',
    c.has('warnings') && "  warnings: (run, c) => (run.bot.store.part('warnings', run.event.chat)[run.event.user] || 0) >= c.atLeast,",
    c.has('threshold') && '  threshold: thresholdCrossed,',
    '};',
    '',
    c.has('chat') &&
      lines(
        "// 'ask-here', '#ask-here' and 'Ask-Here' name the same chat.",
        'function sameChatName(a, b) {',
        "  const plain = (name) => String(name).trim().replace(/^#/, '').toLowerCase();",
        '  return plain(a) === plain(b);',
        '}',
        '',
      ),
    'async function conditionsHold(run) {',
    '  const order = Object.keys(CONDITIONS);',
    '  const conditions = [...run.rule.if].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));',
    '  for (const condition of conditions) {',
    '    if (!(await CONDITIONS[condition.kind](run, condition))) return false;',
    '  }',
    '  return true;',
    '}',
  );
}

export const LOCAL_TIME = code`
// The time in the bot's time zone: { date: 'YYYY-MM-DD', minute: minutes since midnight, weekday: 0 = Monday }.
function localTime(at, timeZone) {
  const parts = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  const date = parts.year + '-' + parts.month + '-' + parts.day;
  return { date, minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute), weekday: weekdayOf(date) };
}

// 0 = Monday ... 6 = Sunday, for a 'YYYY-MM-DD' date.
function weekdayOf(date) {
  return (new Date(date + 'T00:00:00Z').getUTCDay() + 6) % 7;
}

// '21:30' -> 1290.
function minuteOf(time) {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}`;
