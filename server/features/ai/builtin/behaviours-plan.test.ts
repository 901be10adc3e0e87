// planBot for the behaviours: a default (said in the answer, with how to change it) only where the
// request gave nothing, an honest reason for everything a platform cannot do (and nothing built in
// its place), the environment variables and dependencies each behaviour needs, and command names.
// Pure logic: requests are built directly, as request.ts would fill them.

import { describe, expect, it } from 'vitest';
import { planBot } from './plan';
import { understandRequest, type BotRequest, type Feature, type Platform } from './request';
import { describeFeatures } from './templates/describe';

function plan(platform: Platform, details: Partial<BotRequest> & { features: Feature[] }) {
  return planBot({ ...understandRequest(`a ${platform} bot`)!, platform, platformSource: 'stated', language: 'python', languageStated: true, featuresStated: true, ...details });
}

const env = (p: ReturnType<typeof plan>, name: string) => p.env.find((e) => e.name === name);

describe('defaults: chosen only when the request gave nothing, each said with how to change it', () => {
  const cases: Array<[Feature, Partial<BotRequest>, RegExp]> = [
    ['jokes', { jokes: ['Mine.'] }, /jokes are a built-in list of 15: edit JOKES/],
    ['quotes', { quotes: ['Mine.'] }, /quotes are a built-in list of 15: edit QUOTES/],
    ['facts', { facts: ['Mine.'] }, /facts are a built-in list of 15: edit FACTS/],
    ['random', { choices: ['tea', 'coffee'] }, /\/pick without choices picks from Yes, No, Maybe: edit CHOICES/],
    ['polls', { poll: { question: 'Lunch?', options: ['Pizza', 'Soup'] } }, /The poll asks .*: edit POLL_QUESTION and POLL_OPTIONS, or send "\/poll Question\? \| Option 1 \| Option 2"/],
    ['menu', { menu: [{ label: 'Hours', reply: '9 to 5' }] }, /menu buttons are samples .*: edit MENU/],
    ['rules', { rulesText: 'Be kind.' }, /rules are a sample: write your own in RULES/],
    ['goodbye', { goodbyeText: 'Bye {name}' }, /goodbye text is a default: change GOODBYE_MESSAGE/],
    ['away', { openHours: { from: '08:00', to: '12:00', weekdays: [5] }, awayText: 'Closed.' }, /open Monday to Friday, 09:00 to 17:00: change OPEN_FROM, OPEN_UNTIL and OPEN_WEEKDAYS/],
    ['weather', { city: 'Paris' }, /\/weather uses London when no city is given: change DEFAULT_CITY, or send "\/weather Paris"/],
    ['news', { feedUrl: 'https://example.org/rss', intervalMinutes: 30 }, /news comes from BBC News .*: change NEWS_FEED_URL/],
    ['prices', { coins: ['solana'], currencies: ['GBP', 'USD'] }, /\/price shows bitcoin and ethereum in USD and \/rate converts USD and EUR: edit COINS and CURRENCIES/],
    ['translate', { targetLanguage: 'Spanish' }, /\/translate translates into English: change TARGET_LANGUAGE/],
    ['moderation', { bannedWords: ['darn'], warnLimit: 3, muteMinutes: 10 }, /After 3 warnings someone is muted for 10 minutes: change WARN_LIMIT and MUTE_MINUTES/],
  ];

  it.each(cases)('%s', (feature, given, sentence) => {
    const chosen = plan('telegram', { features: [feature] });
    expect(chosen.defaults.join('\n')).toMatch(sentence);
    const asked = plan('telegram', { features: [feature], ...given });
    expect(asked.defaults.join('\n')).not.toMatch(sentence);
  });

  it('uses what was given', () => {
    const p = plan('telegram', {
      features: ['jokes', 'random', 'polls', 'menu', 'rules', 'goodbye', 'away', 'weather', 'news', 'prices', 'translate'],
      jokes: [' Mine. ', ''],
      choices: ['tea', 'coffee'],
      poll: { question: 'Lunch?', options: ['Pizza', 'Soup', ' '] },
      menu: [{ label: 'Hours', reply: '9 to 5' }],
      rulesText: 'Be kind.',
      goodbyeText: 'Bye {name}',
      openHours: { from: '8:00', to: '12:30', weekdays: [5, 5, 0] },
      city: 'Paris',
      feedUrl: 'https://example.org/rss',
      coins: ['Solana'],
      currencies: ['gbp', 'usd', 'nope'],
      targetLanguage: 'Spanish',
      intervalMinutes: 15,
    });
    expect(p.jokes).toEqual(['Mine.']);
    expect(p.choices).toEqual(['tea', 'coffee']);
    expect(p.poll).toEqual({ question: 'Lunch?', options: ['Pizza', 'Soup'] });
    expect(p.menu).toEqual([{ label: 'Hours', reply: '9 to 5' }]);
    expect([p.rules, p.goodbyeMessage, p.city, p.feedUrl, p.targetLanguage]).toEqual(['Be kind.', 'Bye {name}', 'Paris', 'https://example.org/rss', 'Spanish']);
    expect(p.openHours).toEqual({ from: '08:00', to: '12:30', weekdays: [0, 5] });
    expect(p.awayMessage).toBe('Thanks for your message! We are closed right now. Our hours are Monday and Saturday, 08:00 to 12:30; we will answer you then.');
    expect([p.coins, p.currencies, p.newsIntervalMinutes]).toEqual([['solana'], ['GBP', 'USD'], 15]);
  });

  it('posts at normalised times of day, on sorted weekdays, and every N minutes only when asked', () => {
    const times = plan('telegram', { features: ['scheduled'], postTimes: ['9:5', '18:00', '25:00', '18:00'], postWeekdays: [6, 5, 5] });
    expect([times.postTimes, times.postWeekdays, times.postByInterval]).toEqual([['09:05', '18:00'], [5, 6], false]);
    expect(times.defaults.join('\n')).not.toMatch(/posts every 60 minutes/);
    expect(times.defaults.join('\n')).toMatch(/set TIMEZONE \(for example Europe\/Berlin\)/);
    const both = plan('telegram', { features: ['scheduled'], postTimes: ['09:00'], intervalMinutes: 30 });
    expect([both.postByInterval, both.intervalMinutes]).toEqual([true, 30]);
    const interval = plan('telegram', { features: ['scheduled'] });
    expect([interval.postByInterval, interval.postTimes]).toEqual([true, []]);
    expect(env(interval, 'TIMEZONE')).toBeUndefined();
  });
});

describe('what a platform cannot do: said, with the reason, and nothing built in its place', () => {
  it('Twitter/X: no commands, welcome, goodbye, moderation, reminders, polls or menus', () => {
    const p = plan('twitter', { features: ['commands', 'welcome', 'goodbye', 'moderation', 'reminders', 'polls', 'menu', 'jokes'] });
    expect(p.dropped.map((d) => d.feature)).toEqual(['commands', 'welcome', 'goodbye', 'moderation', 'reminders', 'polls', 'menu']);
    expect(p.dropped.every((d) => d.reason.length > 20)).toBe(true);
    expect([...p.features]).toEqual(['jokes']);
    expect(describeFeatures(p)).toContain('Tells a joke on a mention with "joke" (15 to pick from).');
  });

  it('builds no sample answers in place of what cannot work', () => {
    const twitter = plan('twitter', { features: ['welcome'] });
    expect([...twitter.features]).toEqual([]);
    expect(twitter.keywordReplies).toEqual([]);
    expect(twitter.defaults[0]).toBe(
      'Nothing you asked for can work on Twitter/X (the reasons are listed below), so this bot only checks its mentions: add keyword replies to KEYWORD_REPLIES, or ask for AI replies, jokes, weather or scheduled tweets.',
    );
    const whatsapp = plan('whatsapp', { features: ['goodbye'] });
    expect([...whatsapp.features]).toEqual(['commands']);
    expect(whatsapp.dropped).toEqual([{ feature: 'goodbye', reason: expect.stringMatching(/not told when someone leaves/) }]);
    expect(whatsapp.defaults[0]).toBe('Nothing you asked for can work on WhatsApp (the reasons are listed below), so it only answers /start and /help.');
    for (const p of [twitter, whatsapp]) expect(p.defaults.join(' ')).not.toMatch(/None of the features/);
  });

  it('mutes where the platform can (Telegram, Discord, the webhook bot), and says why not elsewhere when asked', () => {
    for (const platform of ['telegram', 'discord', 'generic'] as const) {
      const p = plan(platform, { features: ['moderation'], warnLimit: 2, muteMinutes: 5 });
      expect([p.warnLimit, p.muteMinutes, p.dropped]).toEqual([2, 5, []]);
    }
    for (const platform of ['slack', 'whatsapp'] as const) {
      const asked = plan(platform, { features: ['moderation'], warnLimit: 2 });
      expect(asked.warnLimit).toBe(0);
      expect(asked.features.has('moderation')).toBe(true);
      expect(asked.dropped).toEqual([{ feature: 'moderation', reason: expect.stringMatching(/^muting: .* cannot mute|^muting: .*does not let bots mute/) }]);
      expect(plan(platform, { features: ['moderation'] }).dropped).toEqual([]); // not asked: nothing to say
    }
    expect(plan('telegram', { features: ['moderation'], warnLimit: 0 }).warnLimit).toBe(0);
  });
});

describe('environment variables and dependencies', () => {
  it('posts headlines to the chat variable when set; it is required only by scheduled posts', () => {
    const news = plan('telegram', { features: ['news'] });
    expect(env(news, 'TELEGRAM_CHAT_ID')).toMatchObject({ required: false });
    expect(env(plan('telegram', { features: ['news', 'scheduled'] }), 'TELEGRAM_CHAT_ID')).toMatchObject({ required: true });
    expect(env(plan('discord', { features: ['news'] }), 'DISCORD_CHANNEL_ID')).toMatchObject({ required: false });
    expect(env(plan('slack', { features: ['news'] }), 'SLACK_CHANNEL_ID')).toMatchObject({ required: false });
    expect(env(plan('whatsapp', { features: ['news'] }), 'WHATSAPP_RECIPIENTS')).toMatchObject({ required: false });
    expect(env(plan('generic', { features: ['news'] }), 'OUTGOING_WEBHOOK_URL')).toMatchObject({ required: false });
    expect(env(news, 'DATA_FILE')).toMatchObject({ required: false });
  });

  it('lists TIMEZONE for open hours and posting times, DATA_FILE for counting, the model for translations', () => {
    expect(env(plan('telegram', { features: ['away'] }), 'TIMEZONE')).toMatchObject({ required: false });
    expect(env(plan('telegram', { features: ['counter'] }), 'DATA_FILE')).toMatchObject({ required: false });
    const translate = plan('telegram', { features: ['translate'] });
    expect(env(translate, 'OPENAI_API_KEY')).toMatchObject({ required: true });
    expect(translate.dependencies).toEqual(['python-telegram-bot', 'openai']);
    for (const feature of ['weather', 'news', 'prices', 'counter', 'polls', 'menu', 'away'] as const) {
      expect(plan('telegram', { features: [feature] }).dependencies, feature).toEqual(['python-telegram-bot']);
    }
    expect(planBot({ ...understandRequest('a webhook bot in node')!, features: ['weather', 'news', 'prices'], featuresStated: true }).dependencies).toEqual([]);
  });
});

describe('command names', () => {
  it('takes the names the request gives, for the command they fit', () => {
    expect(plan('telegram', { features: ['random'], commandNames: { random: 'dice' } }).commands).toMatchObject({ roll: 'dice', flip: 'flip', pick: 'pick' });
    expect(plan('telegram', { features: ['random'], commandNames: { random: 'toss' } }).commands).toMatchObject({ roll: 'roll', flip: 'toss' });
    expect(plan('telegram', { features: ['random'], commandNames: { random: 'decide' } }).commands).toMatchObject({ pick: 'decide' });
    expect(plan('telegram', { features: ['prices'], commandNames: { prices: 'exchange' } }).commands).toMatchObject({ price: 'price', rate: 'exchange' });
    expect(plan('telegram', { features: ['jokes'], commandNames: { jokes: '/Gag' } }).commands).toMatchObject({ joke: 'gag' });
    expect(plan('telegram', { features: ['jokes'], commandNames: { jokes: 'not a name!' } }).commands).toMatchObject({ joke: 'joke' });
  });

  it('votes in the Telegram app, elsewhere with a vote command', () => {
    expect(plan('telegram', { features: ['polls'] }).commands).toEqual({ poll: 'poll' });
    expect(plan('discord', { features: ['polls'] }).commands).toEqual({ poll: 'poll', vote: 'vote' });
    expect(plan('discord', { features: ['polls'] }).nativePoll).toBe(false);
  });
});

describe('what it does: one line per behaviour, saying how to try it', () => {
  it('describes each behaviour with its command', () => {
    const p = plan('telegram', { features: ['jokes', 'quotes', 'facts', 'random', 'polls', 'menu', 'rules', 'goodbye', 'away', 'weather', 'news', 'prices', 'translate', 'counter'] });
    const lines = describeFeatures(p);
    for (const expected of [
      'Tells a joke on /joke (15 to pick from).',
      'Shares a quote on /quote (15 to pick from).',
      'Shares a fun fact on /fact (15 to pick from).',
      'Rolls dice (/roll, /roll 20), flips a coin (/flip) and picks for you (/pick pizza, pasta).',
      'Starts a Telegram poll on /poll ("How do you like this chat?"); /poll Question? | A | B starts another one.',
      'Shows a menu of buttons on /menu (Opening hours, Contact, About us); pressing one answers it.',
      'Shows the rules on /rules.',
      'Says goodbye when a member leaves.',
      'Outside the open hours (Monday to Friday, 09:00 to 17:00) it answers messages with an away message (commands still work).',
      'Tells the current weather on /weather (London) or /weather Paris, from Open-Meteo (no key needed).',
      'Shows the latest headlines on /news and posts new ones to TELEGRAM_CHAT_ID (when set) every 60 minutes.',
      'Shows coin prices on /price (bitcoin, ethereum) or /price solana, and exchange rates on /rate USD EUR.',
      'Translates into English on /translate <text>, with the AI model.',
      "Counts everyone's messages: /count shows yours, /stats the most active people.",
    ]) {
      expect(lines).toContain(expected);
    }
    expect(describeFeatures(plan('discord', { features: ['polls'] }))).toContain('Runs polls: !poll shows "How do you like this chat?" (or !poll Question? | A | B a new one), !vote 1 votes and !vote shows the results.');
  });
});
