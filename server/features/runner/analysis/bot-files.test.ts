// A table of real bot files: the builtin assistant's bots for every platform in both languages (as
// the chat saves them, through the shared reply parser), with their exact imports and variables.

import { describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { builtinChat } from '../../ai/builtin';
import { detectEnvVars } from './env-vars';
import { parseImports } from './imports';

const ALL =
  "with /start and /help, echo, reply 'We open at 9' when someone says hours, a welcome message for new members, ban the words spam and scam, post 'Fresh bread is ready' every 30 minutes, forward messages that mention the bot to me, reminders and AI replies";
const AI = ['OPENAI_API_KEY!', 'OPENAI_BASE_URL?', 'OPENAI_MODEL?'];
const TWITTER = ['TWITTER_API_KEY!', 'TWITTER_API_SECRET!', 'TWITTER_ACCESS_TOKEN!', 'TWITTER_ACCESS_SECRET!'];

interface Row {
  message: string;
  /** What to install, in order of first import. */
  packages: string[];
  /** 'KEY!' required, 'KEY?' optional, in order of first read. */
  env: string[];
}

// Every bot is built from its plan: it reads a setting only when its rules use it, and requires the ones
// they cannot work without (the channel of a schedule, OWNER_CHAT_ID for forwards, the model's key). An
// echo bot reads its platform's settings only. Python's bots read LOG_LEVEL first (logging is set up first).
const ROWS: Row[] = [
  // A Telegram bot with schedules reads TEST_CLOCK, which the test chat sets (its clock, for the checks).
  { message: `a telegram bot ${ALL}`, packages: ['python-telegram-bot'], env: ['LOG_LEVEL?', ...AI, 'TELEGRAM_CHAT_ID!', 'OWNER_CHAT_ID!', 'TEST_CLOCK?', 'TELEGRAM_BOT_TOKEN!', 'DATA_FILE?', 'TELEGRAM_API_BASE?'] },
  { message: `a telegram bot in node ${ALL}`, packages: ['telegraf'], env: [...AI, 'TELEGRAM_CHAT_ID!', 'OWNER_CHAT_ID!', 'TELEGRAM_BOT_TOKEN!', 'TELEGRAM_API_BASE?', 'DATA_FILE?', 'TEST_CLOCK?'] },
  { message: 'a telegram bot that echoes', packages: ['python-telegram-bot'], env: ['LOG_LEVEL?', 'TELEGRAM_BOT_TOKEN!', 'TELEGRAM_API_BASE?'] },
  { message: 'a telegram bot in javascript that echoes', packages: ['telegraf'], env: ['TELEGRAM_BOT_TOKEN!', 'TELEGRAM_API_BASE?'] },
  { message: `a discord bot ${ALL}`, packages: ['discord.py'], env: ['LOG_LEVEL?', ...AI, 'DISCORD_CHANNEL_ID!', 'OWNER_CHAT_ID!', 'DISCORD_BOT_TOKEN!', 'DATA_FILE?'] },
  { message: `a discord bot in node ${ALL}`, packages: ['discord.js'], env: [...AI, 'DISCORD_CHANNEL_ID!', 'OWNER_CHAT_ID!', 'DISCORD_BOT_TOKEN!', 'DATA_FILE?'] },
  { message: 'a discord bot that echoes', packages: ['discord.py'], env: ['LOG_LEVEL?', 'DISCORD_BOT_TOKEN!'] },
  { message: 'a discord bot in javascript that echoes', packages: ['discord.js'], env: ['DISCORD_BOT_TOKEN!'] },
  // X's channel is the bot's own timeline: no setting.
  { message: `a twitter bot ${ALL}`, packages: ['tweepy'], env: ['LOG_LEVEL?', ...AI, 'OWNER_CHAT_ID!', ...TWITTER] },
  { message: `a twitter bot in node ${ALL}`, packages: ['twitter-api-v2'], env: [...AI, 'OWNER_CHAT_ID!', ...TWITTER] },
  { message: 'a twitter bot that echoes', packages: ['tweepy'], env: ['LOG_LEVEL?', ...TWITTER] },
  { message: 'a twitter bot in javascript that echoes', packages: ['twitter-api-v2'], env: TWITTER },
  {
    message: `a whatsapp bot ${ALL}`,
    packages: ['requests', 'flask'],
    env: ['LOG_LEVEL?', ...AI, 'WHATSAPP_RECIPIENTS!', 'OWNER_CHAT_ID!', 'WHATSAPP_PHONE_NUMBER_ID!', 'WHATSAPP_TOKEN!', 'WHATSAPP_APP_SECRET?', 'WHATSAPP_VERIFY_TOKEN!', 'PORT?', 'HOST?'],
  },
  {
    message: `a whatsapp bot in node ${ALL}`,
    packages: ['express'],
    env: [...AI, 'WHATSAPP_APP_SECRET?', 'WHATSAPP_RECIPIENTS!', 'OWNER_CHAT_ID!', 'WHATSAPP_TOKEN!', 'WHATSAPP_PHONE_NUMBER_ID!', 'WHATSAPP_VERIFY_TOKEN!', 'PORT?', 'HOST?'],
  },
  {
    message: 'a whatsapp bot that echoes',
    packages: ['requests', 'flask'],
    env: ['LOG_LEVEL?', 'WHATSAPP_PHONE_NUMBER_ID!', 'WHATSAPP_TOKEN!', 'WHATSAPP_APP_SECRET?', 'WHATSAPP_VERIFY_TOKEN!', 'PORT?', 'HOST?'],
  },
  {
    message: 'a whatsapp bot in javascript that echoes',
    packages: ['express'],
    env: ['WHATSAPP_APP_SECRET?', 'WHATSAPP_TOKEN!', 'WHATSAPP_PHONE_NUMBER_ID!', 'WHATSAPP_VERIFY_TOKEN!', 'PORT?', 'HOST?'],
  },
  // Socket Mode (async) runs on aiohttp: the Python file imports it so that it is installed.
  { message: `a slack bot ${ALL}`, packages: ['slack-bolt', 'slack-sdk', 'aiohttp'], env: ['LOG_LEVEL?', ...AI, 'SLACK_CHANNEL_ID!', 'OWNER_CHAT_ID!', 'SLACK_BOT_TOKEN!', 'SLACK_APP_TOKEN!'] },
  { message: `a slack bot in node ${ALL}`, packages: ['@slack/bolt'], env: [...AI, 'SLACK_CHANNEL_ID!', 'OWNER_CHAT_ID!', 'SLACK_BOT_TOKEN!', 'SLACK_APP_TOKEN!'] },
  { message: 'a slack bot that echoes', packages: ['slack-bolt', 'slack-sdk', 'aiohttp'], env: ['LOG_LEVEL?', 'SLACK_BOT_TOKEN!', 'SLACK_APP_TOKEN!'] },
  { message: 'a slack bot in javascript that echoes', packages: ['@slack/bolt'], env: ['SLACK_BOT_TOKEN!', 'SLACK_APP_TOKEN!'] },
  // The HTTP bot's channel and owner are POST_WEBHOOK_URL (generic-contract.ts).
  { message: `a webhook bot ${ALL}`, packages: ['flask'], env: ['LOG_LEVEL?', ...AI, 'POST_WEBHOOK_URL!', 'WEBHOOK_SECRET?', 'PORT?', 'HOST?'] },
  { message: `a webhook bot in node ${ALL}`, packages: [], env: [...AI, 'WEBHOOK_SECRET?', 'POST_WEBHOOK_URL!', 'PORT?', 'HOST?'] },
  { message: 'a webhook bot that echoes', packages: ['flask'], env: ['LOG_LEVEL?', 'WEBHOOK_SECRET?', 'PORT?', 'HOST?'] },
  { message: 'a webhook bot in javascript that echoes', packages: [], env: ['WEBHOOK_SECRET?', 'PORT?', 'HOST?'] },
];

/** pip treats '-', '_' and '.' alike and ignores case. */
const normalise = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

describe('analysis of the builtin assistant bots', () => {
  it('covers every platform in both languages', () => {
    expect(ROWS).toHaveLength(24);
  });

  describe.each(ROWS)('$message', (row) => {
    const parsed = parseAssistantReply(builtinChat(row.message).reply);
    const block = parsed.blocks[0]!;
    const language = block.language === 'python' ? 'python' : 'javascript';

    it('is one Python or JavaScript file', () => {
      expect(parsed.blocks).toHaveLength(1);
      expect(['python', 'javascript']).toContain(block.language);
    });

    it('imports exactly its packages, including every one the reply names', async () => {
      const result = await parseImports(block.code, language);
      expect(result.packages.map((p) => p.package)).toEqual(row.packages);
      expect(result.packages.every((p) => p.ecosystem === (language === 'python' ? 'pip' : 'npm'))).toBe(true);
      expect(row.packages.map(normalise)).toEqual(expect.arrayContaining(parsed.dependencies.map(normalise)));
    });

    it('reads exactly its variables', async () => {
      const vars = await detectEnvVars(block.code, language);
      expect(vars.map((v) => `${v.key}${v.required ? '!' : '?'}`)).toEqual(row.env);
      for (const v of vars) expect(v.label && v.placeholder && v.description).toBeTruthy();
    });
  });

  it('reads the JavaScript bots the same way when they are sent as TypeScript', async () => {
    for (const row of ROWS.filter((r) => /node|javascript/.test(r.message))) {
      const code = parseAssistantReply(builtinChat(row.message).reply).blocks[0]!.code;
      expect((await parseImports(code, 'typescript')).packages.map((p) => p.package)).toEqual(row.packages);
    }
  });
});
