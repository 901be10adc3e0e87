// The parts every generated JavaScript (Node, CommonJS) bot shares: header, logging, settings and
// the reply logic (keywords, banned words, commands, reminders, AI answers).

import type { BotPlan } from '../plan';
import { jsString, listLiteral } from '../literals';
import { usesModel } from './behaviour-kinds';
import { jsBehaviours, jsBehaviourSettings, jsHasBehaviourCommands } from './behaviours-javascript';
import { lines, sections, type Part } from './compose';

/** A line comment's text: line breaks (which would end the comment) become spaces. */
function commentLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

export function jsHeader(plan: BotPlan, filename: string, does: string[]): string {
  const required = plan.env.filter((e) => e.required).map((e) => e.name);
  return lines(
    "'use strict';",
    `// ${plan.botName}: a ${plan.info.label} bot (${plan.info.library.javascript}).`,
    '//',
    '// What it does:',
    ...does.map((d) => `// - ${commentLine(d)}`),
    '//',
    `// Run it: set ${required.join(', ') || 'the variables below if you need them'}, install the dependencies,`,
    `// then run \`node ${filename}\`. Every token is read from the environment, never written in the code.`,
  );
}

export function jsRequires(...parts: Part[]): string {
  return lines(...parts);
}

function object(name: string, entries: Array<[string, string]>, example: string): string {
  if (entries.length === 0) return `const ${name} = {\n  // ${example}\n};`;
  return `const ${name} = {\n${entries.map(([k, v]) => `  ${jsString(k)}: ${v},`).join('\n')}\n};`;
}

export function jsSettings(plan: BotPlan, extra: Part[] = []): string {
  const f = plan.features;
  const p = plan.prefix;
  const remind = plan.commands.remind ?? 'remind';
  const settings = lines(
    '// --- Settings: change these to change what the bot says and does ---',
    `const BOT_NAME = ${jsString(plan.botName)};`,
    f.has('commands') && `const START_MESSAGE = ${jsString(plan.startMessage)};`,
    f.has('commands') && `const HELP_MESSAGE = ${jsString(plan.helpMessage)};`,
    plan.fallbackMessage !== null && `const FALLBACK_MESSAGE = ${jsString(plan.fallbackMessage)};`,
    f.has('welcome') && `const WELCOME_MESSAGE = ${jsString(plan.welcomeMessage)}; // {name} becomes the member's name`,
    (plan.platform === 'discord' || plan.platform === 'slack') &&
      `const REPLY_ONLY_WHEN_MENTIONED = ${plan.replyOnlyWhenMentioned}; // keywords and commands always work`,
    f.has('moderation') && `const BANNED_WORDS = ${listLiteral('javascript', plan.bannedWords)};`,
    f.has('moderation') && `const BANNED_WORD_WARNING = ${jsString(plan.bannedWordWarning)};`,
    f.has('moderation') && plan.warnLimit > 0 && `const WARN_LIMIT = ${plan.warnLimit}; // warnings before a mute (0: never mute)`,
    f.has('moderation') && plan.warnLimit > 0 && `const MUTE_MINUTES = ${plan.muteMinutes};`,
    f.has('moderation') && plan.warnLimit > 0 && `const MUTE_MESSAGE = ${jsString(plan.muteMessage)};`,
    f.has('scheduled') && plan.postByInterval && `const POST_INTERVAL_MINUTES = ${plan.intervalMinutes};`,
    f.has('scheduled') && plan.postTimes.length > 0 && `const POST_TIMES = ${listLiteral('javascript', plan.postTimes)}; // times of day to post, 24-hour clock`,
    f.has('scheduled') && plan.postTimes.length > 0 && `const POST_WEEKDAYS = [${plan.postWeekdays.join(', ')}]; // 0 = Monday ... 6 = Sunday; [] = every day`,
    f.has('scheduled') && `const SCHEDULED_POSTS = ${listLiteral('javascript', plan.posts)};`,
    f.has('reminders') && `const REMINDER_USAGE = ${jsString(`Usage: ${p}${remind} <minutes> <text>, for example: ${p}${remind} 10 take the bread out`)};`,
    usesModel(plan) && "const OPENAI_MODEL = process.env.OPENAI_MODEL || 'gpt-4o-mini';",
    f.has('llm') && `const SYSTEM_PROMPT = ${jsString(plan.systemPrompt)};`,
    ...extra,
  );
  const commands =
    f.has('commands') &&
    lines(
      `// Commands: name: reply. Add a line to add a command; ${p}help lists them all.`,
      object(
        'COMMAND_REPLIES',
        plan.commandReplies.map((c) => [c.name, c.name === 'start' ? 'START_MESSAGE' : jsString(c.reply)]),
        "'price': 'Bread is 3 euros',",
      ),
    );
  const keywords = lines(
    '// Keyword replies: a message that contains the keyword gets the reply.',
    object('KEYWORD_REPLIES', plan.keywordReplies.map((k) => [k.keyword, jsString(k.reply)]), "'hours': 'We open at 9',"),
  );
  return sections(1, settings, commands, keywords, jsBehaviourSettings(plan));
}

/**
 * A bot's last lines: `start` (an expression giving a promise, `main()` by default), and when it
 * fails a log line with `logged` (logError's arguments, `error` in scope) and exit code 1, so the
 * runner sees the bot stop rather than hang.
 */
export function jsStartOrExit(start = 'main()', logged = "'The bot stopped:', error"): string {
  return lines(`${start}.catch((error) => {`, `  logError(${logged});`, '  process.exit(1);', '});');
}

export interface JsOptions {
  /** Commands arrive as plain text ("!help"), not through a command API. */
  textCommands: boolean;
  /** Include requireEnv (default true; a bot without required variables leaves it out). */
  requireEnv?: boolean;
  /** How /menu answers: the platform's buttons, a numbered text, or JSON with the menu (webhook). */
  menu: 'buttons' | 'text' | 'json';
  /** The bot's file name (the default DATA_FILE is named after it). */
  filename: string;
}

export function jsHelpers(plan: BotPlan, options: JsOptions): string {
  const f = plan.features;
  const p = plan.prefix;
  const remind = plan.commands.remind ?? 'remind';
  const textMenu = f.has('menu') && options.menu !== 'buttons';
  const log = lines(
    'function log(...args) {',
    '  console.log(new Date().toISOString(), ...args);',
    '}',
    '',
    'function logError(...args) {',
    '  console.error(new Date().toISOString(), ...args);',
    '}',
  );
  const requireEnv =
    options.requireEnv !== false &&
    lines(
    '// Reads a required setting from the environment, or stops with a clear message.',
    'function requireEnv(name) {',
    "  const value = (process.env[name] || '').trim();",
    '  if (!value) {',
    "    logError('Missing environment variable ' + name + ': set it before starting the bot.');",
    '    process.exit(1);',
    '  }',
    '  return value;',
    '}',
  );
  const normalise = lines(
    "// Lower-cases the text and keeps only its words, so 'Hours?' matches the keyword 'hours'.",
    'function normalise(text) {',
    String.raw`  return ' ' + (String(text).toLowerCase().match(/[\p{L}\p{N}_]+/gu) || []).join(' ') + ' ';`,
    '}',
  );
  const keywordReply = lines(
    '// The reply for the first keyword of KEYWORD_REPLIES the message contains, or null.',
    'function keywordReply(text) {',
    '  const words = normalise(text);',
    '  for (const [keyword, reply] of Object.entries(KEYWORD_REPLIES)) {',
    '    const phrase = normalise(keyword);',
    '    if (phrase.trim() && words.includes(phrase)) return reply;',
    '  }',
    '  return null;',
    '}',
  );
  const bannedWord =
    f.has('moderation') &&
    lines(
      '// The first word of BANNED_WORDS the message contains, or null.',
      'function findBannedWord(text) {',
      '  const words = normalise(text);',
      '  for (const word of BANNED_WORDS) {',
      '    const phrase = normalise(word);',
      '    if (phrase.trim() && words.includes(phrase)) return word;',
      '  }',
      '  return null;',
      '}',
    );
  const helpText =
    f.has('commands') &&
    lines(
      '// HELP_MESSAGE followed by every command the bot answers.',
      'function helpText() {',
      `  const names = Object.keys(COMMAND_REPLIES).map((name) => '${p}' + name);`,
      `  names.push('${p}help');`,
      f.has('reminders') && `  names.push('${p}${remind} <minutes> <text>');`,
      jsHasBehaviourCommands(plan) && `  for (const name of Object.keys(BEHAVIOUR_COMMANDS)) names.push('${p}' + name);`,
      String.raw`  return HELP_MESSAGE + '\n' + names.join('\n');`,
      '}',
    );
  const parseCommand =
    f.has('commands') &&
    options.textCommands &&
    lines(
      `// Splits '${p}${remind} 10 buy milk' into { name: '${remind}', args: ['10', 'buy', 'milk'] }; null when it is no command.`,
      'function parseCommand(text) {',
      "  if (!text.startsWith('/') && !text.startsWith('!')) return null;",
      String.raw`  const parts = text.slice(1).split(/\s+/).filter(Boolean);`,
      '  if (parts.length === 0) return null;',
      '  return { name: parts[0].toLowerCase(), args: parts.slice(1) };',
      '}',
      '',
      '// The answer to a command, or null for a command this bot does not know.',
      'function commandReply(name) {',
      "  if (name === 'help') return helpText();",
      '  return Object.prototype.hasOwnProperty.call(COMMAND_REPLIES, name) ? COMMAND_REPLIES[name] : null;',
      '}',
    );
  const parseReminder =
    f.has('reminders') &&
    lines(
      "// Reads '<minutes> <text>' from the words after the remind command; null when they do not fit.",
      'function parseReminder(args) {',
      String.raw`  if (args.length < 2 || !/^\d+$/.test(args[0]) || Number(args[0]) < 1) return null;`,
      "  return { minutes: Number(args[0]), text: args.slice(1).join(' ') };",
      '}',
    );
  const llm =
    usesModel(plan) &&
    lines(
      "const openai = new OpenAI({ apiKey: requireEnv('OPENAI_API_KEY'), baseURL: process.env.OPENAI_BASE_URL || undefined });",
      '',
      '// Asks the language model to answer the text following the instructions; null when the call fails.',
      'async function askLlm(text, instructions) {',
      '  try {',
      '    const response = await openai.chat.completions.create(',
      '      {',
      '        model: OPENAI_MODEL,',
      '        messages: [',
      "          { role: 'system', content: instructions },",
      "          { role: 'user', content: text },",
      '        ],',
      '      },',
      '      { timeout: 60000 },',
      '    );',
      '    return response.choices[0].message.content || null;',
      '  } catch (error) {',
      "    logError('The language model call failed:', error.message); // the bot keeps running",
      '    return null;',
      '  }',
      '}',
    );
  const replyTo = lines(
    `// Works out the bot's answer to a message${(plan.fallbackMessage === null && !f.has('echo') && !f.has('llm')) || f.has('away') ? ' (null: stay silent)' : ''}.`,
    'async function replyTo(text, sender) {',
    f.has('away') && '  if (!isOpenNow()) return awayReply(sender);',
    textMenu ? '  let reply = menuChoice(text);' : '  let reply = keywordReply(text);',
    textMenu && '  if (reply === null) reply = keywordReply(text);',
    f.has('llm') && '  if (reply === null) reply = await askLlm(text, SYSTEM_PROMPT);',
    f.has('echo') && '  if (reply === null) reply = text; // echo: send the message back',
    plan.fallbackMessage !== null && '  if (reply === null) reply = FALLBACK_MESSAGE;',
    '  return reply;',
    '}',
  );
  return sections(
    1,
    log,
    requireEnv,
    normalise,
    keywordReply,
    bannedWord,
    helpText,
    parseCommand,
    parseReminder,
    llm,
    jsBehaviours(plan, { menu: options.menu, filename: options.filename }),
    replyTo,
  );
}
