// Telegram in Python: python-telegram-bot v21 (async Application, long polling).

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures, pyHeader, pyHelpers, pyImports, pyLogging, pySettings } from './python-common';

export function telegramPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const background = f.has('scheduled') || f.has('reminders');

  const imports = pyImports(
    [background && 'asyncio', 'logging', 'os', 're'].filter((m): m is string => Boolean(m)),
    [
      'from telegram import Update',
      (f.has('moderation') || background) && 'from telegram.error import TelegramError',
      'from telegram.ext import Application, CommandHandler, ContextTypes, MessageHandler, filters',
      f.has('llm') && 'from openai import AsyncOpenAI',
    ],
  );

  const who = lines(
    'def who(user):',
    '    """A readable name for a Telegram user (or chat) for the log."""',
    '    if user is None:',
    '        return "someone"',
    '    return "@" + user.username if user.username else user.first_name',
  );

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

  const remind =
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
      '    """/remind <minutes> <text>: sends the text back after that many minutes."""',
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

  const onText = lines(
    'async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:',
    '    """Answers every text message that is not a command."""',
    '    message = update.effective_message',
    '    text = message.text or ""',
    '    logger.info("Message from %s: %s", who(update.effective_user), text)',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Removing a message from %s: it contains %r", who(update.effective_user), banned)',
        '        try:',
        '            await message.delete()',
        '        except TelegramError as error:',
        '            logger.warning("Could not delete the message (make the bot an admin of the group): %s", error)',
        '        await context.bot.send_message(message.chat_id, BANNED_WORD_WARNING.replace("{name}", who(update.effective_user)))',
        '        return',
      ),
    '    reply = await reply_to(text)',
    '    if reply:',
    '        await message.reply_text(reply)',
    '        logger.info("Replied to %s: %s", who(update.effective_user), reply)',
  );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'async def post_regularly(bot, chat_id):',
      '    """Posts SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES."""',
      '    index = 0',
      '    while True:',
      '        await asyncio.sleep(POST_INTERVAL_MINUTES * 60)',
      '        text = SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)]',
      '        index += 1',
      '        try:',
      '            await bot.send_message(chat_id, text)',
      '            logger.info("Posted to %s: %s", chat_id, text)',
      '        except TelegramError as error:',
      '            logger.error("Scheduled post to %s failed: %s", chat_id, error)',
    );

  const onError = lines(
    'async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:',
    '    """Logs errors instead of stopping the bot."""',
    '    logger.error("Error while handling an update: %s", context.error, exc_info=context.error)',
  );

  const main = lines(
    'def main() -> None:',
    '    token = require_env("TELEGRAM_BOT_TOKEN")',
    f.has('scheduled') &&
      lines(
        '    chat_id = require_env("TELEGRAM_CHAT_ID")',
        '',
        '    async def start_background_jobs(application: Application) -> None:',
        '        keep(asyncio.create_task(post_regularly(application.bot, chat_id)))',
        '        logger.info("Posting to %s every %s minute(s)", chat_id, POST_INTERVAL_MINUTES)',
        '',
      ),
    '    builder = Application.builder().token(token)',
    "    # The Bot API server: Telegram itself, unless TELEGRAM_API_BASE names another one (Botwright's",
    '    # test chat sets it to its own Telegram emulator). The library adds the token after "/bot".',
    '    api_base = os.getenv("TELEGRAM_API_BASE")',
    '    if api_base:',
    '        builder = builder.base_url(f"{api_base}/bot").base_file_url(f"{api_base}/file/bot")',
    f.has('scheduled') && '    application = builder.post_init(start_background_jobs).build()',
    !f.has('scheduled') && '    application = builder.build()',
    '    if COMMAND_REPLIES:',
    '        application.add_handler(CommandHandler(list(COMMAND_REPLIES), answer_command))',
    '    application.add_handler(CommandHandler("help", send_help))',
    f.has('reminders') && '    application.add_handler(CommandHandler("remind", remind))',
    f.has('welcome') && '    application.add_handler(MessageHandler(filters.StatusUpdate.NEW_CHAT_MEMBERS, welcome))',
    '    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND & filters.UpdateType.MESSAGE, on_text))',
    '    application.add_error_handler(on_error)',
    '    logger.info("%s is starting: polling Telegram for updates", BOT_NAME)',
    '    application.run_polling(allowed_updates=Update.ALL_TYPES)',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan, ['httpx']), pySettings(plan)),
    pyHelpers(plan, { async: true, textCommands: false }),
    who,
    answerCommand,
    sendHelp,
    remind,
    welcome,
    onText,
    scheduled,
    onError,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
