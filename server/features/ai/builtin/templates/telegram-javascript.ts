// Telegram in JavaScript: Telegraf 4 (long polling), CommonJS so it runs with plain `node`.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { jsBehaviourRequires, jsHasBehaviourCommands } from './behaviours-javascript';
import { jsStartJobs } from './behaviours-javascript-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { jsHeader, jsHelpers, jsRequires, jsSettings, jsStartOrExit } from './javascript-common';

export function telegramJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const remind = plan.commands.remind ?? 'remind';
  const mutes = f.has('moderation') && plan.warnLimit > 0;

  const requires = jsRequires(
    `const { ${f.has('menu') ? 'Markup, ' : ''}Telegraf } = require('telegraf');`,
    "const { message } = require('telegraf/filters');",
    ...jsBehaviourRequires(plan),
    usesModel(plan) && "const OpenAI = require('openai');",
  );

  const who = code`
// A readable name for a Telegram user for the log.
function who(user) {
  if (!user) return 'someone';
  return user.username ? '@' + user.username : user.first_name;
}

// Who sent an update: the chat, the person's id and a name to call them.
function senderOf(ctx) {
  return { chat: String(ctx.chat.id), user: String(ctx.from ? ctx.from.id : ctx.chat.id), name: who(ctx.from) };
}`;

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

  const behaviours =
    jsHasBehaviourCommands(plan) &&
    sections(
      1,
      lines(
        `// Sends what a behaviour answered: a text${f.has('polls') ? ', a poll' : ''}${f.has('menu') ? ' or the menu' : ''}.`,
        'async function sendAnswer(ctx, answer) {',
        '  if (!answer) return;',
        f.has('polls') && '  if (answer.poll) return ctx.replyWithPoll(answer.poll, answer.options);',
        f.has('menu') && '  if (answer.menu) return ctx.reply(answer.text, menuKeyboard());',
        '  return ctx.reply(answer);',
        '}',
      ),
      f.has('menu') &&
        code`
// MENU as inline buttons, one per row.
function menuKeyboard() {
  return Markup.inlineKeyboard(MENU.map((item, index) => [Markup.button.callback(item.label, 'menu:' + index)]));
}

// A press on a menu button: answered with the item's reply.
bot.action(/^menu:(\d+)$/, async (ctx) => {
  const item = MENU[Number(ctx.match[1])];
  await ctx.answerCbQuery();
  if (!item) return;
  log('Menu "' + item.label + '" from ' + who(ctx.from));
  await ctx.reply(item.reply);
});`,
      code`
// The behaviours' commands (BEHAVIOUR_COMMANDS).
bot.command(Object.keys(BEHAVIOUR_COMMANDS), async (ctx) => {
  const [first, ...args] = ctx.message.text.split(/\s+/);
  const name = first.slice(1).split('@')[0].toLowerCase();
  await sendAnswer(ctx, await runBehaviour(name, args, senderOf(ctx)));
});`,
    );

  const remindHandler =
    f.has('reminders') &&
    lines(
      `// /${remind} <minutes> <text>: sends the text back after that many minutes.`,
      `bot.command('${remind}', async (ctx) => {`,
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
      "    await ctx.reply(WELCOME_MESSAGE.split('{name}').join(member.first_name));",
      '  }',
      '});',
    );

  const goodbye =
    f.has('goodbye') &&
    code`
// Says goodbye when a member leaves the group.
bot.on(message('left_chat_member'), async (ctx) => {
  const member = ctx.message.left_chat_member;
  if (member.is_bot) return;
  log('Member left: ' + who(member));
  await ctx.reply(GOODBYE_MESSAGE.split('{name}').join(member.first_name));
});`;

  const warn = mutes
    ? code`
    const count = addWarning(sender);
    if (mustMute(count)) {
      try {
        const until = Math.floor(Date.now() / 1000) + MUTE_MINUTES * 60;
        await ctx.restrictChatMember(ctx.from.id, { permissions: { can_send_messages: false }, until_date: until });
        log('Muted ' + who(ctx.from) + ' for ' + MUTE_MINUTES + ' minute(s)');
        await ctx.reply(muteText(sender));
        return;
      } catch (error) {
        logError('Could not mute ' + who(ctx.from) + ' (the bot must be a group admin allowed to ban users; owners and admins cannot be muted):', error.message);
      }
    }
    await ctx.reply(warningText(sender, count));`
    : "    await ctx.reply(BANNED_WORD_WARNING.split('{name}').join(sender.name));";

  const onText = lines(
    '// Answers every text message that is not a command.',
    "bot.on(message('text'), async (ctx) => {",
    '  const text = ctx.message.text;',
    "  if (text.startsWith('/')) return; // an unknown command",
    '  const sender = senderOf(ctx);',
    "  log('Message from ' + sender.name + ': ' + text);",
    f.has('counter') && '  countMessage(sender);',
    f.has('moderation') &&
      lines(
        '  const banned = findBannedWord(text);',
        '  if (banned !== null) {',
        "    log('Removing a message from ' + sender.name + ': it contains \"' + banned + '\"');",
        '    try {',
        '      await ctx.deleteMessage();',
        '    } catch (error) {',
        "      logError('Could not delete the message (make the bot an admin of the group):', error.message);",
        '    }',
        warn,
        '    return;',
        '  }',
      ),
    '  const reply = await replyTo(text, sender);',
    '  if (reply) {',
    '    await ctx.reply(reply);',
    "    log('Replied to ' + sender.name + ': ' + reply);",
    '  }',
    '});',
  );

  const startJobs =
    (f.has('scheduled') || f.has('news')) &&
    (f.has('scheduled')
      ? lines(
          "  const chatId = requireEnv('TELEGRAM_CHAT_ID');",
          '  const send = (text) => bot.telegram.sendMessage(chatId, text);',
          jsStartJobs(plan, 'send', '  '),
          plan.postByInterval
            ? "  log('Posting to ' + chatId + ' every ' + POST_INTERVAL_MINUTES + ' minute(s)');"
            : "  log('Posting to ' + chatId + ' at ' + POST_TIMES.join(', '));",
        )
      : lines(
          "  const chatId = (process.env.TELEGRAM_CHAT_ID || '').trim();",
          '  if (chatId) {',
          '    const send = (text) => bot.telegram.sendMessage(chatId, text);',
          jsStartJobs(plan, 'send', '    '),
          "    log('Posting new headlines to ' + chatId + ' every ' + NEWS_INTERVAL_MINUTES + ' minute(s)');",
          '  } else {',
          `    log('TELEGRAM_CHAT_ID is not set: new headlines are not posted (/${plan.commands.news} still shows them)');`,
          '  }',
        ));

  const main = lines(
    "bot.catch((error) => logError('Error while handling an update:', error));",
    '',
    'async function main() {',
    startJobs,
    "  log(BOT_NAME + ' is starting: polling Telegram for updates');",
    '  await bot.launch();',
    '}',
    '',
    "process.once('SIGINT', () => bot.stop('SIGINT'));",
    "process.once('SIGTERM', () => bot.stop('SIGTERM'));",
    jsStartOrExit(),
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: false, menu: 'buttons', filename }),
    who,
    bot,
    commands,
    behaviours,
    remindHandler,
    welcome,
    goodbye,
    onText,
    main,
  )}\n`;
}
