// What an empty file shows in the editor (/builder): a sample bot for its platform.
// The platform comes from detectPlatform; the template's language follows the file's extension so a
// .js file never opens with Python in it (a Telegram .js file gets the JavaScript stub instead), and
// data files (.json, .txt, .md...) stay empty: code in them would be wrong, not helpful.
import { extensionOf } from './filenames';
import { detectPlatform } from './platform';

/** Telegram customer-service bot: python-telegram-bot v21, /start, /help and FAQ replies. */
export const TELEGRAM_TEMPLATE = `"""Customer-service bot for Telegram.

Answers /start and /help, replies to common questions (opening hours, shipping, returns, prices)
and tells everyone else that a person from the team will follow up.

Setup:
    pip install "python-telegram-bot>=21,<22"
    export TELEGRAM_BOT_TOKEN="123456:ABC..."   # from @BotFather
    python bot.py
"""
import logging
import os
from typing import Optional

from telegram import Update
from telegram.ext import Application, CommandHandler, ContextTypes, MessageHandler, filters

logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
logger = logging.getLogger("customer-service-bot")

# Keywords (lower case) and the answer they trigger. Edit these to match your business.
FAQ = {
    ("hours", "open", "opening"): "We are open Monday to Friday, 9:00 to 18:00.",
    ("shipping", "delivery", "deliver"): "Orders ship within 2 business days; delivery takes 3 to 5 days.",
    ("return", "refund"): "You can return any item within 30 days for a full refund.",
    ("price", "cost", "pricing"): "Our current prices are listed on our website.",
    ("human", "agent", "person", "contact"): "A member of our team will reply to you here shortly.",
}

HELP_TEXT = (
    "I can answer questions about:\\n"
    "- opening hours\\n"
    "- shipping and delivery\\n"
    "- returns and refunds\\n"
    "- prices\\n\\n"
    "Just type your question, or write 'human' to reach our team."
)

FALLBACK = "Thanks for your message! A member of our team will get back to you soon."


def find_answer(text: str) -> Optional[str]:
    lowered = text.lower()
    for keywords, answer in FAQ.items():
        if any(word in lowered for word in keywords):
            return answer
    return None


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    user = update.effective_user
    name = user.first_name if user else "there"
    logger.info("/start from user %s", user.id if user else "unknown")
    await update.effective_message.reply_text(f"Hi {name}! I'm the customer-service bot.\\n\\n{HELP_TEXT}")


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await update.effective_message.reply_text(HELP_TEXT)


async def answer_question(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = update.effective_message.text or ""
    answer = find_answer(text)
    logger.info("Question %r answered with %s", text, "an FAQ reply" if answer else "the fallback")
    await update.effective_message.reply_text(answer or FALLBACK)


def main() -> None:
    token = os.environ.get("TELEGRAM_BOT_TOKEN")
    if not token:
        raise SystemExit("Set the TELEGRAM_BOT_TOKEN environment variable (get a token from @BotFather).")

    builder = Application.builder().token(token)
    # The Bot API server: Telegram itself, unless TELEGRAM_API_BASE names another one (Botwright's
    # test chat sets it to its own Telegram emulator). The library adds the token after "/bot".
    api_base = os.environ.get("TELEGRAM_API_BASE")
    if api_base:
        builder = builder.base_url(f"{api_base}/bot").base_file_url(f"{api_base}/file/bot")
    application = builder.build()
    application.add_handler(CommandHandler("start", start))
    application.add_handler(CommandHandler("help", help_command))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, answer_question))

    logger.info("Customer-service bot is running. Press Ctrl+C to stop.")
    application.run_polling(allowed_updates=Update.ALL_TYPES)


if __name__ == "__main__":
    main()
`;

/** Twitter/X auto-reply bot: twitter-api-v2, polls the account's mentions every 60000 ms. */
export const TWITTER_TEMPLATE = `// Auto-reply bot for Twitter/X: every minute it reads new mentions of your account and answers
// each one once, picking the reply by keyword.
//
// Setup:
//   npm install twitter-api-v2
//   export TWITTER_API_KEY=... TWITTER_API_SECRET=... TWITTER_ACCESS_TOKEN=... TWITTER_ACCESS_SECRET=...
//   node bot.js
const { TwitterApi } = require('twitter-api-v2');

const POLL_INTERVAL_MS = 60000;

const REQUIRED_ENV = ['TWITTER_API_KEY', 'TWITTER_API_SECRET', 'TWITTER_ACCESS_TOKEN', 'TWITTER_ACCESS_SECRET'];
const missing = REQUIRED_ENV.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(\`Missing environment variables: \${missing.join(', ')}\`);
  process.exit(1);
}

const client = new TwitterApi({
  appKey: process.env.TWITTER_API_KEY,
  appSecret: process.env.TWITTER_API_SECRET,
  accessToken: process.env.TWITTER_ACCESS_TOKEN,
  accessSecret: process.env.TWITTER_ACCESS_SECRET,
});

// Keywords (lower case) and the reply they trigger. Edit these to match your account.
const REPLIES = [
  { keywords: ['hello', 'hi', 'hey'], reply: 'Hello! Thanks for reaching out.' },
  { keywords: ['help', 'support'], reply: 'Happy to help! Send us a direct message with the details.' },
  { keywords: ['price', 'cost'], reply: 'You can find all our prices on our website.' },
];
const DEFAULT_REPLY = 'Thanks for the mention! We will get back to you soon.';

let me; // the signed-in account
let sinceId; // newest mention already handled

function replyFor(text) {
  const lowered = text.toLowerCase();
  const match = REPLIES.find(({ keywords }) => keywords.some((word) => lowered.includes(word)));
  return match ? match.reply : DEFAULT_REPLY;
}

async function checkMentions() {
  try {
    const params = { max_results: 20, 'tweet.fields': ['author_id', 'created_at'] };
    if (sinceId) params.since_id = sinceId;
    const timeline = await client.v2.userMentionTimeline(me.id, params);
    const mentions = timeline.tweets;
    console.log(\`Found \${mentions.length} new mention(s)\`);

    // Oldest first, so the conversation is answered in order.
    for (const tweet of [...mentions].reverse()) {
      if (tweet.author_id === me.id) continue;
      const reply = replyFor(tweet.text);
      await client.v2.reply(reply, tweet.id);
      console.log(\`Replied to \${tweet.id}: \${reply}\`);
    }
    if (timeline.meta && timeline.meta.newest_id) sinceId = timeline.meta.newest_id;
  } catch (error) {
    console.error('Failed to check mentions:', error.message || error);
  }
}

async function main() {
  const { data } = await client.v2.me();
  me = data;
  // Start after the newest existing mention so old ones are not answered again on start-up.
  const existing = await client.v2.userMentionTimeline(me.id, { max_results: 5 });
  sinceId = existing.meta && existing.meta.newest_id;
  console.log(\`Signed in as @\${me.username}; checking mentions every \${POLL_INTERVAL_MS / 1000} seconds.\`);
  setInterval(checkMentions, POLL_INTERVAL_MS);
}

main().catch((error) => {
  console.error('Bot failed to start:', error.message || error);
  process.exit(1);
});
`;

/** Generic stub in Python: the shape of a bot, ready for a platform's SDK. */
export const GENERIC_PYTHON_TEMPLATE = `"""My bot.

A starting point: replace handle_message with your bot's logic and connect it to a platform's SDK.
Keep tokens in environment variables, never in the code.
"""
import logging
import os

logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
logger = logging.getLogger("bot")

BOT_TOKEN = os.environ.get("BOT_TOKEN", "")


def handle_message(text: str) -> str:
    """Return the bot's answer to one incoming message."""
    if text.strip().lower() in ("hi", "hello"):
        return "Hello! How can I help you?"
    return f"You said: {text}"


def main() -> None:
    if not BOT_TOKEN:
        logger.warning("BOT_TOKEN is not set; running in local test mode.")
    logger.info("Bot started. Type a message (Ctrl+C to stop).")
    while True:
        try:
            text = input("> ")
        except (EOFError, KeyboardInterrupt):
            break
        print(handle_message(text))
    logger.info("Bot stopped.")


if __name__ == "__main__":
    main()
`;

/** Generic stub in JavaScript, for .js/.ts/.jsx/.tsx files. */
export const GENERIC_JAVASCRIPT_TEMPLATE = `// My bot.
//
// A starting point: replace handleMessage with your bot's logic and connect it to a platform's SDK.
// Keep tokens in environment variables, never in the code.
const readline = require('readline');

const BOT_TOKEN = process.env.BOT_TOKEN || '';

function handleMessage(text) {
  if (['hi', 'hello'].includes(text.trim().toLowerCase())) return 'Hello! How can I help you?';
  return \`You said: \${text}\`;
}

if (!BOT_TOKEN) console.warn('BOT_TOKEN is not set; running in local test mode.');
console.log('Bot started. Type a message (Ctrl+C to stop).');

const rl = readline.createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
rl.prompt();
rl.on('line', (line) => {
  console.log(handleMessage(line));
  rl.prompt();
});
rl.on('close', () => console.log('Bot stopped.'));
`;

const JAVASCRIPT_EXTENSIONS = new Set(['js', 'ts', 'jsx', 'tsx']);

/**
 * The template an empty file shows: its platform's sample when the language fits, else the stub of
 * its language; '' for files that are not code.
 */
export function templateFor(filename: string, content = ''): string {
  const extension = extensionOf(filename);
  const javascript = JAVASCRIPT_EXTENSIONS.has(extension);
  if (!javascript && extension !== 'py') return '';
  const platform = detectPlatform(filename, content);
  if (platform === 'telegram' && !javascript) return TELEGRAM_TEMPLATE;
  if (platform === 'twitter' && javascript) return TWITTER_TEMPLATE;
  return javascript ? GENERIC_JAVASCRIPT_TEMPLATE : GENERIC_PYTHON_TEMPLATE;
}
