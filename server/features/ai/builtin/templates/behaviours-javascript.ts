// The platform-neutral behaviours of a generated JavaScript bot: their settings, the commands
// (jokes, dice, polls, rules, counting, menu...) as functions `name(args, sender) -> answer`, and
// the table BEHAVIOUR_COMMANDS every platform template dispatches on. Web and clock behaviours are
// in behaviours-javascript-web.ts and behaviours-javascript-time.ts.

import type { BehaviourCommand, BotPlan } from '../plan';
import { jsString, listLiteral } from '../literals';
import { jsTimeCode, jsTimeSettings } from './behaviours-javascript-time';
import { jsWebCode, jsWebSettings } from './behaviours-javascript-web';
import { keepsData } from './behaviour-kinds';
import { code, lines, sections } from './compose';

export interface JsBehaviourOptions {
  /** How /menu answers: the platform's buttons, a numbered text, or JSON with the menu (webhook). */
  menu: 'buttons' | 'text' | 'json';
}

/** The functions behind each behaviour command, in BEHAVIOUR_COMMANDS order. */
const FUNCTIONS: Array<[BehaviourCommand, string]> = [
  ['rules', 'showRules'], ['joke', 'tellJoke'], ['quote', 'tellQuote'], ['fact', 'tellFact'], ['roll', 'rollDice'],
  ['flip', 'flipCoin'], ['pick', 'pickOne'], ['poll', 'startPoll'], ['vote', 'vote'], ['weather', 'weatherReport'],
  ['news', 'latestNews'], ['price', 'coinPrices'], ['rate', 'exchangeRate'], ['translate', 'translateText'],
  ['count', 'messageCount'], ['stats', 'topSenders'], ['menu', 'showMenu'],
];

export function jsHasBehaviourCommands(plan: BotPlan): boolean {
  return FUNCTIONS.some(([command]) => plan.commands[command] !== undefined);
}

/** The require lines the behaviours need. */
export function jsBehaviourRequires(plan: BotPlan): string[] {
  return keepsData(plan) ? ["const fs = require('node:fs');", "const path = require('node:path');"] : [];
}

function jsMenu(menu: BotPlan['menu']): string {
  return `[\n${menu.map((m) => `  { label: ${jsString(m.label)}, reply: ${jsString(m.reply)} },`).join('\n')}\n]`;
}

export function jsBehaviourSettings(plan: BotPlan): string {
  const f = plan.features;
  const body = lines(
    f.has('goodbye') && `const GOODBYE_MESSAGE = ${jsString(plan.goodbyeMessage)}; // {name} becomes the member's name`,
    f.has('rules') && `const RULES = ${jsString(plan.rules)};`,
    jsTimeSettings(plan) || false,
    f.has('jokes') && `const JOKES = ${listLiteral('javascript', plan.jokes)};`,
    f.has('quotes') && `const QUOTES = ${listLiteral('javascript', plan.quotes)};`,
    f.has('facts') && `const FACTS = ${listLiteral('javascript', plan.facts)};`,
    f.has('random') && 'const DICE_SIDES = 6; // the dice of /roll without a number',
    f.has('random') && `const CHOICES = ${listLiteral('javascript', plan.choices)}; // what /pick chooses from when no choices are given`,
    f.has('polls') && `const POLL_QUESTION = ${jsString(plan.poll.question)};`,
    f.has('polls') && `const POLL_OPTIONS = ${listLiteral('javascript', plan.poll.options)};`,
    f.has('menu') && `const MENU_TITLE = ${jsString(plan.menuTitle)};`,
    f.has('menu') && `// The menu: one button per line, with the reply a press gives.\nconst MENU = ${jsMenu(plan.menu)};`,
    jsWebSettings(plan) || false,
  );
  return body ? `// --- What the behaviours say and use ---\n${body}` : '';
}

function jsFun(plan: BotPlan): string | false {
  const f = plan.features;
  const c = plan.commands;
  const p = plan.prefix;
  const parts = [
    ['jokes', 'quotes', 'facts', 'random'].some((x) => f.has(x as never)) &&
      code`
// One item of a list, at random.
function randomItem(list) {
  return list[Math.floor(Math.random() * list.length)];
}`,
    f.has('rules') &&
      code`
// ${p}${c.rules}: the rules of the chat (RULES).
async function showRules(args, sender) {
  return RULES;
}`,
    f.has('jokes') &&
      code`
// ${p}${c.joke}: one of JOKES, at random.
async function tellJoke(args, sender) {
  return randomItem(JOKES);
}`,
    f.has('quotes') &&
      code`
// ${p}${c.quote}: one of QUOTES, at random.
async function tellQuote(args, sender) {
  return randomItem(QUOTES);
}`,
    f.has('facts') &&
      code`
// ${p}${c.fact}: one of FACTS, at random.
async function tellFact(args, sender) {
  return randomItem(FACTS);
}`,
    f.has('random') &&
      code`
// ${p}${c.roll} [sides]: a random number from 1 to DICE_SIDES (or to the number given, e.g. ${p}${c.roll} 20).
async function rollDice(args, sender) {
  const given = args.length > 0 ? args[0].toLowerCase().replace(/^d+/, '') : '';
  const sides = /^\d+$/.test(given) && Number(given) >= 2 && Number(given) <= 1000 ? Number(given) : DICE_SIDES;
  const rolled = 1 + Math.floor(Math.random() * sides);
  return '🎲 ' + sender.name + ' rolled ' + rolled + ' (1 to ' + sides + ').';
}

// ${p}${c.flip}: Heads or Tails.
async function flipCoin(args, sender) {
  return '🪙 ' + randomItem(['Heads', 'Tails']) + '!';
}

// ${p}${c.pick} a, b, c: one of the choices given (separated by commas or "or"), else one of CHOICES.
async function pickOne(args, sender) {
  let choices = args.join(' ').split(/,|\bor\b|\|/).map((choice) => choice.trim()).filter(Boolean);
  if (choices.length < 2) choices = CHOICES;
  return 'I pick: ' + randomItem(choices);
}`,
  ];
  return sections(1, ...parts);
}

function jsPolls(plan: BotPlan): string | false {
  if (!plan.features.has('polls')) return false;
  const p = plan.prefix;
  const c = plan.commands;
  const parse = code`
// 'Question? | Option 1 | Option 2' -> { question, options }; null when the text is not written like that.
function parsePoll(text) {
  const parts = text.split('|').map((part) => part.trim()).filter(Boolean);
  if (parts.length < 3) return null;
  return { question: parts[0], options: parts.slice(1, 11) };
}`;
  if (plan.nativePoll) {
    return sections(
      1,
      parse,
      code`
// ${p}${c.poll}: a poll of POLL_QUESTION, or of the poll written after the command (${p}${c.poll} Question? | A | B).
async function startPoll(args, sender) {
  const poll = parsePoll(args.join(' ')) || { question: POLL_QUESTION, options: POLL_OPTIONS };
  return { poll: poll.question, options: poll.options };
}`,
    );
  }
  return sections(
    1,
    "const polls = new Map(); // chat -> the poll running there: its question, options and each person's vote",
    parse,
    code`
// ${p}${c.poll}: starts POLL_QUESTION in this chat, or the poll written after the command (${p}${c.poll} Question? | A | B).
async function startPoll(args, sender) {
  const poll = parsePoll(args.join(' ')) || { question: POLL_QUESTION, options: POLL_OPTIONS };
  polls.set(sender.chat, { question: poll.question, options: poll.options, votes: new Map() });
  const numbered = poll.options.map((option, index) => index + 1 + '. ' + option);
  return '📊 ' + poll.question + '\n' + numbered.join('\n') + '\nVote with ${p}${c.vote} <number>.';
}

// ${p}${c.vote} <number>: a vote in this chat's poll (voting again changes it); ${p}${c.vote} alone shows the results.
async function vote(args, sender) {
  const poll = polls.get(sender.chat);
  if (!poll) return 'There is no poll here yet: start one with ${p}${c.poll}.';
  if (args.length > 0) {
    const choice = Number(args[0]);
    if (!/^\d+$/.test(args[0]) || choice < 1 || choice > poll.options.length) {
      return 'Vote with a number from 1 to ' + poll.options.length + ', for example: ${p}${c.vote} 1';
    }
    poll.votes.set(sender.user, choice - 1);
  }
  const results = [poll.question];
  poll.options.forEach((option, index) => {
    const votes = [...poll.votes.values()].filter((choice) => choice === index).length;
    results.push(index + 1 + '. ' + option + ': ' + votes + (votes === 1 ? ' vote' : ' votes'));
  });
  return results.join('\n');
}`,
  );
}

function jsMenuCode(plan: BotPlan, style: JsBehaviourOptions['menu']): string | false {
  if (!plan.features.has('menu')) return false;
  const p = `${plan.prefix}${plan.commands.menu}`;
  if (style === 'buttons') {
    return code`
// ${p}: MENU_TITLE with one button per item of MENU.
async function showMenu(args, sender) {
  return { text: MENU_TITLE, menu: MENU };
}`;
  }
  const numbered = code`
// MENU_TITLE and MENU as a numbered list.
function menuText() {
  const numbered = MENU.map((item, index) => index + 1 + '. ' + item.label);
  return MENU_TITLE + '\n' + numbered.join('\n') + '\nReply with a number.';
}`;
  const show =
    style === 'json'
      ? code`
// ${p}: the numbered menu, and the menu itself (label and reply of each item) for the caller to show as buttons.
async function showMenu(args, sender) {
  return { text: menuText(), menu: MENU };
}`
      : code`
// ${p}: the numbered menu; people answer with a number or a label.
async function showMenu(args, sender) {
  return menuText();
}`;
  const choice = code`
// The reply of the MENU item a message names (by its number or its label), or null.
function menuChoice(text) {
  const choice = text.trim().toLowerCase();
  const index = MENU.findIndex((item, i) => choice === String(i + 1) || choice === item.label.toLowerCase());
  return index >= 0 ? MENU[index].reply : null;
}`;
  return sections(1, numbered, show, choice);
}

function jsData(plan: BotPlan, filename: string): string | false {
  if (!keepsData(plan)) return false;
  const stem = filename.replace(/\.[^.]+$/, '');
  return code`
// What the bot remembers (message counts, headlines posted) is kept in this JSON file.
const DATA_FILE = process.env.DATA_FILE || path.join(__dirname, ${jsString(`${stem}_data.json`)});

// What DATA_FILE holds; empty when there is no file yet (or it cannot be read).
function loadData() {
  try {
    const data = JSON.parse(fs.readFileSync(DATA_FILE, 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch (error) {
    if (error.code !== 'ENOENT') logError('Could not read ' + DATA_FILE + ', starting empty:', error.message);
    return {};
  }
}

// Writes botData to DATA_FILE safely: into a temporary file first, then renamed over the old one.
function saveData() {
  const temporary = DATA_FILE + '.tmp';
  try {
    fs.writeFileSync(temporary, JSON.stringify(botData, null, 1));
    fs.renameSync(temporary, DATA_FILE);
  } catch (error) {
    logError('Could not save ' + DATA_FILE + ':', error.message);
  }
}

const botData = loadData();`;
}

function jsCounter(plan: BotPlan): string | false {
  if (!plan.features.has('counter')) return false;
  const p = plan.prefix;
  const c = plan.commands;
  return code`
// Adds one to the sender's message count (kept in DATA_FILE).
function countMessage(sender) {
  const counts = botData.message_counts || (botData.message_counts = {});
  const entry = Object.prototype.hasOwnProperty.call(counts, sender.user) ? counts[sender.user] : (counts[sender.user] = { name: sender.name, messages: 0 });
  entry.name = sender.name;
  entry.messages += 1;
  saveData();
}

// ${p}${c.count}: how many messages the sender has sent.
async function messageCount(args, sender) {
  const counts = botData.message_counts || {};
  const count = Object.prototype.hasOwnProperty.call(counts, sender.user) ? counts[sender.user].messages : 0;
  return sender.name + ', you have sent ' + count + (count === 1 ? ' message.' : ' messages.');
}

// ${p}${c.stats}: the ten people who sent the most messages.
async function topSenders(args, sender) {
  const entries = Object.values(botData.message_counts || {}).sort((a, b) => b.messages - a.messages);
  if (entries.length === 0) return 'Nobody has written anything yet.';
  const ranking = entries.slice(0, 10).map((entry, index) => index + 1 + '. ' + entry.name + ': ' + entry.messages);
  return 'Most messages:\n' + ranking.join('\n');
}`;
}

function jsWarnings(plan: BotPlan): string | false {
  if (!plan.features.has('moderation') || plan.warnLimit <= 0) return false;
  return code`
const warningCounts = new Map(); // 'chat person' -> warnings since their last mute

// Counts a warning for the sender in this chat and returns how many they have; back to 0 at WARN_LIMIT.
function addWarning(sender) {
  const key = sender.chat + ' ' + sender.user;
  const count = (warningCounts.get(key) || 0) + 1;
  warningCounts.set(key, mustMute(count) ? 0 : count);
  return count;
}

// True when this many warnings earn a mute.
function mustMute(count) {
  return WARN_LIMIT > 0 && count >= WARN_LIMIT;
}

// BANNED_WORD_WARNING for the sender, with how many warnings they have.
function warningText(sender, count) {
  const text = BANNED_WORD_WARNING.split('{name}').join(sender.name);
  return WARN_LIMIT > 0 ? text + ' (warning ' + count + ' of ' + WARN_LIMIT + ')' : text;
}

// MUTE_MESSAGE for the sender.
function muteText(sender) {
  return MUTE_MESSAGE.split('{name}').join(sender.name).split('{minutes}').join(String(MUTE_MINUTES)).split('{warnings}').join(String(WARN_LIMIT));
}`;
}

function jsDispatch(plan: BotPlan): string | false {
  if (!jsHasBehaviourCommands(plan)) return false;
  const entries = FUNCTIONS.filter(([command]) => plan.commands[command] !== undefined).map(
    ([command, fn]) => `  ${jsString(plan.commands[command]!)}: ${fn},`,
  );
  return sections(
    1,
    `// --- The behaviours' commands: the command on the left runs the function on the right ---\nconst BEHAVIOUR_COMMANDS = {\n${entries.join('\n')}\n};`,
    code`
// True when the name is one of BEHAVIOUR_COMMANDS.
function isBehaviour(name) {
  return Object.prototype.hasOwnProperty.call(BEHAVIOUR_COMMANDS, name);
}

// Runs the behaviour of a command of BEHAVIOUR_COMMANDS and returns its answer.
async function runBehaviour(name, args, sender) {
  log('${plan.prefix}' + name + ' from ' + sender.name);
  try {
    return await BEHAVIOUR_COMMANDS[name](args, sender);
  } catch (error) {
    logError('The ' + name + ' command failed:', error); // one failing command must not stop the bot
    return 'Sorry, that did not work. Please try again later.';
  }
}`,
  );
}

/** The behaviours' code, after the shared helpers (it uses log, logError and, for translations, askLlm). */
export function jsBehaviours(plan: BotPlan, options: JsBehaviourOptions & { filename: string }): string {
  return sections(
    1,
    jsData(plan, options.filename),
    jsWarnings(plan),
    jsTimeCode(plan),
    jsFun(plan),
    jsPolls(plan),
    jsMenuCode(plan, options.menu),
    jsCounter(plan),
    jsWebCode(plan),
    jsDispatch(plan),
  );
}
