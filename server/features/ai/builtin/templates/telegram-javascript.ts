// Telegram in JavaScript: Telegraf 4 (long polling), CommonJS so it runs with plain `node`.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures } from './python-common';
import { jsHeader, jsHelpers, jsRequires, jsSettings } from './javascript-common';

export function telegramJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;

  const requires = jsRequires(
    "const { Telegraf } = require('telegraf');",
    "const { message } = require('telegraf/filters');",
    f.has('llm') && "const OpenAI = require('openai');",
  );

  const who = lines(
    '// A readable name for a Telegram user for the log.',
    'function who(user) {',
    "  if (!user) return 'someone';",
    "  return user.username ? '@' + user.username : user.first_name;",
    '}',
  );

  const bot = lines(
    "const token = requireEnv('TELEGRAM_BOT_TOKEN');",
    "// The Bot API server: Telegram itself, unless TELEGRAM_API_BASE names another one (Botwright's",
    '// test chat sets it to its own Telegram emulator).',
    'const apiBase = process.env.TELEGRAM_API_BASE;',
    'const bot = new Telegraf(token, apiBase ? { telegram: { apiRoot: apiBase } } : {});',
  );

  const commands = lines(
    '// The commands of COMMAND_REPLIES (/start and the ones you add).',
    'bot.command(Object.keys(COMMAND_REPLIES), async (ctx) => {',
    String.raw`  const name = ctx.message.text.split(/\s+/)[0].slice(1).split('@')[0].toLowerCase();`,
    "  log('/' + name + ' from ' + who(ctx.from));",
    '  await ctx.reply(COMMAND_REPLIES[name] || helpText());',
    '});',
    '',
    'bot.help(async (ctx) => {',
    "  log('/help from ' + who(ctx.from));",
    '  await ctx.reply(helpText());',
    '});',
  );

  const remind =
    f.has('reminders') &&
    lines(
      '// /remind <minutes> <text>: sends the text back after that many minutes.',
      "bot.command('remind', async (ctx) => {",
      String.raw`  const parsed = parseReminder(ctx.message.text.split(/\s+/).slice(1));`,
      '  if (!parsed) {',
      '    await ctx.reply(REMINDER_USAGE);',
      '    return;',
      '  }',
      '  const chatId = ctx.chat.id;',
      "  log('Reminder for ' + who(ctx.from) + ' in ' + parsed.minutes + ' minute(s): ' + parsed.text);",
      "  await ctx.reply('OK, I will remind you in ' + parsed.minutes + ' minute(s).');",
      '  setTimeout(() => {',
      "    bot.telegram.sendMessage(chatId, 'Reminder: ' + parsed.text)",
      "      .then(() => log('Sent a reminder to chat ' + chatId + ': ' + parsed.text))",
      "      .catch((error) => logError('Could not send a reminder to chat ' + chatId + ':', error.message));",
      '  }, parsed.minutes * 60 * 1000);',
      '});',
    );

  const welcome =
    f.has('welcome') &&
    lines(
      '// Greets each new member of a group.',
      "bot.on(message('new_chat_members'), async (ctx) => {",
      '  for (const member of ctx.message.new_chat_members) {',
      '    if (member.is_bot) continue;',
      "    log('New member: ' + who(member));",
      "    await ctx.reply(WELCOME_MESSAGE.replace('{name}', member.first_name));",
      '  }',
      '});',
    );

  const onText = lines(
    '// Answers every text message that is not a command.',
    "bot.on(message('text'), async (ctx) => {",
    '  const text = ctx.message.text;',
    "  if (text.startsWith('/')) return; // an unknown command",
    "  log('Message from ' + who(ctx.from) + ': ' + text);",
    f.has('moderation') &&
      lines(
        '  const banned = findBannedWord(text);',
        '  if (banned !== null) {',
        "    log('Removing a message from ' + who(ctx.from) + ': it contains \"' + banned + '\"');",
        '    try {',
        '      await ctx.deleteMessage();',
        '    } catch (error) {',
        "      logError('Could not delete the message (make the bot an admin of the group):', error.message);",
        '    }',
        "    await ctx.reply(BANNED_WORD_WARNING.replace('{name}', who(ctx.from)));",
        '    return;',
        '  }',
      ),
    '  const reply = await replyTo(text);',
    '  if (reply) {',
    '    await ctx.reply(reply);',
    "    log('Replied to ' + who(ctx.from) + ': ' + reply);",
    '  }',
    '});',
  );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'let postIndex = 0;',
      '',
      '// Posts SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES.',
      'async function postScheduled(chatId) {',
      '  const text = SCHEDULED_POSTS[postIndex % SCHEDULED_POSTS.length];',
      '  postIndex += 1;',
      '  try {',
      '    await bot.telegram.sendMessage(chatId, text);',
      "    log('Posted to ' + chatId + ': ' + text);",
      '  } catch (error) {',
      "    logError('Scheduled post to ' + chatId + ' failed:', error.message);",
      '  }',
      '}',
    );

  const main = lines(
    "bot.catch((error) => logError('Error while handling an update:', error));",
    '',
    'async function main() {',
    f.has('scheduled') &&
      lines(
        "  const chatId = requireEnv('TELEGRAM_CHAT_ID');",
        '  setInterval(() => postScheduled(chatId), POST_INTERVAL_MINUTES * 60 * 1000);',
        "  log('Posting to ' + chatId + ' every ' + POST_INTERVAL_MINUTES + ' minute(s)');",
      ),
    "  log(BOT_NAME + ' is starting: polling Telegram for updates');",
    '  await bot.launch();',
    '}',
    '',
    "process.once('SIGINT', () => bot.stop('SIGINT'));",
    "process.once('SIGTERM', () => bot.stop('SIGTERM'));",
    'main().catch((error) => {',
    "  logError('The bot stopped:', error);",
    '  process.exit(1);',
    '});',
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: false }),
    who,
    bot,
    commands,
    remind,
    welcome,
    onText,
    scheduled,
    main,
  )}\n`;
}
