// The Telegram adapter of a rendered JavaScript bot (Telegraf 4, long polling): updates become the
// engine's events, the engine's calls become Bot API calls. Only the handlers and calls the plan's
// rules use are written. Patterns from the builtin generator (templates/telegram-javascript.ts).
import { code, lines, sections } from '../compose';
import { copiesReacted, type PlanUses } from '../plan-uses';
import { channelAndOwner, dataFileLine, requiredChecks, REQUIRE_ENV } from './adapter-parts';

export const TELEGRAM_DEPENDENCIES = ['telegraf'];

export function telegramRequires(uses: PlanUses): string {
  return lines(
    `const { ${uses.actions.has('buttons') ? 'Markup, ' : ''}Telegraf } = require('telegraf');`,
    "const { message } = require('telegraf/filters');",
  );
}

const INTRO = code`
// ==== Telegram (Telegraf, long polling) ====

${REQUIRE_ENV}

// The engine's event for a Telegram update (chatName: the group's title, null in a private chat).
function telegramEvent(ctx, type, extra) {
  const from = ctx.from || {};
  return {
    type,
    chat: String(ctx.chat.id),
    chatName: ctx.chat.type === 'private' ? null : ctx.chat.title || ctx.chat.username || null,
    user: String(from.id),
    name: from.first_name || from.username || 'someone',
    text: '',
    mentioned: ctx.chat.type === 'private',
    raw: ctx,
    ...extra,
  };
}`;

function adapter(uses: PlanUses): string {
  const a = uses.actions;
  return lines(
    "// What the engine asks of Telegram. Moderation needs the bot to be a group admin; a refusal is logged.",
    'function telegramAdapter(bot) {',
    '  return {',
    a.has('buttons')
      ? lines(
          '    // Buttons as an inline keyboard, one a row; a press comes back as callback data b:<id>.',
          '    send: (chat, text, buttons) =>',
          "      bot.telegram.sendMessage(chat, text, buttons ? Markup.inlineKeyboard(buttons.map((b) => [Markup.button.callback(b.label, 'b:' + b.id)])) : {}),",
        )
      : '    send: (chat, text) => bot.telegram.sendMessage(chat, text),',
    a.has('poll') && '    sendPoll: (chat, question, options) => bot.telegram.sendPoll(chat, question, options),',
    a.has('react') && "    react: (event, emoji) => bot.telegram.setMessageReaction(event.chat, event.raw.msgId, [{ type: 'emoji', emoji }]),",
    a.has('delete') && '    deleteMessage: (event) => bot.telegram.deleteMessage(event.chat, event.raw.msgId),',
    a.has('mute') &&
      lines(
        '    mute: (event, minutes) =>',
        '      bot.telegram.restrictChatMember(event.chat, Number(event.user), {',
        '        permissions: { can_send_messages: false },',
        '        until_date: Math.floor(Date.now() / 1000) + minutes * 60,',
        '      }),',
      ),
    a.has('kick') &&
      lines(
        '    // Removed, not banned: a ban lifted at once, so they may join again.',
        '    kick: async (event) => {',
        '      await bot.telegram.banChatMember(event.chat, Number(event.user));',
        '      await bot.telegram.unbanChatMember(event.chat, Number(event.user));',
        '    },',
      ),
    a.has('ban') && '    ban: (event) => bot.telegram.banChatMember(event.chat, Number(event.user)),',
    uses.conditions.has('admins') &&
      lines(
        "    isAdmin: async (event) => ['creator', 'administrator'].includes((await bot.telegram.getChatMember(event.chat, Number(event.user))).status),",
      ),
    channelAndOwner('telegram', uses),
    '  };',
    '}',
  );
}

const MENTION = code`
// The bot is mentioned: @its_name in the text, or a reply to one of its messages.
function mentionsBot(ctx) {
  const reply = ctx.message.reply_to_message;
  if (reply && reply.from && reply.from.id === ctx.botInfo.id) return true;
  return ctx.message.text.toLowerCase().includes('@' + String(ctx.botInfo.username).toLowerCase());
}`;

const BUTTON_LABEL = code`
// The label of the pressed button, read from the message's keyboard.
function pressedLabel(ctx) {
  const keyboard = (ctx.callbackQuery.message && ctx.callbackQuery.message.reply_markup) || {};
  for (const row of keyboard.inline_keyboard || []) {
    for (const button of row) if (button.callback_data === ctx.callbackQuery.data) return button.text;
  }
  return '';
}`;

/** The clock of a bot with schedules: the machine's, or the test chat's own in test mode. */
const TEST_CLOCK = code`
// The clock: the machine's; in Botwright's test chat (TEST_CLOCK set) the test chat's own, which its checks
// move to a schedule's moment (getTestClock is the emulator's, never called on Telegram).
let clockShift = 0;
function now() {
  return new Date(Date.now() + clockShift);
}
async function followTestClock(bot) {
  const clock = await bot.telegram.callApi('getTestClock', {}).catch(() => null);
  if (clock && typeof clock.now === 'number') clockShift = clock.now - Date.now();
}`;

/** Telegram tells a reaction's message by its id only: the words of the last 500 messages are kept to copy one. */
const SEEN = code`
// The words of the last 500 messages (chat:message id), so that a reaction to one can pass it on.
const SEEN_TEXTS = new Map();
function remember(message) {
  SEEN_TEXTS.set(message.chat.id + ':' + message.message_id, message.text || message.caption || '');
  if (SEEN_TEXTS.size > 500) SEEN_TEXTS.delete(SEEN_TEXTS.keys().next().value);
}`;

function start(uses: PlanUses): string {
  const t = uses.triggers;
  const allowed = ['message', ...(t.has('button') ? ['callback_query'] : []), ...(t.has('reaction') ? ['message_reaction'] : [])];
  return lines(
    t.has('schedule')
      ? '// Starts the bot: long polling for updates; the schedules are checked every 20 seconds once connected (every second in the test chat).'
      : '// Starts the bot: long polling for updates.',
    'async function start() {',
    "  const token = requireEnv('TELEGRAM_BOT_TOKEN');",
    requiredChecks('telegram', uses),
    "  // The Bot API server: Telegram itself, unless TELEGRAM_API_BASE names another one (Botwright's test chat",
    '  // sets it to its own Telegram emulator).',
    '  const apiBase = process.env.TELEGRAM_API_BASE;',
    '  const bot = new Telegraf(token, apiBase ? { telegram: { apiRoot: apiBase } } : {});',
    dataFileLine(uses),
    `  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: telegramAdapter(bot), dataFile, ${t.has('schedule') ? 'now' : 'now: () => new Date()'} });`,
    '',
    "  bot.on(message('text'), (ctx) => {",
    copiesReacted(uses) && '    remember(ctx.message);',
    `    const mentioned = ctx.chat.type === 'private'${t.has('mention') ? ' || mentionsBot(ctx)' : ''};`,
    "    return engine.handle(telegramEvent(ctx, 'message', { text: ctx.message.text, mentioned }));",
    '  });',
    t.has('join') &&
      lines(
        "  bot.on(message('new_chat_members'), async (ctx) => {",
        '    for (const member of ctx.message.new_chat_members) {',
        "      if (!member.is_bot) await engine.handle(telegramEvent(ctx, 'join', { user: String(member.id), name: member.first_name }));",
        '    }',
        '  });',
      ),
    t.has('leave') &&
      lines(
        "  bot.on(message('left_chat_member'), async (ctx) => {",
        '    const member = ctx.message.left_chat_member;',
        "    if (!member.is_bot) await engine.handle(telegramEvent(ctx, 'leave', { user: String(member.id), name: member.first_name }));",
        '  });',
      ),
    t.has('button') &&
      lines(
        '  bot.action(/^b:(.+)$/, async (ctx) => {',
        "    await ctx.answerCbQuery().catch((error) => logError('Could not answer a button press:', error.message));",
        "    await engine.handle(telegramEvent(ctx, 'button', { buttonId: ctx.match[1], text: pressedLabel(ctx) }));",
        '  });',
      ),
    t.has('reaction') &&
      lines(
        '  // A reaction: each emoji added (not the ones the person had already).',
        "  bot.on('message_reaction', async (ctx) => {",
        '    const before = ctx.messageReaction.old_reaction.map((r) => r.emoji);',
        '    for (const reaction of ctx.messageReaction.new_reaction) {',
        copiesReacted(uses)
          ? "      const text = SEEN_TEXTS.get(ctx.messageReaction.chat.id + ':' + ctx.messageReaction.message_id) || '';"
          : '',
        `      if (reaction.type === 'emoji' && !before.includes(reaction.emoji)) await engine.handle(telegramEvent(ctx, 'reaction', { emoji: reaction.emoji${copiesReacted(uses) ? ', text' : ''} }));`,
        '    }',
        '  });',
      ),
    "  bot.catch((error) => logError('Error while handling an update:', error));",
    "  process.once('SIGINT', () => bot.stop('SIGINT'));",
    "  process.once('SIGTERM', () => bot.stop('SIGTERM'));",
    '',
    "  log(BOT_NAME + ' is starting: polling Telegram for updates');",
    `  await bot.launch({ allowedUpdates: ${JSON.stringify(allowed).replace(/"/g, "'").replace(/,/g, ', ')} }, () => {`,
    "    log(BOT_NAME + ' is connected');",
    t.has('schedule') && "    const tick = () => engine.tick().catch((error) => logError('The schedules failed:', error));",
    t.has('schedule') && '    tick();',
    t.has('schedule') && '    // Unref: a stopped bot exits without waiting for the next look at the clock.',
    t.has('schedule') && '    if (process.env.TEST_CLOCK) setInterval(() => followTestClock(bot).then(tick), 1000).unref();',
    t.has('schedule') && '    else setInterval(tick, 20000).unref();',
    '  });',
    '}',
  );
}

/** The adapter and start(), after the engine. */
export function telegramCode(uses: PlanUses): string {
  return sections(
    1,
    INTRO,
    adapter(uses),
    uses.triggers.has('mention') && MENTION,
    copiesReacted(uses) && SEEN,
    uses.triggers.has('button') && BUTTON_LABEL,
    uses.triggers.has('schedule') && TEST_CLOCK,
    start(uses),
  );
}
