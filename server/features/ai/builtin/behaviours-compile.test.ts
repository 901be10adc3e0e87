// Every combination the builtin assistant can build compiles: for each platform and language, each
// feature alone, all features together and a few mixed requests (renamed and clashing commands,
// posting at times only, news without a chat, hostile texts in every list) are rendered and
// compiled with the real toolchains (python3 py_compile plus a defined-names check, Node's
// CommonJS compiler as `node --check`), batched into two processes (testing/compile-batch.ts); the
// all-features bots also go through compileAll. Each file is then read for what it must hold:
// the behaviour's settings and commands, 10-second timeouts on web calls, no new dependency.

import { beforeAll, describe, expect, it } from 'vitest';
import { compileMany } from '../../../testing/compile-batch';
import { compileAll, type SourceFile } from '../../../testing/compile-check';
import { planBot, type BotPlan } from './plan';
import { PLATFORM_INFO } from './platforms';
import { FEATURES, PLATFORMS, understandRequest, type BotLanguage, type BotRequest, type Feature, type Platform } from './request';
import { renderBot } from './templates';
import { describeFeatures } from './templates/describe';

const LANGUAGES: BotLanguage[] = ['python', 'javascript'];

/** The setting that holds each feature's texts: present exactly when the feature is built. */
const MARKER: Partial<Record<Feature, string>> = {
  welcome: 'WELCOME_MESSAGE',
  goodbye: 'GOODBYE_MESSAGE',
  rules: 'RULES',
  moderation: 'BANNED_WORDS',
  scheduled: 'SCHEDULED_POSTS',
  reminders: 'REMINDER_USAGE',
  llm: 'SYSTEM_PROMPT',
  jokes: 'JOKES',
  quotes: 'QUOTES',
  facts: 'FACTS',
  random: 'CHOICES',
  polls: 'POLL_QUESTION',
  away: 'AWAY_MESSAGE',
  weather: 'DEFAULT_CITY',
  news: 'NEWS_FEED_URL',
  prices: 'COINS',
  translate: 'TARGET_LANGUAGE',
  counter: 'DATA_FILE',
  menu: 'MENU_TITLE',
};

const HOSTILE = `He said "hi" & it's \\n fine: \${process.exit()} """ ''' \` # {name} ☕`;

function request(platform: Platform, language: BotLanguage, details: Partial<BotRequest>): BotRequest {
  return { ...understandRequest(`a ${platform} bot`)!, platform, platformSource: 'stated', language, languageStated: true, featuresStated: true, ...details };
}

interface Built {
  key: string;
  platform: Platform;
  language: BotLanguage;
  kind: string;
  plan: BotPlan;
  file: SourceFile;
}

const MIXED: Array<[string, Partial<BotRequest>]> = [
  [
    'all',
    {
      features: [...FEATURES],
      postTimes: ['08:30', '18:00'],
      postWeekdays: [0, 2, 4],
      intervalMinutes: 45,
      warnLimit: 2,
      muteMinutes: 15,
      commandReplies: [{ name: 'price', reply: 'Bread is 3 euros' }],
      city: 'Berlin',
    },
  ],
  ['news without a chat', { features: ['news', 'weather'], feedUrl: 'https://example.org/feed.atom' }],
  ['posting at times only', { features: ['scheduled', 'away'], postTimes: ['9:5', '21:45'], postWeekdays: [6, 5, 5], openHours: { from: '22:00', to: '06:00', weekdays: [] } }],
  [
    'renamed and clashing commands',
    {
      features: ['commands', 'jokes', 'random', 'prices', 'polls', 'counter'],
      commandNames: { jokes: 'gag', random: 'dice', prices: 'fx', counter: 'help' },
      commandReplies: [{ name: 'price', reply: 'Bread is 3 euros' }, { name: 'joke', reply: 'No jokes here' }],
    },
  ],
  [
    'hostile texts',
    {
      features: [...FEATURES],
      jokes: [HOSTILE],
      quotes: [HOSTILE],
      facts: [HOSTILE],
      choices: [HOSTILE, 'b'],
      poll: { question: HOSTILE, options: [HOSTILE, 'no'] },
      menu: [{ label: HOSTILE, reply: HOSTILE }],
      rulesText: HOSTILE,
      goodbyeText: HOSTILE,
      awayText: HOSTILE,
      city: HOSTILE,
      feedUrl: `https://example.org/?q=${HOSTILE}`,
      coins: [HOSTILE],
      targetLanguage: HOSTILE,
      warnLimit: 1,
    },
  ],
];

function buildAll(): Built[] {
  const out: Built[] = [];
  for (const platform of PLATFORMS) {
    for (const language of LANGUAGES) {
      const kinds: Array<[string, Partial<BotRequest>]> = [...FEATURES.map((f): [string, Partial<BotRequest>] => [f, { features: [f] }]), ...MIXED];
      for (const [kind, details] of kinds) {
        const plan = planBot(request(platform, language, details));
        const filename = `${PLATFORM_INFO[platform].fileStem}.${language === 'python' ? 'py' : 'js'}`;
        const key = `${platform} ${language} ${kind}`;
        out.push({ key, platform, language, kind, plan, file: { key, filename, code: renderBot(plan, filename) } });
      }
    }
  }
  return out;
}

const bots = buildAll();
let compiled = new Map<string, string>();
let compiledOneByOne = new Map<string, string>();

beforeAll(async () => {
  const allFeatures = bots.filter((b) => b.kind === 'all').map((b) => b.file);
  [compiled, compiledOneByOne] = await Promise.all([compileMany(bots.map((b) => b.file)), compileAll(allFeatures)]);
}, 120_000);

describe('every platform, language and combination of behaviours', () => {
  it(`renders ${PLATFORMS.length * LANGUAGES.length * (FEATURES.length + MIXED.length)} bots`, () => {
    expect(bots).toHaveLength(PLATFORMS.length * LANGUAGES.length * (FEATURES.length + MIXED.length));
  });

  it('compiles, and every name a Python bot reads is defined in it', () => {
    const failed = bots.filter((b) => compiled.get(b.key) !== '').map((b) => `${b.key}: ${compiled.get(b.key)}`);
    expect(failed).toEqual([]);
    expect(compiled.size).toBe(bots.length);
  });

  it('compiles with compileAll too (one python3 -m py_compile or node --check per file): the all-features bots', () => {
    expect([...compiledOneByOne.entries()].filter(([, complaint]) => complaint !== '')).toEqual([]);
    expect(compiledOneByOne.size).toBe(PLATFORMS.length * LANGUAGES.length);
  });

  it.each(bots.filter((b) => FEATURES.includes(b.kind as Feature)).map((b) => [b.key, b] as const))('%s: builds it, or says why not', (_key, bot) => {
    const feature = bot.kind as Feature;
    const reason = PLATFORM_INFO[bot.platform].unsupported[feature];
    const marker = MARKER[feature];
    if (reason) {
      expect(bot.plan.features.has(feature)).toBe(false);
      expect(bot.plan.dropped).toContainEqual({ feature, reason });
      if (marker) expect(bot.file.code).not.toMatch(new RegExp(`\\b${marker} =`));
      expect(bot.plan.defaults.join(' ')).toContain(`Nothing you asked for can work on ${PLATFORM_INFO[bot.platform].label}`);
      return;
    }
    expect(bot.plan.features.has(feature)).toBe(true);
    expect(bot.plan.dropped).toEqual([]);
    if (marker) expect(bot.file.code).toMatch(new RegExp(`\\b${marker} =`));
    for (const [command, name] of Object.entries(bot.plan.commands)) {
      if (command === 'remind') continue;
      expect(bot.file.code).toMatch(bot.language === 'python' ? new RegExp(`\\n    "${name}": \\w+,`) : new RegExp(`\\n  '${name}': \\w+,`));
    }
    // The answer's "What it does" names it: one more line than the bot without it.
    const without = describeFeatures(planBot(request(bot.platform, bot.language, { features: [] })));
    if (feature !== 'commands' && feature !== 'keywords') expect(describeFeatures(bot.plan).length).toBeGreaterThan(without.length);
  });

  it('gives every web call a 10-second timeout and uses no library beyond the platform one and openai', () => {
    for (const bot of bots) {
      const { code } = bot.file;
      if (bot.language === 'python') {
        for (const call of code.match(/urlopen\([^)]*\)/g) ?? []) expect(call, bot.key).toMatch(/timeout=(10|15)\)/);
        if (code.includes('def download(url)')) expect(code, bot.key).toContain('await asyncio.to_thread(download, url)');
        const thirdParty = [...code.matchAll(/^(?:from|import) ([\w.]+)/gm)].map((m) => m[1]!.split('.')[0]!).filter((m) => !PYTHON_STDLIB.has(m));
        const allowed = new Set([...bot.plan.dependencies.map((d) => PYTHON_MODULE[d] ?? d), 'slack_sdk']);
        expect(thirdParty.filter((m) => !allowed.has(m)), bot.key).toEqual([]);
      } else {
        for (const call of code.match(/await fetch\([\s\S]*?\}\);/g) ?? []) expect(call, bot.key).toMatch(/signal: AbortSignal\.timeout\((10000|15000)\)/);
        const required = [...code.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:'));
        const allowed = new Set([...bot.plan.dependencies, 'telegraf/filters']);
        expect(required.filter((m) => !allowed.has(m)), bot.key).toEqual([]);
      }
      if (bot.plan.features.has('weather') || bot.plan.features.has('prices') || bot.plan.features.has('news')) {
        expect(code, bot.key).toMatch(bot.language === 'python' ? /urlopen\(request, timeout=10\)/ : /signal: AbortSignal\.timeout\(10000\)/);
      }
    }
  });

  it('keeps the settings at the top: every behaviour setting comes before the first function', () => {
    for (const bot of bots.filter((b) => b.kind === 'all')) {
      const firstFunction = bot.file.code.search(bot.language === 'python' ? /^(?:async )?def /m : /^(?:async )?function /m);
      for (const [feature, name] of Object.entries(MARKER)) {
        if (name === 'DATA_FILE') continue; // read from the environment next to the code that uses it
        const at = bot.file.code.search(new RegExp(`^(?:const )?${name} =`, 'm'));
        if (!bot.plan.features.has(feature as Feature)) {
          expect(at, `${bot.key} ${name}`).toBe(-1);
          continue;
        }
        expect(at, `${bot.key} ${name}`).toBeGreaterThan(-1);
        expect(at, `${bot.key} ${name}`).toBeLessThan(firstFunction);
      }
    }
  });

  it('keeps hostile texts as text', () => {
    for (const bot of bots.filter((b) => b.kind === 'hostile texts')) {
      expect(compiled.get(bot.key), bot.key).toBe('');
      expect(bot.plan.jokes).toEqual([HOSTILE]);
      if (bot.language === 'python') {
        expect(bot.file.code).not.toContain(HOSTILE); // every copy is escaped: in strings and in the docstring
      } else {
        const header = bot.file.code.slice(0, bot.file.code.indexOf('\n\n'));
        expect(header.split('\n').slice(1).every((line) => line.startsWith('//')), header).toBe(true); // a comment stays a comment
      }
    }
  });

  it('names clashing commands apart and says so', () => {
    const bot = bots.find((b) => b.key === 'telegram javascript renamed and clashing commands')!;
    expect(bot.plan.commands).toMatchObject({ joke: 'gag', roll: 'dice', flip: 'flip', pick: 'pick', price: 'crypto', rate: 'fx', poll: 'poll', count: 'mycount', stats: 'stats' });
    expect(bot.plan.commands.vote).toBeUndefined(); // Telegram polls are voted on in the app
    expect(bot.plan.defaults).toContain('/price is already a command of this bot, so /crypto shows coin prices.');
    expect(bot.plan.defaults).toContain('/help is already a command of this bot, so /mycount shows the message count.');
    const discord = bots.find((b) => b.key === 'discord python renamed and clashing commands')!;
    expect(discord.plan.commands.vote).toBe('vote');
    expect(discord.file.code).toContain('"crypto": coin_prices,');
  });
});

/** Top-level modules of the Python standard library the bots may import. */
const PYTHON_STDLIB = new Set(['asyncio', 'dataclasses', 'datetime', 'hashlib', 'hmac', 'json', 'logging', 'os', 'random', 're', 'threading', 'time', 'urllib', 'xml', 'zoneinfo']);
/** pip package -> the module it is imported as. */
const PYTHON_MODULE: Record<string, string> = { 'python-telegram-bot': 'telegram', 'discord.py': 'discord', slack_bolt: 'slack_bolt', flask: 'flask', requests: 'requests', tweepy: 'tweepy', openai: 'openai' };
