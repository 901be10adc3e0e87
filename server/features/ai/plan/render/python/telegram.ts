// The Telegram part of a rendered Python bot (python-telegram-bot 21, asyncio, long polling): an
// adapter the engine acts through, the handlers turning updates into events, and main().

import { code, lines, replacedIn, sections } from '../compose';
import { BACKGROUND_TASKS, channelAndOwner, dataFileLine, platformCode, type PyPlatform, REQUIRE_ENV, requiredChecks } from './platform';
import type { Usage } from './usage';
import { copiesReacted } from '../plan-uses';

/** The clock of a bot with schedules: the machine's, or the test chat's own in test mode. */
const TEST_CLOCK = code`
test_clock = {"shift": 0.0}  # seconds the test chat's clock is ahead of the machine's


def now():
    """The time: the machine's; in Botwright's test chat (TEST_CLOCK set) the test chat's own, which its
    checks move to a schedule's moment."""
    return utc_now() + timedelta(seconds=test_clock["shift"])


async def follow_test_clock(bot):
    """Reads the test chat's clock (getTestClock is the emulator's, never called on Telegram)."""
    try:
        clock = await bot.do_api_request("getTestClock")
        test_clock["shift"] = clock["now"] / 1000 - time.time()
    except Exception as error:  # the schedules go on by the machine's clock
        logger.warning("Could not read the test chat's clock: %s", error)`;

/** tick_forever(engine, bot): the schedule rules every 20 seconds (every second, by the test clock, in the test chat). */
const TICK_FOREVER = code`
async def tick_forever(engine, bot):
    """Calls engine.tick() every 20 seconds (every second in the test chat): the schedule rules."""
    test_mode = bool(os.getenv("TEST_CLOCK"))
    while True:
        if test_mode:
            await follow_test_clock(bot)
        try:
            await engine.tick()
        except Exception as error:  # the schedule goes on
            logger.error("The schedule failed: %s", error, exc_info=error)
        await asyncio.sleep(1 if test_mode else 20)`;

const SEND_WITH_BUTTONS = code`
        markup = None
        if buttons:  # one button per row; a press comes back with callback data "b:<id>"
            markup = InlineKeyboardMarkup([[InlineKeyboardButton(button["label"], callback_data="b:" + button["id"])] for button in buttons])
        await self.bot.send_message(chat, text, reply_markup=markup)`;

const MUTE = code`

    async def mute(self, event, minutes):
        """No messages from the sender for that long (the bot must be a group admin allowed to ban users)."""
        until = int(time.time()) + minutes * 60
        await self.bot.restrict_chat_member(event["chat"], int(event["user"]), ChatPermissions(can_send_messages=False), until_date=until)`;

const KICK = code`

    async def kick(self, event):
        """Removes the sender; unbanned at once, so they may join again."""
        await self.bot.ban_chat_member(event["chat"], int(event["user"]))
        await self.bot.unban_chat_member(event["chat"], int(event["user"]), only_if_banned=True)`;

const IS_ADMIN = code`

    async def is_admin(self, event):
        try:
            member = await self.bot.get_chat_member(event["chat"], int(event["user"]))
        except TelegramError as error:  # a private chat, or the bot cannot see the members
            logger.warning("Could not check whether %s is an admin: %s", event["name"], error)
            return False
        return member.status in ("administrator", "creator")`;

const EVENT_OF = code`
def event_of(update, kind, user, text, **more):
    """An event for the engine: the chat, who, their words (private chats count as mentioning the bot)."""
    chat = update.effective_chat
    return {
        "type": kind,
        "chat": str(chat.id),
        "chatName": None if chat.type == "private" else (chat.title or chat.username),
        "user": str(user.id) if user else str(chat.id),
        "name": user.first_name if user else (chat.title or ""),
        "text": text,
        "mentioned": chat.type == "private",
        "raw": update,
        **more,
    }`;

const MENTIONS_BOT = code`
def mentions_bot(message, bot):
    """True when a message names the bot (@its_name) or answers one of its messages."""
    replied = message.reply_to_message
    named = ("@" + (bot.username or "")).lower() in (message.text or "").lower()
    return named or bool(replied and replied.from_user and replied.from_user.id == bot.id)`;

const MESSAGE_ID = code`
def message_id(event):
    """The message an event is about: the message itself, or the one reacted to."""
    update = event["raw"]
    if update.message_reaction:
        return update.message_reaction.message_id
    return update.effective_message.message_id`;

const ON_JOIN = code`
    async def on_join(update, context):
        for member in update.effective_message.new_chat_members:
            if not member.is_bot:
                await engine.handle(event_of(update, "join", member, ""))`;

const ON_LEAVE = code`
    async def on_leave(update, context):
        member = update.effective_message.left_chat_member
        if not member.is_bot:
            await engine.handle(event_of(update, "leave", member, ""))`;

const ON_BUTTON = code`
    async def on_button(update, context):
        query = update.callback_query
        await query.answer()
        markup = query.message.reply_markup if query.message else None
        rows = markup.inline_keyboard if markup else ()
        label = next((button.text for row in rows for button in row if button.callback_data == query.data), "")
        await engine.handle(event_of(update, "button", query.from_user, label, buttonId=query.data[2:]))`;

const ON_REACTION = code`
    async def on_reaction(update, context):
        reaction = update.message_reaction
        before = {getattr(old, "emoji", None) for old in reaction.old_reaction}
        for new in reaction.new_reaction:
            emoji = getattr(new, "emoji", None)  # custom emoji have none
            if emoji and emoji not in before:
                await engine.handle(event_of(update, "reaction", reaction.user, "", emoji=emoji))`;

/** The same, with the words of the message reacted to, when the bot saw it (a rule sends the owner a copy of it). */
const ON_REACTION_COPY = replacedIn(ON_REACTION, 'reaction.user, "",', 'reaction.user, SEEN_TEXTS.get((reaction.chat.id, reaction.message_id), ""),');

/** Telegram tells a reaction's message by its id only: the words of the last messages are kept to copy one. */
const SEEN = code`
SEEN_TEXTS = {}  # (chat id, message id) -> the words of the last 500 messages, for a reaction's copy


def remember(message):
    """Keeps a message's words, so that a reaction to it can be passed on with them."""
    SEEN_TEXTS[(message.chat_id, message.message_id)] = message.text or message.caption or ""
    if len(SEEN_TEXTS) > 500:
        SEEN_TEXTS.pop(next(iter(SEEN_TEXTS)))`;

const ON_ERROR = code`
    async def on_error(update, context):
        logger.error("Error while handling an update: %s", context.error, exc_info=context.error)`;

/** The imports: the standard library's, and python-telegram-bot's names the bot uses. */
function imports(u: Usage): Pick<PyPlatform, 'stdlib' | 'thirdParty'> {
  const a = u.actions;
  const t = u.triggers;
  const schedule = t.has('schedule');
  const buttons = a.has('buttons') || t.has('button');
  const telegramNames = ['Update', ...(a.has('mute') ? ['ChatPermissions'] : []), ...(a.has('buttons') ? ['InlineKeyboardButton', 'InlineKeyboardMarkup'] : [])].sort();
  const extNames = ['Application', 'MessageHandler', ...(buttons ? ['CallbackQueryHandler'] : []), ...(t.has('reaction') ? ['MessageReactionHandler'] : [])].sort();
  const thirdParty = [
    `from telegram import ${telegramNames.join(', ')}`,
    ...(u.conditions.has('admins') ? ['from telegram.error import TelegramError'] : []),
    `from telegram.ext import ${[...extNames, 'filters'].join(', ')}`,
  ];
  const stdlib = ['logging', 'os', ...(schedule ? ['asyncio'] : []), ...(a.has('mute') || schedule ? ['time'] : []), ...(schedule ? ['from datetime import timedelta'] : [])];
  return { stdlib, thirdParty };
}

function adapter(u: Usage): string {
  const a = u.actions;
  return lines(
    'class TelegramAdapter:',
    '    """What the engine calls to act on Telegram (the bot is set once the application is built)."""',
    '',
    '    def __init__(self):',
    '        self.bot = None',
    '',
    '    async def send(self, chat, text, buttons=None):',
    a.has('buttons') ? SEND_WITH_BUTTONS : '        await self.bot.send_message(chat, text)',
    '        logger.info("Sent to %s: %s", chat, text)',
    a.has('poll') && '\n    async def send_poll(self, chat, question, options):\n        await self.bot.send_poll(chat, question, options)',
    a.has('react') && '\n    async def react(self, event, emoji):\n        await self.bot.set_message_reaction(event["chat"], message_id(event), emoji)',
    a.has('delete') && '\n    async def delete_message(self, event):\n        await self.bot.delete_message(event["chat"], message_id(event))',
    a.has('mute') && MUTE,
    a.has('kick') && KICK,
    a.has('ban') && '\n    async def ban(self, event):\n        await self.bot.ban_chat_member(event["chat"], int(event["user"]))',
    u.conditions.has('admins') && IS_ADMIN,
    channelAndOwner('telegram', u),
  );
}

function helpers(u: Usage): string {
  return sections(
    2,
    REQUIRE_ENV,
    EVENT_OF,
    u.triggers.has('mention') && MENTIONS_BOT,
    copiesReacted(u) && SEEN,
    (u.actions.has('react') || u.actions.has('delete')) && MESSAGE_ID,
    u.triggers.has('schedule') && lines(BACKGROUND_TASKS, '', '', TEST_CLOCK, '', '', TICK_FOREVER),
  );
}

/** connect(): the handlers of the updates the rules need, each turned into an event for the engine. */
function handlers(u: Usage): string {
  const t = u.triggers;
  const buttons = u.actions.has('buttons') || t.has('button');
  const onMessage = lines(
    '    async def on_message(update, context):',
    '        message = update.effective_message',
    '        event = event_of(update, "message", update.effective_user, message.text or "")',
    copiesReacted(u) && '        remember(message)',
    t.has('mention') && '        event["mentioned"] = event["mentioned"] or mentions_bot(message, context.bot)',
    '        logger.info("Message from %s: %s", event["name"], event["text"])',
    '        await engine.handle(event)',
  );
  return sections(
    1,
    lines('def connect(application, engine):', '    """The handlers: every update becomes an event for the engine."""'),
    onMessage,
    t.has('join') && ON_JOIN,
    t.has('leave') && ON_LEAVE,
    buttons && ON_BUTTON,
    t.has('reaction') && (copiesReacted(u) ? ON_REACTION_COPY : ON_REACTION),
    ON_ERROR,
    lines(
      '    application.add_handler(MessageHandler(filters.TEXT & filters.UpdateType.MESSAGE, on_message))',
      t.has('join') && '    application.add_handler(MessageHandler(filters.StatusUpdate.NEW_CHAT_MEMBERS, on_join))',
      t.has('leave') && '    application.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, on_leave))',
      buttons && '    application.add_handler(CallbackQueryHandler(on_button, pattern=r"^b:"))',
      t.has('reaction') && '    application.add_handler(MessageReactionHandler(on_reaction))',
      '    application.add_error_handler(on_error)',
    ),
  );
}

/** main()'s hooks that start the schedules with the bot and end them with it. */
const TICKING = lines(
  '',
  '    async def start_ticking(application):',
  '        background_tasks.add(asyncio.create_task(tick_forever(engine, application.bot)))',
  '',
  '    async def stop_ticking(application):',
  "        # The schedules end with the bot: no task is left pending at exit.",
  '        for task in background_tasks:',
  '            task.cancel()',
  '        await asyncio.gather(*background_tasks, return_exceptions=True)',
  '',
  '    builder = builder.post_init(start_ticking).post_stop(stop_ticking)',
);

function main(u: Usage): string {
  const schedule = u.triggers.has('schedule');
  return lines(
    'def main():',
    '    token = require_env("TELEGRAM_BOT_TOKEN")',
    requiredChecks('telegram', u),
    dataFileLine(u),
    '    adapter = TelegramAdapter()',
    `    engine = Engine(RULES, SETTINGS, adapter, data_file, ${schedule ? 'now' : 'utc_now'})`,
    '    builder = Application.builder().token(token)',
    "    # The Bot API server: Telegram itself, unless TELEGRAM_API_BASE names another one (Botwright's",
    '    # test chat sets it to its own Telegram emulator). The library adds the token after "/bot".',
    '    api_base = os.getenv("TELEGRAM_API_BASE")',
    '    if api_base:',
    '        builder = builder.base_url(f"{api_base}/bot").base_file_url(f"{api_base}/file/bot")',
    schedule && TICKING,
    '    application = builder.build()',
    '    adapter.bot = application.bot',
    '    connect(application, engine)',
    '    logger.info("%s is starting: polling Telegram for updates", BOT_NAME)',
    '    application.run_polling(allowed_updates=Update.ALL_TYPES)  # all: reactions are not sent otherwise',
  );
}

export function telegramPython(u: Usage): PyPlatform {
  return {
    label: 'a Telegram bot (python-telegram-bot 21)',
    ...imports(u),
    quiet: ['httpx'],
    dependencies: ['python-telegram-bot'],
    code: platformCode('# ---- Telegram: updates become events for the engine; the engine acts through the adapter ----', adapter(u), helpers(u), handlers(u), main(u)),
  };
}
