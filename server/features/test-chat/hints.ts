// What the chat pane says when a bot might not reach the emulator: the one line to change. Inside
// the sandbox, api.telegram.org already leads to the emulator for libraries that trust the CA
// bundle they are given (docs/test-chat.md lists which); without the sandbox only
// TELEGRAM_API_BASE can lead there.
import path from 'node:path';

const LINES: { sign: RegExp; line: string }[] = [
  { sign: /\btelegraf\b/i, line: "new Telegraf(token, { telegram: { apiRoot: process.env.TELEGRAM_API_BASE } })" },
  { sign: /\bgrammy\b/i, line: "new Bot(token, { client: { apiRoot: process.env.TELEGRAM_API_BASE } })" },
  { sign: /node-telegram-bot-api/i, line: "new TelegramBot(token, { polling: true, baseApiUrl: process.env.TELEGRAM_API_BASE })" },
  { sign: /\baiogram\b/i, line: 'Bot(token, session=AiohttpSession(api=TelegramAPIServer.from_base(os.environ["TELEGRAM_API_BASE"])))' },
  { sign: /telegram\.ext|python-telegram-bot/i, line: 'Application.builder().token(token).base_url(os.environ["TELEGRAM_API_BASE"] + "/bot").base_file_url(os.environ["TELEGRAM_API_BASE"] + "/file/bot")' },
];

/**
 * Libraries that may not follow the CA bundle they are given: python-telegram-bot and aiogram
 * install their own HTTP stacks (httpx, aiohttp) with certifi's bundle, which could not be measured
 * here (no PyPI; see docs/test-chat.md). Everything measured follows.
 */
const MAY_IGNORE_CA_BUNDLE: RegExp[] = [/telegram\.ext|python-telegram-bot/i, /\baiogram\b/i];

export function testChatHint(input: { filename: string; content: string; bridged: boolean }): string | null {
  if (/TELEGRAM_API_BASE/.test(input.content)) return null;
  const library = LINES.find((l) => l.sign.test(input.content));
  const needsBase = !input.bridged || MAY_IGNORE_CA_BUNDLE.some((sign) => sign.test(input.content));
  if (!needsBase) return null;
  const why = input.bridged
    ? `${path.basename(input.filename)} uses a library that may not trust the test chat's certificate, and then cannot reach the test chat as api.telegram.org.`
    : 'This server runs bots without the sandbox, so api.telegram.org cannot lead to the test chat.';
  const fix = library ? `Change one line to read TELEGRAM_API_BASE: ${library.line}` : "Make the bot send its Bot API calls to TELEGRAM_API_BASE (set in test mode) instead of https://api.telegram.org.";
  return `${why} ${fix}`;
}
