// What the OpenAI-compatible model is told when it edits a file that has no plan (the chat asks for a
// plan: model-plan/plan-prompt.ts), and the project's files as context.
import type { ProjectFile } from './provider';

/**
 * How a Telegram bot finds the Bot API server. Botwright's test chat runs the bot with a test
 * TELEGRAM_BOT_TOKEN and TELEGRAM_API_BASE set to its own Telegram emulator (a bare origin such as
 * http://127.0.0.2, like https://api.telegram.org); a bot that ignores the variable cannot answer there.
 */
export const TELEGRAM_API_BASE_RULE = `Every Telegram bot reads the Bot API address from the TELEGRAM_API_BASE environment variable when it is set (Botwright's test chat sets it to its own Telegram emulator, a bare origin like http://127.0.0.2 with no path and no trailing slash) and talks to real Telegram when it is unset. Pass the library's option only when the variable is set, with a short comment saying the test chat uses it (api is the variable's value):
  - python-telegram-bot v21: Application.builder().token(token).base_url(f"{api}/bot").base_file_url(f"{api}/file/bot") (the library appends the token)
  - aiogram 3: Bot(token, session=AiohttpSession(api=TelegramAPIServer.from_base(api))) (from aiogram.client.session.aiohttp import AiohttpSession; from aiogram.client.telegram import TelegramAPIServer)
  - Telegraf: new Telegraf(token, { telegram: { apiRoot: api } })
  - grammY: new Bot(token, { client: { apiRoot: api } })
  - node-telegram-bot-api: new TelegramBot(token, { polling: true, baseApiUrl: api })
  - any other library or plain HTTP: call {api}/bot<token>/<method> instead of https://api.telegram.org/bot<token>/<method>`;

/** The library versions the runner installs today, and the API each must be written against. */
export const LIBRARY_RULES = `Write against the current major versions, which are what gets installed: python-telegram-bot 21+ (async: Application.builder().token(...).build(), async def handlers with (update, context), application.run_polling(); never Updater, use_context=True, Filters or dispatcher from v13), aiogram 3 (Dispatcher() and Router, not executor), discord.py 2 (discord.Intents set explicitly, message_content=True to read messages; await bot.tree.sync() for slash commands), discord.js 14 (GatewayIntentBits, Events, EmbedBuilder; not Intents.FLAGS or MessageEmbed), telegraf 4 (bot.command, bot.on(message('text')) from 'telegraf/filters', bot.launch()), slack_bolt (App(token=..., signing_secret=...) or Socket Mode with SocketModeHandler), tweepy 4 (tweepy.Client with API v2).`;

export const MODIFY_SYSTEM_PROMPT = `You edit one source file of a bot as asked. Answer with the complete modified file in a single fenced code block and nothing else. Keep everything that the request does not ask to change. Never leave out code or write placeholders such as "rest of the code".

${LIBRARY_RULES}

If the file is a Telegram bot, keep it working in Botwright's test chat: ${TELEGRAM_API_BASE_RULE}`;

const MAX_CONTEXT_CHARS = 60_000;

/** The project's files as context, newest first, cut to a size any model accepts. */
export function filesContext(files: ProjectFile[]): string {
  let budget = MAX_CONTEXT_CHARS;
  const parts: string[] = [];
  for (const f of files) {
    if (budget <= 0) break;
    const body = f.content.slice(0, budget);
    budget -= body.length;
    parts.push(`File ${f.filename}:\n\`\`\`\n${body}\n\`\`\``);
  }
  return parts.length ? `The project's current files:\n\n${parts.join('\n\n')}` : 'The project has no files yet.';
}
