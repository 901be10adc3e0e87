// The engine's actions as JavaScript source, one snippet per action kind: only the kinds the plan
// uses are written, in the ACTIONS table the engine runs them from.
import type { Action } from '../../../../../../shared/bot-plan.schema';
import { code, lines, sections } from '../compose';
import type { PlanUses } from '../plan-uses';

type Kind = Action['kind'];

/** Actions that may end a rule early (they need an argument, or start a conversation). */
export function stopsRules(uses: PlanUses): boolean {
  const a = uses.actions;
  return ['list', 'convert', 'ask', 'quiz', 'poll', 'data', 'count'].some((kind) => a.has(kind as Kind));
}

const ENTRIES: Record<Kind, string> = {
  reply: '  reply: (run, a) => say(run, a.text),',
  replyOneOf: '  replyOneOf: (run, a, index) => say(run, oneOf(run, a, index)),',
  buttons: '  buttons: (run, a) => say(run, a.text, a.buttons),',
  ask: '  ask: startAsk,',
  list: '  list: changeList,',
  count: '  count: countOne,',
  resetCount: [
    '  resetCount: (run, a) => {',
    '    // Everyone back to 0 in this chat.',
    "    const counts = run.bot.store.part('counters', a.counter, run.event.chat);",
    '    for (const key of Object.keys(counts)) delete counts[key];',
    '    run.bot.store.save();',
    '  },',
  ].join('\n'),
  top: '  top: showTop,',
  quiz: '  quiz: startQuiz,',
  convert: '  convert: convert,',
  post: '  post: (run, a) => sendTo(run, a.to, fill(a.text, run.vars)),',
  forward: [
    '  forward: (run) => {',
    "    const where = run.event.chatName || 'a private chat';",
    '    // A reaction: who reacted, and the words of the message reacted to (the adapter read them).',
    "    if (run.event.type === 'reaction') return sendTo(run, 'owner', run.event.name + ' reacted ' + (run.event.emoji || '') + ' to a message in ' + where + ': ' + (run.event.text || '(a message the bot did not see)'));",
    "    return sendTo(run, 'owner', run.event.name + ' wrote in ' + where + ': ' + run.event.text);",
    '  },',
  ].join('\n'),
  react: '  react: (run, a) => run.bot.adapter.react(run.event, a.emoji),',
  delete: '  delete: (run) => run.bot.adapter.deleteMessage(run.event),',
  warn: '  warn: warn,',
  mute: '  mute: async (run, a) => {\n    await run.bot.adapter.mute(run.event, a.minutes);\n    if (a.text) await say(run, a.text);\n  },',
  kick: '  kick: async (run, a) => {\n    await run.bot.adapter.kick(run.event);\n    if (a.text) await say(run, a.text);\n  },',
  ban: '  ban: async (run, a) => {\n    await run.bot.adapter.ban(run.event);\n    if (a.text) await say(run, a.text);\n  },',
  poll: '  poll: poll,',
  data: '  data: tellData,',
  custom: '  custom: (run, a) => CUSTOM_CODE[a.name](run.event, run.vars, (text) => say(run, text)),',
};

const ONE_OF = code`
// One of the texts: at random, or in turn (the turn kept in the state, per rule).
function oneOf(run, a, index) {
  if (a.order !== 'inTurn') return a.texts[Math.floor(Math.random() * a.texts.length)];
  const turns = run.bot.store.part('turns');
  const key = run.rule.id + '/' + index;
  const turn = (turns[key] || 0) % a.texts.length;
  turns[key] = turn + 1;
  run.bot.store.save();
  return a.texts[turn];
}`;

/** sendTo; with named channels, 'the channel' is the rule's (a schedule's chat already is: found once, logged once). */
function sendTo(named: boolean): string {
  return lines(
    named
      ? "// Sends to the channel (the rule's named channel when it has one; a schedule's chat already is it) or to the\n// owner's chat; when that setting is missing, one log line says which to set."
      : "// Sends to the channel or to the owner's chat; when that setting is missing, one log line says which to set.",
    'async function sendTo(run, to, text) {',
    named
      ? "  const chat = to === 'owner' ? run.bot.adapter.owner() : run.event.type === 'schedule' ? run.chat : await channelFor(run.bot, run.rule);"
      : "  const chat = to === 'owner' ? run.bot.adapter.owner() : run.bot.adapter.channel();",
    "  if (!chat) return log('Not sent (set ' + (to === 'owner' ? 'OWNER_CHAT_ID' : run.bot.adapter.channelSetting) + ' to send it): ' + text);",
    '  await run.bot.adapter.send(chat, text);',
    '}',
  );
}

const LIST = code`
// A list kept per chat: add or remove {args} (or the sender's name), show it, empty it, or take its first
// item off (next); then say the text with {list} (one '- item' a line) and {item}. A full list (max) takes
// no more.
async function changeList(run, a) {
  const lists = run.bot.store.part('lists', run.event.chat);
  const items = lists[a.list] || (lists[a.list] = []);
  if (a.op === 'add' || a.op === 'remove') {
    const item = a.item === 'sender' ? run.event.name : run.vars.args;
    if (!item) {
      await say(run, 'Write what to add after the command, e.g. ' + run.bot.settings.prefix + (run.command || a.list) + ' milk');
      return STOP;
    }
    const at = items.findIndex((x) => x.toLowerCase() === item.toLowerCase());
    run.vars.item = item; // as written; an item already there is not added twice
    if (a.op === 'add' && at === -1 && a.max && items.length >= a.max) {
      await say(run, a.full || 'Sorry, the list is full (' + a.max + ').');
      return STOP;
    }
    if (a.op === 'add' && at === -1) items.push(item);
    if (a.op === 'remove' && at !== -1) items.splice(at, 1);
  }
  if (a.op === 'clear') items.length = 0;
  const none = (a.op === 'show' || a.op === 'next') && items.length === 0;
  if (a.op === 'next' && !none) run.vars.item = items.shift();
  run.bot.store.save();
  run.vars.list = items.map((x) => '- ' + x).join('\n');
  run.vars.count = String(items.length); // how many are on it ("/count → how many are in")
  if (none) return say(run, a.empty || 'The list is empty.');
  if (a.text) await say(run, a.text); // no text: nothing said (a list emptied on a schedule)
}`;

const COUNT = code`
// One more in a counter, per person (or per chat) in this chat, or the number written after the
// command (add: 'number', "!ran 5.2"); {count} is the new total.
async function countOne(run, a) {
  let amount = 1;
  if (a.add === 'number') {
    const found = /-?\d+(?:[.,]\d+)?/.exec(run.vars.args);
    if (!found) {
      await say(run, 'Write a number after the command, e.g. ' + run.bot.settings.prefix + (run.command || 'add') + ' 5');
      return STOP;
    }
    amount = Number(found[0].replace(',', '.'));
  }
  const counts = run.bot.store.part('counters', a.counter, run.event.chat);
  const key = a.per === 'chat' ? 'chat' : run.event.user;
  const entry = counts[key] || (counts[key] = { name: '', count: 0 });
  entry.name = a.per === 'chat' ? run.event.chatName || 'this chat' : run.event.name;
  entry.count = Math.round((entry.count + amount) * 100) / 100;
  run.bot.store.save();
  run.vars.count = String(entry.count);
}`;

const TOP = code`
// The highest counts of a counter in this chat as {top}: '1. Name: 12', one a line; equal counts by name (A-Z).
async function showTop(run, a) {
  const counts = Object.values(run.bot.store.part('counters', a.counter, run.event.chat));
  const byName = (x, y) => (x.name.toLowerCase() < y.name.toLowerCase() ? -1 : x.name.toLowerCase() > y.name.toLowerCase() ? 1 : 0);
  const top = counts.sort((x, y) => y.count - x.count || byName(x, y)).slice(0, a.n || 10);
  if (top.length === 0) return say(run, a.empty || 'Nobody has any yet.');
  run.vars.top = top.map((entry, i) => i + 1 + '. ' + entry.name + ': ' + entry.count).join('\n');
  return say(run, a.text);
}`;

const WARN = code`
// One more warning for the sender in this chat (the warnings condition reads them); {count} is the new number.
async function warn(run, a) {
  const warnings = run.bot.store.part('warnings', run.event.chat);
  warnings[run.event.user] = (warnings[run.event.user] || 0) + 1;
  run.bot.store.save();
  run.vars.count = String(warnings[run.event.user]);
  await say(run, a.text);
}`;

const POLL = code`
// The question and options written after the command: 'Pizza or burgers?' -> Pizza, burgers;
// 'Where? park, beach, pool' -> park, beach, pool.
function pollFromText(text) {
  const mark = text.indexOf('?');
  const split = mark !== -1 && mark < text.trim().length - 1;
  const question = split ? text.slice(0, mark + 1).trim() : text.trim();
  return { question, options: pollOptions(split ? text.slice(mark + 1) : text) };
}

// 'Jay, Kev or Tom', 'Tutorial | Dokkaebi' -> Jay, Kev, Tom.
function pollOptions(text) {
  return text.replace(/\?\s*$/, '').split(/\s*[,|]\s*|\s+or\s+/i).map((o) => o.trim()).filter(Boolean).slice(0, 10);
}

// A poll of the plan's question and options; from the argument, the question and options written after
// the command, or only the options when the plan has a question ('/motm Jay, Kev, Tom').
async function poll(run, a) {
  const asked = !a.fromArgument
    ? { question: fill(a.question, run.vars), options: a.options.map((o) => fill(o, run.vars)) }
    : a.question
      ? { question: fill(a.question, run.vars), options: pollOptions(run.vars.args) }
      : pollFromText(run.vars.args);
  if (asked.options.length < 2) {
    await say(run, 'Write a question and its options after the command, e.g. ' + run.bot.settings.prefix + (run.command || 'poll') + ' Pizza or burgers?');
    return STOP;
  }
  await run.bot.adapter.sendPoll(run.chat, asked.question, asked.options);
}`;

function convert(uses: PlanUses): string {
  return lines(
    code`
// Conversions that need no web: 'from>to' -> the formula.
const UNITS = {
  'c>f': (x) => (x * 9) / 5 + 32,
  'f>c': (x) => ((x - 32) * 5) / 9,
  'km>mi': (x) => x / 1.609344,
  'mi>km': (x) => x * 1.609344,
  'kg>lb': (x) => x / 0.45359237,
  'lb>kg': (x) => x * 0.45359237,
  'cm>in': (x) => x / 2.54,
  'in>cm': (x) => x * 2.54,
  'gal>l': (x) => x * 3.78541,
  'l>gal': (x) => x / 3.78541,
  'oz>g': (x) => x * 28.3495,
  'g>oz': (x) => x / 28.3495,
  'm>ft': (x) => x / 0.3048,
  'ft>m': (x) => x * 0.3048,
  'm>yd': (x) => x / 0.9144,
  'yd>m': (x) => x * 0.9144,
};

// The first number of {args} in other units${uses.currencies ? ' (or currency: today\'s rate from open.er-api.com)' : ''}; {value} is the
// result rounded to 2 decimals.
async function convert(run, a) {
  const found = /-?\d+(?:[.,]\d+)?/.exec(run.vars.args);
  if (!found) {
    await say(run, 'Write a number after the command, e.g. ' + run.bot.settings.prefix + (run.command || 'convert') + ' 20');
    return STOP;
  }
  const amount = Number(found[0].replace(',', '.'));
  const formula = UNITS[a.from.toLowerCase() + '>' + a.to.toLowerCase()];`,
    uses.currencies
      ? code`
  let result;
  try {
    result = formula ? formula(amount) : amount * (await exchangeRate(a.from, a.to));
  } catch (error) {
    logError('The exchange rate service failed:', error.message);
    await say(run, SORRY);
    return STOP;
  }`
      : "  if (!formula) throw new Error('cannot convert ' + a.from + ' to ' + a.to);\n  const result = formula(amount);",
    code`
  run.vars.value = String(Math.round(result * 100) / 100);
  return say(run, a.text);
}`,
  );
}

export function actions(uses: PlanUses): string {
  const a = uses.actions;
  const stops = stopsRules(uses);
  const kinds = (Object.keys(ENTRIES) as Kind[]).filter((kind) => a.has(kind));
  return sections(
    1,
    stops && "// What an action returns to end its rule here (it waits for an answer, or needs one).\nconst STOP = 'stop';",
    (a.has('ask') || a.has('post') || a.has('forward')) && sendTo(uses.namedChannels),
    a.has('replyOneOf') && ONE_OF,
    a.has('list') && LIST,
    a.has('count') && COUNT,
    a.has('top') && TOP,
    a.has('warn') && WARN,
    a.has('poll') && POLL,
    a.has('convert') && convert(uses),
    lines('// What each action of a rule does (the kinds of RULES).', 'const ACTIONS = {', ...kinds.map((k) => ENTRIES[k]), '};'),
  );
}
