// The builtin generator over a table of requests: every answer parses with the shared parser, names
// its dependencies, reads tokens from the environment, and its file compiles (real python3 / node).

import { beforeAll, describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { isSafeFilename } from '../../../../shared/filenames';
import { compileAll } from '../../../testing/compile-check';
import { builtinChat, understandRequest } from './index';
import { chooseFilename } from './reply';
import { rendersPlan } from '../plan/render';

type Platform = 'telegram' | 'discord' | 'twitter' | 'whatsapp' | 'slack' | 'generic';

interface Row {
  message: string;
  platform: Platform;
  js?: boolean;
  /** Substrings the code must contain. */
  has?: string[];
  /** Substrings the code must not contain. */
  hasNot?: string[];
}

const STEM: Record<Platform, string> = {
  telegram: 'telegram_bot', discord: 'discord_bot', twitter: 'twitter_bot', whatsapp: 'whatsapp_bot', slack: 'slack_bot', generic: 'webhook_bot',
};
const TOKEN_VARS: Record<Platform, string[]> = {
  telegram: ['TELEGRAM_BOT_TOKEN'],
  discord: ['DISCORD_BOT_TOKEN'],
  twitter: ['TWITTER_API_KEY', 'TWITTER_API_SECRET', 'TWITTER_ACCESS_TOKEN', 'TWITTER_ACCESS_SECRET'],
  whatsapp: ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_VERIFY_TOKEN'],
  slack: ['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN'],
  generic: ['WEBHOOK_SECRET'],
};
const PLATFORM_DEPENDENCY: Record<Platform, [string, string | null]> = {
  telegram: ['python-telegram-bot', 'telegraf'],
  discord: ['discord.py', 'discord.js'],
  twitter: ['tweepy', 'twitter-api-v2'],
  whatsapp: ['flask', 'express'],
  slack: ['slack_bolt', '@slack/bolt'],
  generic: ['flask', null],
};

const ALL = "with /start and /help, echo, reply 'We open at 9' when someone says hours, a welcome message for new members, ban the words spam and scam, post every 30 minutes, reminders and AI replies";

const ROWS: Row[] = [
  // Telegram
  { message: 'Make a Telegram bot in Python that answers /start and echoes messages', platform: 'telegram', has: ['"kind": "message"', '"{text}"', 'run_polling'] },
  { message: 'Make a Telegram bot in Node.js that answers /start and echoes messages', platform: 'telegram', js: true, has: ["require('telegraf')", '"{text}"'] },
  { message: "a bot for my bakery's Telegram channel", platform: 'telegram', has: ['BOT_NAME = "Bakery Bot"'], hasNot: ['TELEGRAM_CHAT_ID'] },
  { message: `A Telegram bot ${ALL}`, platform: 'telegram', has: ['"words": ["hours"]', '"We open at 9"', '"kind": "ai"', 'OPENAI_API_KEY', '"kind": "join"', '"spam"'] },
  { message: `A Telegram bot in javascript ${ALL}`, platform: 'telegram', js: true, has: ['"words": ["hours"]', '"We open at 9"', '"kind": "ai"', 'new_chat_members', 'deleteMessage'] },
  { message: "Telegram bot with a /price command that replies 'Bread is 3 euros'", platform: 'telegram', has: ['"name": "price"', '"Bread is 3 euros"'] },
  { message: "telegram bot in js with a /price command that replies 'Bread is 3 euros'", platform: 'telegram', js: true, has: ['"name": "price"', '"Bread is 3 euros"'] },
  { message: 'Telegram bot that reminds people of things', platform: 'telegram', has: [] },
  { message: 'A Telegram group moderator in node that deletes messages with swear words', platform: 'telegram', js: true, has: [] },
  // Discord
  { message: 'Discord bot in Python that welcomes new members', platform: 'discord', has: ['RULES = []', '1 rule(s) of the plan wait for their missing words'], hasNot: ['on_member_join'] },
  { message: 'Discord bot in node.js that welcomes new members and deletes messages with bad words', platform: 'discord', js: true, has: ['const RULES = [];'], hasNot: ['GuildMemberAdd'] },
  { message: `a discord bot ${ALL}`, platform: 'discord', has: ['"words": ["hours"]', '"We open at 9"', 'on_member_join', 'intents.members = True', '"kind": "ai"', 'OPENAI_API_KEY', 'member.timeout('] },
  { message: `a discord.js bot ${ALL}`, platform: 'discord', js: true, has: ['GuildMemberAdd', 'GatewayIntentBits.GuildMembers', '"kind": "ai"', 'OPENAI_API_KEY'] },
  { message: "a moderation bot for discord that bans the words spam, scam and 'buy now'", platform: 'discord', has: ['"buy now"', '"kind": "delete"', '"kind": "mute"'] },
  { message: 'Discord bot that answers questions with ChatGPT', platform: 'discord', has: ['"kind": "mention"', '"kind": "ai"', 'OPENAI_API_KEY'] },
  { message: 'Discord echo bot in javascript', platform: 'discord', js: true, has: ['"kind": "message"', '"{text}"'], hasNot: ['OWNER_CHAT_ID', 'DATA_FILE', 'DISCORD_CHANNEL_ID'] },
  // Twitter / X
  { message: 'A Twitter bot that auto-replies to mentions', platform: 'twitter', has: ['get_users_mentions', 'POLL_INTERVAL_SECONDS = 60', 'in_reply_to_tweet_id'] },
  { message: 'A Twitter auto-reply bot in JavaScript', platform: 'twitter', js: true, has: ['MENTION_CHECK_MS = 60000', 'userMentionTimeline', 'client.v2.reply'] },
  { message: "twitter bot that tweets 'Fresh bread is ready!' every 2 hours", platform: 'twitter', has: ['"Fresh bread is ready!"', '"everyMinutes": 120', 'create_tweet'] },
  { message: 'A bot on X in node that replies to mentions with AI', platform: 'twitter', js: true, has: ['"kind": "ai"', 'OPENAI_API_KEY'] },
  { message: `a twitter bot in node ${ALL}`, platform: 'twitter', js: true, has: ['"words": ["hours"]', '"We open at 9"'], hasNot: ['COMMAND_REPLIES', 'WELCOME_MESSAGE'] },
  { message: `a tweepy bot ${ALL}`, platform: 'twitter', has: ['"words": ["hours"]', '"kind": "ai"', 'import tweepy'], hasNot: ['COMMAND_REPLIES'] },
  // WhatsApp
  { message: "A WhatsApp bot for my bakery that replies 'We open at 8' when someone says hours", platform: 'whatsapp', has: ['"words": ["hours"]', '"We open at 8"', 'hub.verify_token', 'graph.facebook.com', 'Bakery Bot'] },
  { message: "A WhatsApp bot in Node.js for my bakery that replies 'We open at 8' when someone says hours", platform: 'whatsapp', js: true, has: ['"words": ["hours"]', '"We open at 8"', "app.get('/webhook'", 'fetch('] },
  { message: `whatsapp bot ${ALL}`, platform: 'whatsapp', has: ['"We open at 9"', '"kind": "ai"'], hasNot: ['WHATSAPP_RECIPIENTS"'] },
  { message: `whatsapp bot in javascript ${ALL}`, platform: 'whatsapp', js: true, has: ['"We open at 9"', '"kind": "ai"'], hasNot: ['process.env.WHATSAPP_RECIPIENTS'] },
  { message: 'WhatsApp customer support bot with AI answers', platform: 'whatsapp', has: ['"kind": "ai"', 'OPENAI_BASE_URL'] },
  // Slack
  { message: 'Slack bot in Python that welcomes people who join a channel', platform: 'slack', has: ['RULES = []', 'AsyncSocketModeHandler'], hasNot: ['member_joined_channel'] },
  { message: 'Slack bot in JavaScript with reminders', platform: 'slack', js: true, has: ["require('@slack/bolt')", 'socketMode: true', 'const RULES = [];'] },
  { message: `slack bot ${ALL}`, platform: 'slack', has: ['"kind": "join"', 'member_joined_channel', '"kind": "ai"'] },
  { message: `slack bot in js ${ALL}`, platform: 'slack', js: true, has: ['"kind": "join"', 'member_joined_channel', '"kind": "ai"'] },
  { message: 'a slack FAQ bot for our team', platform: 'slack', has: ['RULES = []', 'AsyncApp'] },
  // Generic webhook bots
  { message: 'a webhook bot in js that echoes', platform: 'generic', js: true, has: ["require('node:http')", '"{text}"'], hasNot: ['process.env.POST_WEBHOOK_URL', 'process.env.DATA_FILE'] },
  { message: 'a generic HTTP bot in Python that echoes', platform: 'generic', has: ['@app.post("/message")', 'reply = text'] },
  { message: `a webhook bot ${ALL}`, platform: 'generic', has: ['@app.post("/message")', '"kind": "ai"', 'OPENAI_API_KEY'], hasNot: ['getenv("POST_WEBHOOK_URL"'] },
  { message: `a webhook bot in node ${ALL}`, platform: 'generic', js: true, has: ["'/message'", '"kind": "ai"', 'OPENAI_API_KEY'] },
  { message: 'an Instagram bot for my shop', platform: 'generic', has: ['Shop Bot'] },
  // Vague requests: a platform or a purpose is enough
  { message: 'a customer service bot for my coffee shop', platform: 'telegram', has: ['Coffee Shop Bot'] },
  { message: 'bot that posts every 15 minutes', platform: 'telegram', has: [] },
  { message: 'build me a bot called Pizza Pal for our pizzeria on telegram', platform: 'telegram', has: ['BOT_NAME = "Pizza Pal"'] },
  { message: "if someone asks about prices, answer 'Bread is 3 euros'. When someone says hello reply 'Hi!'", platform: 'telegram', has: ['"words": ["prices"]', '"Bread is 3 euros"', '"hello"', '"Hi!"'] },
  { message: 'Telegram and Discord bot in node', platform: 'telegram', js: true },
  { message: "welcome new members with 'Hi {name}, welcome to the \"Rust\" community!' on discord", platform: 'discord', has: ['"text": "Hi {name}, welcome to the \\"Rust\\" community!"', 'on_member_join'] },
  // Hostile text inside quotes must still compile and stay text.
  { message: "telegram bot that replies '\"\"\" + __import__(\"os\").system(\"x\") # \\' when someone says hack", platform: 'telegram', has: ['"text": "\\"\\"\\" + __import__(\\"os\\").system(\\"x\\") # \\\\"'] },
  { message: "telegram bot in node that replies '`${process.exit()}` */ \\n' when someone says hack", platform: 'telegram', js: true, has: ['"text": "`${process.exit()}` */ \\\\n"'] },
];

const SECRET_LITERAL = /=\s*['"][A-Za-z0-9:_-]{20,}['"]/;

interface Outcome {
  row: Row;
  reply: string;
  charged: boolean;
  parsed: ReturnType<typeof parseAssistantReply>;
}

const outcomes: Outcome[] = ROWS.map((row) => {
  const { reply, charged } = builtinChat(row.message);
  return { row, reply, charged, parsed: parseAssistantReply(reply) };
});
let compiled = new Map<string, string>();

beforeAll(async () => {
  compiled = await compileAll(
    outcomes.filter((o) => o.parsed.blocks.length === 1).map((o) => ({ key: o.row.message, filename: o.parsed.blocks[0]!.filename, code: o.parsed.blocks[0]!.code })),
  );
}, 60_000);

describe('builtinChat: generated bots', () => {
  it('covers at least 40 requests across every platform and both languages', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(40);
    for (const platform of Object.keys(STEM) as Platform[]) {
      expect(ROWS.some((r) => r.platform === platform && r.js)).toBe(true);
      expect(ROWS.some((r) => r.platform === platform && !r.js)).toBe(true);
    }
  });

  describe.each(outcomes)('$row.message', ({ row, reply, charged, parsed }) => {
    const ext = row.js ? 'js' : 'py';

    it('answers with exactly one safe file of the right platform and language, and charges', () => {
      expect(charged).toBe(true);
      expect(parsed.blocks).toHaveLength(1);
      const block = parsed.blocks[0]!;
      expect(isSafeFilename(block.filename)).toBe(true);
      expect(block.filename).toBe(`${STEM[row.platform]}.${ext}`);
      expect(block.language).toBe(row.js ? 'javascript' : 'python');
    });

    it('names the dependencies of its platform', () => {
      const [py, js] = PLATFORM_DEPENDENCY[row.platform];
      const expected = row.js ? js : py;
      if (expected) expect(parsed.dependencies).toContain(expected);
      const usesOpenAi = /require\('openai'\)|from openai import/.test(parsed.blocks[0]!.code);
      expect(parsed.dependencies.includes('openai')).toBe(usesOpenAi);
      if (parsed.dependencies.length === 0) expect(reply).toContain('nothing to install');
    });

    it('reads every token from the environment and writes no secret', () => {
      const code = parsed.blocks[0]!.code;
      for (const name of TOKEN_VARS[row.platform]) expect(code).toContain(name);
      expect(code).not.toMatch(SECRET_LITERAL);
      expect(code).toMatch(row.js ? /process\.env/ : /os\.getenv|os\.environ/);
      for (const name of TOKEN_VARS[row.platform]) expect(reply).toContain(`\`${name}\``);
    });

    it('logs what it does with timestamps', () => {
      const code = parsed.blocks[0]!.code;
      if (row.js) expect(code).toContain('console.log(new Date().toISOString()');
      else expect(code).toContain('%(asctime)s');
    });

    it('contains what was asked for', () => {
      const code = parsed.blocks[0]!.code;
      for (const s of row.has ?? []) expect(code).toContain(s);
      for (const s of row.hasNot ?? []) expect(code).not.toContain(s);
    });

    it('compiles', () => {
      expect(compiled.get(row.message)).toBe('');
    });

    it('explains the bot and how to run it', () => {
      // Bots built from a plan lead with it; the others (until they switch) describe their features.
      expect(reply).toMatch(rendersPlan(row.platform, row.js ? 'javascript' : 'python') ? /```bot-plan / : /\*\*What it does\*\*/);
      expect(reply).toMatch(/\*\*(?:Environment variables|Settings)\*\*/);
      expect(reply).toMatch(/\*\*Run it\*\*/);
      expect(reply).toContain(`${row.js ? 'node' : 'python'} ${parsed.blocks[0]!.filename}`);
    });
  });
});

describe('builtinChat: behaviour', () => {
  it('is deterministic: the same request gives the same answer', () => {
    for (const row of ROWS.slice(0, 12)) expect(builtinChat(row.message)).toEqual(builtinChat(row.message));
  });

  it('answers a request with neither platform nor purpose with a guide, no file and no charge', () => {
    for (const message of ['asdf qwerty', 'hello', 'what can you do?', 'make me a bot', '', '   ']) {
      const { reply, charged } = builtinChat(message);
      expect(charged).toBe(false);
      const parsed = parseAssistantReply(reply);
      expect(parsed.blocks).toEqual([]);
      expect(parsed.dependencies).toEqual([]);
      for (const word of ['Telegram', 'Discord', 'WhatsApp', 'Slack', 'Python', 'JavaScript', 'scheduled posts', 'For example']) {
        expect(reply).toContain(word);
      }
    }
  });

  it('says which defaults it chose for a vague request, and how to change them', () => {
    const { reply } = builtinChat("a bot for my bakery's Telegram channel");
    expect(reply).toContain('**Defaults I chose**');
    expect(reply).toMatch(/Python; say "in Node\.js"/);
    // A channel bot with no texts given: the post is a blank to fill, never a sample.
    expect(reply).toMatch(/\*\*Needs your words\*\*/);
    expect(reply.split('```python')[0]).not.toMatch(/samples|placeholder/);
  });

  it('says what a platform cannot do instead of pretending, and builds nothing in its place', () => {
    const { reply } = builtinChat('a twitter bot that welcomes new followers');
    expect(reply).toMatch(/\*\*Not built\*\*\n- When someone joins: [^\n]*: X tells a bot nothing about followers joining or leaving/);
    const code = parseAssistantReply(reply).blocks[0]!.code;
    expect(code).toContain('RULES = []'); // no sample answers stand in for the welcome
    expect(code).not.toContain('"kind": "join"');
  });

  it('picks a new name for a new bot when the name is taken, and keeps it for an update', () => {
    const taken = { existingFilenames: ['telegram_bot.py', 'telegram_bot_2.py'] };
    expect(parseAssistantReply(builtinChat('a telegram echo bot', taken).reply).blocks[0]!.filename).toBe('telegram_bot_3.py'); // beside hand-written files
    // Another bot where bots are: a project of its own (ai.service.ts), under the plain name.
    const another = builtinChat('a telegram echo bot', { ...taken, hasBuiltBot: true });
    expect(another.newBot).toBe(true);
    expect(parseAssistantReply(another.reply).blocks[0]!.filename).toBe('telegram_bot.py');
    expect(parseAssistantReply(builtinChat('update my telegram bot so it echoes', taken).reply).blocks[0]!.filename).toBe('telegram_bot.py');
    expect(chooseFilename('discord_bot', 'js', ['Discord_Bot.js'], 'a new discord bot')).toBe('discord_bot_2.js');
    expect(chooseFilename('discord_bot', 'js', [], 'change my discord bot')).toBe('discord_bot.js');
  });

  it('ignores control characters in the request', () => {
    expect(builtinChat('a tele\u0000gram bot\u0007 that echoes')).toEqual(builtinChat('a telegram bot that echoes'));
  });
});

describe('understandRequest', () => {
  it('returns null only without a platform, a purpose or a feature', () => {
    expect(understandRequest('asdf qwerty')).toBeNull();
    expect(understandRequest('I want a bot for a while')).toBeNull();
    expect(understandRequest('a bot for my florist')).not.toBeNull();
    expect(understandRequest('a bot that echoes')).not.toBeNull();
  });

  it('picks JavaScript for node, nodejs, javascript and js, and Python otherwise', () => {
    for (const m of ['telegram bot in node', 'telegram bot in nodejs', 'telegram bot in JavaScript', 'telegram bot, js please', 'a discord.js bot']) {
      expect(understandRequest(m)!.language).toBe('javascript');
    }
    for (const m of ['telegram bot', 'telegram bot in python', 'python telegram bot, not js']) {
      expect(understandRequest(m)!.language).toBe('python');
    }
  });

  it('reads platforms, including X and unsupported ones', () => {
    expect(understandRequest('a bot on X that tweets daily')!.platform).toBe('twitter');
    expect(understandRequest('whats app bot')!.platform).toBe('whatsapp');
    const insta = understandRequest('an instagram bot')!;
    expect([insta.platform, insta.platformSource, insta.requestedPlatform]).toEqual(['generic', 'substitute', 'Instagram']);
    expect(understandRequest('a telegram and slack bot')!.otherPlatforms).toEqual(['slack']);
  });

  it('reads the details: keyword replies, commands, banned words, intervals, welcome text, purpose', () => {
    const r = understandRequest(
      "telegram bot for my bakery: reply 'we open at 9' when someone says hours, a /price command that replies 'Bread is 3 euros', ban the words spam and scam, welcome new members with 'Hi!', post every 45 minutes",
    )!;
    expect(r.keywordReplies).toEqual([{ keyword: 'hours', reply: 'we open at 9' }]);
    expect(r.commandReplies).toEqual([{ name: 'price', reply: 'Bread is 3 euros' }]);
    expect(r.bannedWords).toEqual(['spam', 'scam']);
    expect(r.intervalMinutes).toBe(45);
    expect(r.welcomeText).toBe('Hi!');
    expect(r.botName).toBe('Bakery Bot');
    expect(r.features).toEqual(['commands', 'keywords', 'welcome', 'moderation', 'scheduled']);
  });

  it('understands hours, days and words in intervals', () => {
    expect(understandRequest('telegram bot that posts every 2 hours')!.intervalMinutes).toBe(120);
    expect(understandRequest('telegram bot that posts daily')!.intervalMinutes).toBe(1440);
    expect(understandRequest('telegram bot that posts every hour')!.intervalMinutes).toBe(60);
    expect(understandRequest('telegram bot that posts every ten minutes')!.intervalMinutes).toBe(10);
  });
});
