// The behaviours' generated code, run for real in both languages: the webhook bots (JavaScript on
// Node's http module, Python on Flask) share every behaviour with the other platforms' bots, so each
// command is sent to them over HTTP and must answer with what was asked for. Weather, prices and
// news read a loopback fake of Open-Meteo, CoinGecko, open.er-api.com and an RSS/Atom feed (the
// bots' URL settings are pointed at it, as a user would edit them), or the real addresses, which
// fail here (no network) and must give the polite "could not reach" answers. Scheduled posts and
// new headlines must reach OUTGOING_WEBHOOK_URL; counts must land in the data file next to the bot.
// Real: node, python3 with Flask, HTTP on loopback, the bots' own files. Fake: the web services
// (canned answers) and the OpenAI-compatible model (startOpenAiServer).

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiServer } from '../../../testing/openai-server';
import { planBot, type BotPlan } from './plan';
import { understandRequest, type BotLanguage, type BotRequest, type Feature, type Weekday } from './request';
import { renderBot } from './templates';

const dir = mkdtempSync(join(tmpdir(), 'behaviour-bots-'));
/**
 * A Python with Flask and requests: Debian's (CI installs python3-flask and python3-requests) or
 * the one on PATH. Without one the Python bots' tests fail with this reason; they are never skipped.
 */
const PYTHON = ['/usr/bin/python3', 'python3'].find((python) => {
  try {
    execFileSync(python, ['-c', 'import flask, requests'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
});
const NO_PYTHON = 'No python3 with Flask and requests: install python3-flask and python3-requests (.ci/run does).';

// ---------------------------------------------------------------------------------------------
// The fake web services
// ---------------------------------------------------------------------------------------------

function rss(items: Array<[id: string, title: string]>): string {
  const body = items.map(([id, title]) => `<item><title>${title}</title><link>https://news.example/${id}</link><guid isPermaLink="false">${id}</guid></item>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Test news</title>\n${body.join('\n')}\n</channel></rss>`;
}

const FEED_ITEMS: Array<[string, string]> = [
  ['n1', '<![CDATA[Bakery wins a prize & a cake]]>'],
  ['n2', 'Rain &amp; sun tomorrow'],
  ['n3', 'Third headline'],
  ['n4', 'Fourth headline'],
  ['n5', 'Fifth headline'],
  ['n6', 'Sixth headline (not shown by /news)'],
];
const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom news</title>
<entry><title type="html">Atom &lt;b&gt;first&lt;/b&gt;</title><link rel="alternate" href="https://atom.example/a1"/><id>urn:a1</id></entry>
<entry><title>Atom second</title><link href="https://atom.example/a2"/><id>urn:a2</id></entry>
</feed>`;

interface Services {
  base: string;
  server: Server;
  /** The RSS feed of each language's bot (/feed/<language>.xml), changed by the tests. */
  feeds: Record<string, string>;
  asked: string[];
  outgoing: Array<{ bot?: string; text: string }>;
  /** What WhatsApp bots sent through the fake Graph API. */
  whatsapp: Array<{ to: string; body: string }>;
}

function startServices(): Promise<Services> {
  const services = { feeds: {}, asked: [] as string[], outgoing: [] as Services['outgoing'], whatsapp: [] as Services['whatsapp'] } as Services;
  const json = (res: ServerResponse, data: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(data));
  };
  services.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    services.asked.push(req.url ?? '');
    if (req.method === 'POST' && url.pathname === '/graph/v21.0/phone-id/messages') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const sent = JSON.parse(body) as { to: string; text: { body: string } };
        if (req.headers.authorization !== 'Bearer wa-token') return void res.writeHead(401).end('{}');
        services.whatsapp.push({ to: sent.to, body: sent.text.body });
        json(res, { messages: [{ id: 'wamid.1' }] });
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/outgoing') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        services.outgoing.push(JSON.parse(body) as { text: string });
        json(res, { ok: true });
      });
      return;
    }
    if (url.pathname === '/geo') {
      const name = url.searchParams.get('name');
      if (name === 'Nowhere') return json(res, { generationtime_ms: 0.1 });
      return json(res, { results: [{ name, country: name === 'Paris' ? 'France' : 'Germany', latitude: 52.52, longitude: 13.41 }] });
    }
    if (url.pathname === '/forecast') {
      if (url.searchParams.get('current') !== 'temperature_2m,weather_code,wind_speed_10m' || url.searchParams.get('latitude') !== '52.52') {
        res.writeHead(400).end('bad query');
        return;
      }
      return json(res, { current: { temperature_2m: 14.2, weather_code: 2, wind_speed_10m: 11.5 }, current_units: { temperature_2m: '°C', wind_speed_10m: 'km/h' } });
    }
    if (url.pathname === '/coins') {
      const known: Record<string, number> = { bitcoin: 64000.5, ethereum: 3000.25, solana: 0.1234567 };
      const currency = url.searchParams.get('vs_currencies') ?? '';
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      return json(res, Object.fromEntries(ids.filter((id) => id in known).map((id) => [id, { [currency]: known[id]! }])));
    }
    if (url.pathname.startsWith('/rates/')) {
      const code = url.pathname.slice('/rates/'.length);
      if (code === 'EUR') return json(res, { result: 'success', base_code: 'EUR', rates: { EUR: 1, USD: 1.08, JPY: 160 } });
      if (code === 'USD') return json(res, { result: 'success', base_code: 'USD', rates: { USD: 1, EUR: 0.925 } });
      return json(res, { result: 'error', 'error-type': 'unsupported-code' });
    }
    const feed = /^\/feed\/(\w+)\.xml$/.exec(url.pathname);
    if (feed) {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(services.feeds[feed[1]!] ?? rss(FEED_ITEMS));
      return;
    }
    if (url.pathname === '/atom.xml') {
      res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(ATOM);
      return;
    }
    res.writeHead(404).end('not found');
  });
  return new Promise((resolve) =>
    services.server.listen(0, '127.0.0.1', () => {
      const address = services.server.address();
      services.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      resolve(services);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The bots
// ---------------------------------------------------------------------------------------------

const base = (language: BotLanguage): BotRequest => ({
  ...understandRequest('a webhook bot')!,
  platform: 'generic',
  platformSource: 'stated',
  language,
  languageStated: true,
  featuresStated: true,
  keywordReplies: [{ keyword: 'bread', reply: 'Fresh bread at 8.' }],
});

const JOKES = ['The first joke of the list.', 'The second joke of the list.'];
const RULES = 'Be nice.\nNo adverts.';
const MENU = [
  { label: 'Opening times', reply: 'We open at 9 and close at 17.' },
  { label: 'Where', reply: 'Main Street 1.' },
];

function funRequest(language: BotLanguage, services: Services): BotRequest {
  const features: Feature[] = ['commands', 'keywords', 'jokes', 'quotes', 'facts', 'random', 'rules', 'polls', 'menu', 'counter', 'goodbye', 'moderation', 'weather', 'news', 'prices'];
  return {
    ...base(language),
    features,
    jokes: JOKES,
    commandNames: { jokes: 'gag' },
    rulesText: RULES,
    poll: { question: 'Lunch today?', options: ['Pizza', 'Pasta', 'Salad'] },
    menu: MENU,
    bannedWords: ['darn'],
    warnLimit: 2,
    muteMinutes: 1,
    goodbyeText: 'Bye {name}, come back soon!',
    city: 'Berlin',
    feedUrl: `${services.base}/feed/${language}.xml`,
    currencies: ['EUR', 'USD'],
  };
}

/** Today in UTC as 0 = Monday ... 6 = Sunday, and the clock times of this minute and the next. */
function utcNow(): { weekday: number; times: string[] } {
  const now = new Date();
  const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return { weekday: (now.getUTCDay() + 6) % 7, times: [hhmm(now), hhmm(new Date(now.getTime() + 60_000))] };
}

function clockRequest(language: BotLanguage, services: Services): BotRequest {
  const { weekday, times } = utcNow();
  return {
    ...base(language),
    features: ['commands', 'keywords', 'scheduled', 'away', 'weather', 'prices', 'news'],
    postTimes: times,
    postWeekdays: [],
    postTexts: [`It is posting time! (${language})`],
    // Closed all of today and tomorrow: open only on the day after that.
    openHours: { from: '09:00', to: '17:00', weekdays: [((weekday + 3) % 7) as Weekday] },
    awayText: 'We are closed, back soon.',
    feedUrl: `${services.base}/atom.xml`,
  };
}

function translateRequest(): BotRequest {
  return { ...base('javascript'), features: ['commands', 'translate'], targetLanguage: 'Spanish' };
}

interface RunningBot {
  plan: BotPlan;
  url: string;
  child: ChildProcess;
  dir: string;
  output: () => string;
  send: (text: string, user?: string, chat?: string) => Promise<Record<string, unknown>>;
  post: (path: string, body: unknown) => Promise<Record<string, unknown>>;
}

const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Points the bot's web-service settings at the fake services (the real addresses stay when `offline`). */
function pointAtFakes(code: string, services: Services, offline: boolean): string {
  let out = code.replace(/NEWS_INTERVAL_MINUTES = \d+/, 'NEWS_INTERVAL_MINUTES = 0.02');
  if (offline) return out;
  out = out
    .replace('https://graph.facebook.com/v21.0', `${services.base}/graph/v21.0`)
    .replace('https://geocoding-api.open-meteo.com/v1/search', `${services.base}/geo`)
    .replace('https://api.open-meteo.com/v1/forecast', `${services.base}/forecast`)
    .replace('https://api.coingecko.com/api/v3/simple/price', `${services.base}/coins`)
    .replace('https://open.er-api.com/v6/latest/', `${services.base}/rates/`);
  return out;
}

async function startBot(name: string, request: BotRequest, services: Services, env: Record<string, string>, offline = false): Promise<RunningBot> {
  const plan = planBot(request);
  const stem = plan.platform === 'whatsapp' ? 'whatsapp_bot' : 'webhook_bot';
  const filename = plan.language === 'python' ? `${stem}.py` : `${stem}.js`;
  const botDir = join(dir, name);
  mkdirSync(botDir, { recursive: true });
  writeFileSync(join(botDir, filename), pointAtFakes(renderBot(plan, filename), services, offline));
  const port = await freePort();
  const child = spawn(plan.language === 'python' ? (PYTHON ?? 'python3') : process.execPath, [filename], {
    cwd: botDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      PYTHONUNBUFFERED: '1',
      NODE_PATH: join(process.cwd(), 'node_modules'),
      PORT: String(port),
      TIMEZONE: 'UTC',
      OUTGOING_WEBHOOK_URL: `${services.base}/outgoing`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  const bot: RunningBot = {
    plan,
    url,
    child,
    dir: botDir,
    output: () => `--- ${name} output ---\n${output}`,
    send: (text, user = 'ann', chat) => post('/message', { user, text, ...(chat ? { chat } : {}) }),
    post,
  };
  const health = plan.platform === 'whatsapp' ? '/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=ready' : '/health';
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the bot exited\n${bot.output()}`);
      return (await fetch(url + health).catch(() => null))?.ok;
    },
    20_000,
    () => `${name} to listen\n${bot.output()}`,
  );
  return bot;
}

async function until<T>(check: () => Promise<T> | T, timeoutMs: number, what: () => string): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let services: Services;
let llm: OpenAiServer;
afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  await new Promise((resolve) => services?.server.close(resolve));
  await llm?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  services = await startServices();
  llm = await startOpenAiServer();
});

const LANGUAGES: BotLanguage[] = ['javascript', 'python'];

describe.each(LANGUAGES)('the %s webhook bot', (language) => {
  let fun: RunningBot;
  let clock: RunningBot;

  beforeAll(async () => {
    if (language === 'python' && !PYTHON) throw new Error(NO_PYTHON);
    [fun, clock] = await Promise.all([
      startBot(`${language}-fun`, funRequest(language, services), services, {}),
      startBot(`${language}-clock`, clockRequest(language, services), services, {}, true),
    ]);
  }, 40_000);

  it('tells the jokes of its list under the name asked for, and the built-in quotes and facts', async () => {
    for (let i = 0; i < 4; i++) expect(JOKES, fun.output()).toContain((await fun.send('/gag')).reply);
    expect(fun.plan.quotes).toContain((await fun.send('/quote')).reply);
    expect(fun.plan.facts).toContain((await fun.send('/fact')).reply);
    expect((await fun.send('/joke')).reply).toBe((await fun.send('/help')).reply); // /joke is /gag here: an unknown command
  });

  it('rolls dice, flips a coin and picks one of the choices', async () => {
    const roll = String((await fun.send('/roll')).reply);
    expect(roll).toMatch(/^🎲 ann rolled [1-6] \(1 to 6\)\.$/);
    for (let i = 0; i < 5; i++) {
      const n = Number(/rolled (\d+)/.exec(String((await fun.send('/roll 20')).reply))![1]);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(20);
    }
    expect(String((await fun.send('/flip')).reply)).toMatch(/^🪙 (Heads|Tails)!$/);
    const picked = String((await fun.send('/pick tea, coffee or juice')).reply);
    expect(['I pick: tea', 'I pick: coffee', 'I pick: juice']).toContain(picked);
    expect(['I pick: Yes', 'I pick: No', 'I pick: Maybe']).toContain((await fun.send('/pick')).reply);
  });

  it('shows the rules', async () => {
    expect((await fun.send('/rules')).reply).toBe(RULES);
  });

  it('runs a poll per chat: votes are counted once per person and can change', async () => {
    expect((await fun.send('/vote 1', 'ann', 'kitchen')).reply).toBe('There is no poll here yet: start one with /poll.');
    expect((await fun.send('/poll', 'ann', 'kitchen')).reply).toBe('📊 Lunch today?\n1. Pizza\n2. Pasta\n3. Salad\nVote with /vote <number>.');
    await fun.send('/vote 2', 'ann', 'kitchen');
    await fun.send('/vote 1', 'bob', 'kitchen');
    const results = (await fun.send('/vote 2', 'bob', 'kitchen')).reply;
    expect(results).toBe('Lunch today?\n1. Pizza: 0 votes\n2. Pasta: 2 votes\n3. Salad: 0 votes');
    expect((await fun.send('/vote 7', 'bob', 'kitchen')).reply).toBe('Vote with a number from 1 to 3, for example: /vote 1');
    // Another chat has its own poll; a poll can be written in the command.
    expect((await fun.send('/poll Tea or coffee? | Tea | Coffee', 'cy', 'office')).reply).toContain('📊 Tea or coffee?\n1. Tea\n2. Coffee');
    expect((await fun.send('/vote 2', 'cy', 'office')).reply).toBe('Tea or coffee?\n1. Tea: 0 votes\n2. Coffee: 1 vote');
  });

  it('answers /menu with the menu as JSON and a numbered text, and a number or a label with its reply', async () => {
    const menu = await fun.send('/menu');
    expect(menu.menu).toEqual(MENU);
    expect(menu.reply).toBe('What would you like to know? Pick one:\n1. Opening times\n2. Where\nReply with a number.');
    expect((await fun.send('2')).reply).toBe('Main Street 1.');
    expect((await fun.send('opening times')).reply).toBe('We open at 9 and close at 17.');
    expect((await fun.send('I need bread')).reply).toBe('Fresh bread at 8.');
  });

  it('says goodbye on POST /leave', async () => {
    expect((await fun.post('/leave', { user: 'Dana' })).reply).toBe('Bye Dana, come back soon!');
  });

  it('counts messages per person into the data file next to it, written whole', async () => {
    for (const text of ['one', 'two', 'three', 'four']) await fun.send(text, 'carol');
    await fun.send('hello', 'dave');
    expect((await fun.send('/count', 'carol')).reply).toBe('carol, you have sent 4 messages.');
    expect((await fun.send('/count', 'dave')).reply).toBe('dave, you have sent 1 message.');
    expect((await fun.send('/count', 'erin')).reply).toBe('erin, you have sent 0 messages.');
    expect(String((await fun.send('/stats')).reply)).toMatch(/^Most messages:\n1\. carol: 4\n/);
    const data = JSON.parse(readFileSync(join(fun.dir, 'webhook_bot_data.json'), 'utf8')) as { message_counts: Record<string, { messages: number }> };
    expect(data.message_counts.carol!.messages).toBe(4);
    expect(readdirSync(fun.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('warns on banned words and mutes after WARN_LIMIT warnings: the bot then ignores that person', async () => {
    const first = await fun.send('darn it', 'eve');
    expect(first).toMatchObject({ blocked: true, reply: 'eve, please keep the chat friendly: that message contained a word that is not allowed here. (warning 1 of 2)' });
    const second = await fun.send('darn again', 'eve');
    expect(second).toMatchObject({ blocked: true, muted: true, reply: 'eve is muted for 1 minutes after 2 warnings: the bot ignores them until then.' });
    expect(await fun.send('I need bread', 'eve')).toMatchObject({ reply: null, muted: true });
    expect((await fun.send('I need bread', 'frank')).reply).toBe('Fresh bread at 8.');
  });

  it('tells the weather from Open-Meteo, in words', async () => {
    expect((await fun.send('/weather')).reply).toBe('Weather in Berlin, Germany: partly cloudy, 14.2°C, wind 11.5 km/h.');
    expect((await fun.send('/weather Paris')).reply).toBe('Weather in Paris, France: partly cloudy, 14.2°C, wind 11.5 km/h.');
    expect((await fun.send('/weather Nowhere')).reply).toBe('I could not find a place called Nowhere.');
  });

  it('shows coin prices from CoinGecko and exchange rates', async () => {
    expect((await fun.send('/price')).reply).toBe('bitcoin: 64,000.50 EUR\nethereum: 3,000.25 EUR');
    expect(services.asked).toContain('/coins?ids=bitcoin,ethereum&vs_currencies=eur');
    expect((await fun.send('/price btc SOL')).reply).toBe('bitcoin: 64,000.50 EUR\nsolana: 0.1235 EUR');
    expect((await fun.send('/price nocoin')).reply).toBe('I do not know the coin nocoin (use CoinGecko names like bitcoin).');
    expect((await fun.send('/rate')).reply).toBe('1.00 EUR = 1.08 USD');
    expect((await fun.send('/rate 10 EUR JPY')).reply).toBe('10.00 EUR = 1,600.00 JPY');
    expect((await fun.send('/rate XYZ')).reply).toBe('I do not know the currency XYZ.');
    expect((await fun.send('/rate USD EUR GBP')).reply).toBe('1.00 USD = 0.925 EUR\nI do not know the currency GBP.');
  });

  it('shows the latest five headlines of an RSS feed, and posts only new ones to the outgoing webhook, once', async () => {
    const news = String((await fun.send('/news')).reply);
    expect(news.split('\n\n')).toEqual([
      'Bakery wins a prize & a cake\nhttps://news.example/n1',
      'Rain & sun tomorrow\nhttps://news.example/n2',
      'Third headline\nhttps://news.example/n3',
      'Fourth headline\nhttps://news.example/n4',
      'Fifth headline\nhttps://news.example/n5',
    ]);
    // The first look only remembers the headlines; a new one is then posted once.
    await until(() => existsSync(join(fun.dir, 'webhook_bot_data.json')) && readFileSync(join(fun.dir, 'webhook_bot_data.json'), 'utf8').includes('n6'), 10_000, () => `the headlines remembered\n${fun.output()}`);
    services.feeds[language] = rss([['n0', `Breaking: fresh bread (${language})`], ...FEED_ITEMS]);
    const posted = () => services.outgoing.filter((o) => o.text === `Breaking: fresh bread (${language})\nhttps://news.example/n0`);
    await until(() => posted().length > 0, 10_000, () => `the new headline posted\n${fun.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // the feed is read twice more meanwhile
    expect(posted()).toHaveLength(1);
    expect(services.outgoing.filter((o) => o.text.startsWith('Rain'))).toEqual([]);
  });

  it('posts at the times of day asked for (TIMEZONE=UTC)', async () => {
    await until(() => services.outgoing.some((o) => o.text === `It is posting time! (${language})`), 25_000, () => `the post at ${clock.plan.postTimes.join(' or ')}\n${clock.output()}`);
  });

  it('outside the open hours answers once with the away message, then stays quiet; commands still work', async () => {
    expect((await clock.send('I need bread', 'gina')).reply).toBe('We are closed, back soon.');
    expect((await clock.send('Anyone there?', 'gina')).reply).toBeNull();
    expect((await clock.send('I need bread', 'hal')).reply).toBe('We are closed, back soon.');
    expect(String((await clock.send('/help', 'gina')).reply)).toContain('/weather');
  });

  it('answers politely when the web services cannot be reached (no network here), and reads Atom feeds', async () => {
    expect((await clock.send('/weather')).reply).toBe('I could not reach the weather service right now, try again later.');
    expect((await clock.send('/price')).reply).toBe('I could not reach the price service right now, try again later.');
    expect((await clock.send('/rate USD EUR')).reply).toBe('I could not reach the price service right now, try again later.');
    expect((await clock.send('/news')).reply).toBe('Atom first\nhttps://atom.example/a1\n\nAtom second\nhttps://atom.example/a2');
    expect(clock.output()).toMatch(/weather service failed/);
  });
});

describe('the JavaScript webhook bot with translations', () => {
  it('translates into the language asked for through the OpenAI-compatible model', async () => {
    llm.fallback = { reply: 'Buenos días' };
    const bot = await startBot('javascript-translate', translateRequest(), services, { OPENAI_API_KEY: 'sk-test-key-for-loopback', OPENAI_BASE_URL: llm.baseUrl });
    expect((await bot.send('/translate Good morning')).reply).toBe('Buenos días');
    const asked = llm.requests.at(-1)!;
    expect(asked.messages[0]!.content).toBe("Translate the user's message into Spanish. Answer with the translation only.");
    expect(asked.messages.at(-1)!.content).toBe('Good morning');
    expect((await bot.send('/translate')).reply).toBe('Send the text after the command, for example: /translate Good morning');
  }, 30_000);
});

describe.each(LANGUAGES)('the %s WhatsApp bot (Cloud API webhook, a fake Graph API)', (language) => {
  let bot: RunningBot;

  beforeAll(async () => {
    if (language === 'python' && !PYTHON) throw new Error(NO_PYTHON);
    const request: BotRequest = {
      ...understandRequest('a whatsapp bot')!,
      language,
      languageStated: true,
      featuresStated: true,
      features: ['commands', 'welcome', 'jokes', 'polls', 'menu', 'counter'],
      welcomeText: 'Hello {name}!',
      jokes: JOKES,
      poll: { question: 'Lunch today?', options: ['Pizza', 'Pasta'] },
      menu: MENU,
    };
    bot = await startBot(`${language}-whatsapp`, request, services, {
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: 'phone-id',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
    });
  }, 40_000);

  /** A text from a number, as Meta posts it; resolves with the bot's next answers to that number. */
  async function say(from: string, name: string, text: string, answers = 1): Promise<string[]> {
    const before = services.whatsapp.filter((m) => m.to === from).length;
    const value = { contacts: [{ wa_id: from, profile: { name } }], messages: [{ from, type: 'text', text: { body: text } }] };
    await fetch(`${bot.url}/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ entry: [{ changes: [{ value }] }] }) });
    const sent = await until(
      () => {
        const to = services.whatsapp.filter((m) => m.to === from);
        return to.length >= before + answers && to.slice(before).map((m) => m.body);
      },
      10_000,
      () => `${answers} answer(s) to "${text}"\n${bot.output()}`,
    );
    return sent as string[];
  }

  it('welcomes a new contact, then answers the behaviour commands', async () => {
    const [welcome, joke] = await say(`49${language.length}01`, 'Ann', '/joke', 2);
    expect(welcome).toBe('Hello Ann!');
    expect(JOKES).toContain(joke);
  });

  it('shows a numbered menu and answers a number with its reply', async () => {
    expect(await say(`49${language.length}01`, 'Ann', '/menu')).toEqual(['What would you like to know? Pick one:\n1. Opening times\n2. Where\nReply with a number.']);
    expect(await say(`49${language.length}01`, 'Ann', '2')).toEqual(['Main Street 1.']);
  });

  it('runs one poll for everyone: each contact votes from their own chat', async () => {
    await say(`49${language.length}01`, 'Ann', '/poll');
    await say(`49${language.length}01`, 'Ann', '/vote 2');
    const [, results] = await say(`49${language.length}02`, 'Bob', '/vote 2', 2); // Bob is new: welcome first
    expect(results).toBe('Lunch today?\n1. Pizza: 0 votes\n2. Pasta: 2 votes');
  });

  it('counts what each contact writes', async () => {
    await say(`49${language.length}03`, 'Cy', 'hello there', 2);
    await say(`49${language.length}03`, 'Cy', 'anyone?');
    expect(await say(`49${language.length}03`, 'Cy', '/count')).toEqual(['Cy, you have sent 2 messages.']);
  });
});
