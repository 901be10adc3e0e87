// Telegram in Python: python-telegram-bot v21 (async Application, long polling).

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { hasBehaviourCommands } from './behaviours-python';
import { pyStartJobs } from './behaviours-python-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { pyHeader, pyHelpers, pyImports, pyLogging, pySettings, type PyOptions } from './python-common';

export function telegramPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const background = f.has('scheduled') || f.has('reminders') || f.has('news');
  const mutes = f.has('moderation') && plan.warnLimit > 0;
  const options: PyOptions = { async: true, textCommands: false, menu: 'buttons', filename };
  const remind = plan.commands.remind ?? 'remind';

  const telegramNames = ['Update', ...(mutes ? ['ChatPermissions'] : []), ...(f.has('menu') ? ['InlineKeyboardButton', 'InlineKeyboardMarkup'] : [])].sort();
  const extNames = ['Application', 'CommandHandler', 'ContextTypes', 'MessageHandler', 'filters', ...(f.has('menu') ? ['CallbackQueryHandler'] : [])];
  const imports = pyImports(
    [background && 'asyncio', 'logging', 'os', 're', mutes && 'time'].filter((m): m is string => Boolean(m)),
    [
      `from telegram import ${telegramNames.join(', ')}`,
      (f.has('moderation') || background) && 'from telegram.error import TelegramError',
      `from telegram.ext import ${extNames.sort((a, b) => (a === 'filters' ? 1 : b === 'filters' ? -1 : a.localeCompare(b))).join(', ')}`,
      usesModel(plan) && 'from openai import AsyncOpenAI',
    ],
    { plan, options },
  );

  const who = code`
def who(user):
    """A readable name for a Telegram user (or chat) for the log."""
    if user is None:
        return "someone"
    return "@" + user.username if user.username else user.first_name


def sender_of(update):
    """Who sent an update: the chat, the person's id and a name to call them."""
    user = update.effective_user
    chat = update.effective_chat
    return Sender(str(chat.id), str(user.id if user else chat.id), who(user))`;

  const answerCommand = lines(
    'async def answer_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:',
    '    """Answers the commands of COMMAND_REPLIES (/start and the ones you add)."""',
    '    message = update.effective_message',
    '    name = message.text.split()[0][1:].split("@")[0].lower()',
    '    logger.info("/%s from %s", name, who(update.effective_user))',
    '    await message.reply_text(COMMAND_REPLIES.get(name) or help_text())',
  );

  const sendHelp = lines(
    'async def send_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:',
    '    """/help: lists the commands."""',
    '    logger.info("/help from %s", who(update.effective_user))',
    '    await update.effective_message.reply_text(help_text())',
  );

  const behaviours =
    hasBehaviourCommands(plan) &&
    sections(
      2,
      lines(
        'async def send_answer(message, answer):',
        `    """Sends what a behaviour answered: a text${f.has('polls') ? ', a poll' : ''}${f.has('menu') ? ' or the menu' : ''}."""`,
        f.has('polls') && '    if isinstance(answer, dict) and "poll" in answer:',
        f.has('polls') && '        await message.reply_poll(answer["poll"], answer["options"])',
        f.has('menu') && `    ${f.has('polls') ? 'elif' : 'if'} isinstance(answer, dict) and "menu" in answer:`,
        f.has('menu') && '        await message.reply_text(answer["text"], reply_markup=menu_keyboard())',
        `    ${f.has('polls') || f.has('menu') ? 'elif' : 'if'} answer:`,
        '        await message.reply_text(answer)',
      ),
      code`
async def behaviour_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The behaviours' commands (BEHAVIOUR_COMMANDS)."""
    message = update.effective_message
    name = message.text.split()[0][1:].split("@")[0].lower()
    await send_answer(message, await run_behaviour(name, context.args or [], sender_of(update)))`,
      f.has('menu') &&
        code`
def menu_keyboard():
    """MENU as inline buttons, one per row."""
    rows = [[InlineKeyboardButton(item["label"], callback_data="menu:" + str(index))] for index, item in enumerate(MENU)]
    return InlineKeyboardMarkup(rows)


async def menu_pressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A press on a menu button: answered with the item's reply."""
    query = update.callback_query
    await query.answer()
    index = int(query.data.split(":")[1])
    if index < len(MENU):
        logger.info("Menu %r from %s", MENU[index]["label"], who(update.effective_user))
        await query.message.reply_text(MENU[index]["reply"])`,
    );

  const remindHandler =
    f.has('reminders') &&
    lines(
      'async def send_later(bot, chat_id, minutes, text):',
      '    """Waits, then sends the reminder."""',
      '    await asyncio.sleep(minutes * 60)',
      '    try:',
      '        await bot.send_message(chat_id, "Reminder: " + text)',
      '        logger.info("Sent a reminder to chat %s: %s", chat_id, text)',
      '    except TelegramError as error:',
      '        logger.error("Could not send a reminder to chat %s: %s", chat_id, error)',
      '',
      '',
      'async def remind(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:',
      `    """/${remind} <minutes> <text>: sends the text back after that many minutes."""`,
      '    message = update.effective_message',
      '    parsed = parse_reminder(context.args or [])',
      '    if parsed is None:',
      '        await message.reply_text(REMINDER_USAGE)',
      '        return',
      '    minutes, text = parsed',
      '    logger.info("Reminder for %s in %d minute(s): %s", who(update.effective_user), minutes, text)',
      '    await message.reply_text("OK, I will remind you in " + str(minutes) + " minute(s).")',
      '    keep(asyncio.create_task(send_later(context.bot, message.chat_id, minutes, text)))',
    );

  const welcome =
    f.has('welcome') &&
    lines(
      'async def welcome(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:',
      '    """Greets each new member of a group."""',
      '    for member in update.effective_message.new_chat_members:',
      '        if member.is_bot:',
      '            continue',
      '        logger.info("New member: %s", who(member))',
      '        await update.effective_message.reply_text(WELCOME_MESSAGE.replace("{name}", member.first_name))',
    );

  const goodbye =
    f.has('goodbye') &&
    code`
async def goodbye(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Says goodbye when a member leaves the group."""
    member = update.effective_message.left_chat_member
    if member.is_bot:
        return
    logger.info("Member left: %s", who(member))
    await context.bot.send_message(update.effective_chat.id, GOODBYE_MESSAGE.replace("{name}", member.first_name))`;

  const warn = mutes
    ? code`
        count = add_warning(sender)
        if must_mute(count):
            try:
                until = int(time.time()) + MUTE_MINUTES * 60
                await context.bot.restrict_chat_member(message.chat_id, update.effective_user.id, ChatPermissions(can_send_messages=False), until_date=until)
                logger.info("Muted %s for %s minute(s)", sender.name, MUTE_MINUTES)
                await context.bot.send_message(message.chat_id, mute_text(sender))
                return
            except TelegramError as error:
                logger.warning("Could not mute %s (the bot must be a group admin allowed to ban users): %s", sender.name, error)
        await context.bot.send_message(message.chat_id, warning_text(sender, count))`
    : '        await context.bot.send_message(message.chat_id, BANNED_WORD_WARNING.replace("{name}", sender.name))';

  const onText = lines(
    'async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:',
    '    """Answers every text message that is not a command."""',
    '    message = update.effective_message',
    '    text = message.text or ""',
    '    sender = sender_of(update)',
    '    logger.info("Message from %s: %s", sender.name, text)',
    f.has('counter') && '    count_message(sender)',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Removing a message from %s: it contains %r", sender.name, banned)',
        '        try:',
        '            await message.delete()',
        '        except TelegramError as error:',
        '            logger.warning("Could not delete the message (make the bot an admin of the group): %s", error)',
        warn,
        '        return',
      ),
    '    reply = await reply_to(text, sender)',
    '    if reply:',
    '        await message.reply_text(reply)',
    '        logger.info("Replied to %s: %s", sender.name, reply)',
  );

  const onError = lines(
    'async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:',
    '    """Logs errors instead of stopping the bot."""',
    '    logger.error("Error while handling an update: %s", context.error, exc_info=context.error)',
  );

  const jobs = f.has('scheduled') || f.has('news');
  const startJobs =
    jobs &&
    lines(
      f.has('scheduled') ? '    chat_id = require_env("TELEGRAM_CHAT_ID")' : '    chat_id = os.getenv("TELEGRAM_CHAT_ID", "").strip()',
      '',
      '    async def start_background_jobs(application: Application) -> None:',
      '        async def send(text):',
      '            await application.bot.send_message(chat_id, text)',
      '',
      f.has('scheduled')
        ? lines(pyStartJobs(plan, true, 'send', '        '), '        logger.info("Posting to %s", chat_id)')
        : lines(
            '        if not chat_id:',
            `            logger.info("TELEGRAM_CHAT_ID is not set: new headlines are not posted (/${plan.commands.news} still shows them)")`,
            '            return',
            pyStartJobs(plan, true, 'send', '        '),
            '        logger.info("Posting new headlines to %s every %s minute(s)", chat_id, NEWS_INTERVAL_MINUTES)',
          ),
      '',
    );

  const main = lines(
    'def main() -> None:',
    '    token = require_env("TELEGRAM_BOT_TOKEN")',
    startJobs,
    '    builder = Application.builder().token(token)',
    "    # The Bot API server: Telegram itself, unless TELEGRAM_API_BASE names another one (Botwright's",
    '    # test chat sets it to its own Telegram emulator). The library adds the token after "/bot".',
    '    api_base = os.getenv("TELEGRAM_API_BASE")',
    '    if api_base:',
    '        builder = builder.base_url(f"{api_base}/bot").base_file_url(f"{api_base}/file/bot")',
    jobs && '    application = builder.post_init(start_background_jobs).build()',
    !jobs && '    application = builder.build()',
    '    if COMMAND_REPLIES:',
    '        application.add_handler(CommandHandler(list(COMMAND_REPLIES), answer_command))',
    '    application.add_handler(CommandHandler("help", send_help))',
    f.has('reminders') && `    application.add_handler(CommandHandler("${remind}", remind))`,
    hasBehaviourCommands(plan) && '    application.add_handler(CommandHandler(list(BEHAVIOUR_COMMANDS), behaviour_command))',
    f.has('menu') && '    application.add_handler(CallbackQueryHandler(menu_pressed, pattern=r"^menu:\\d+$"))',
    f.has('welcome') && '    application.add_handler(MessageHandler(filters.StatusUpdate.NEW_CHAT_MEMBERS, welcome))',
    f.has('goodbye') && '    application.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, goodbye))',
    '    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND & filters.UpdateType.MESSAGE, on_text))',
    '    application.add_error_handler(on_error)',
    '    logger.info("%s is starting: polling Telegram for updates", BOT_NAME)',
    '    application.run_polling(allowed_updates=Update.ALL_TYPES)',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan, ['httpx']), pySettings(plan)),
    pyHelpers(plan, options),
    who,
    answerCommand,
    sendHelp,
    behaviours,
    remindHandler,
    welcome,
    goodbye,
    onText,
    onError,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
