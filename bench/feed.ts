// The community feed at 100,000 posts: `GET /trpc/feed.list` of the real app (buildApp on a temp
// DATA_DIR, rate limits off, a bearer session: the call the UI makes) under autocannon with 50
// connections, against the SQL listPosts builds for the same page run directly on a prepared
// better-sqlite3 statement in this process. Four pages: the first page (recent), a page 2,500
// posts deep (its cursor got by walking the feed), the first page of a search and the first page of
// the popular sort. The throughput ratio says what Fastify, tRPC, the session check and JSON cost on
// top of the query; the two p99 scenarios hold the latency of the first page and of the search
// under those 50 connections to an absolute bound. The 100,000 posts are generated once per run
// (seeded, so every run has the same feed) and each scenario gets its own copy of the data dir.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type autocannon from 'autocannon';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { newId } from '../server/clock';
import { createUser } from '../server/features/auth/accounts';
import { createSession } from '../server/features/auth/sessions';
import { FEED_PAGE_SIZE, POST_PLATFORMS } from '../shared/feed.schema';
import { median, type Scenario } from './harness';

const POSTS = 100_000;
const AUTHORS = 5;
const CONNECTIONS = 50;
/** Each side of a throughput round; 4 throughput + 2 latency scenarios keep the feed part near a minute. */
const ROUND_SECONDS = 1.5;
const WARM_UP_SECONDS = 0.5;
/** The in-process side of a latency round: batches of CONNECTIONS queries back to back. */
const LATENCY_BASELINE_SECONDS = 0.5;
const DEEP = 2_500;
const WALK_LIMIT = 50;
const SEARCH = 'weather';
const P99_GOAL_MS = 250;
const LOAD_WORKER = path.join(import.meta.dirname, 'fixtures', 'load-worker.mjs');

type ListInput = { search?: string; sort?: 'recent' | 'popular'; cursor?: string; limit?: number };

// ---- The SQL listPosts builds (server/features/feed/posts.ts), as Kysely compiles it -----------

const SELECT =
  'select "p".*, "u"."name" as "author_name", "u"."email" as "author_email", "up"."ext" as "image_ext", "l"."user_id" as "liked_by" ' +
  'from "posts" as "p" inner join "users" as "u" on "u"."id" = "p"."user_id" ' +
  'left join "uploads" as "up" on "up"."id" = "p"."image_id" ' +
  'left join "likes" as "l" on "l"."post_id" = "p"."id" and "l"."user_id" = ?';

type Cursor = [likes: number, createdAt: string, id: string];
const decodeCursor = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The statement and parameters of listPosts(deps, viewerId, input) (no platform filter). */
function feedQuery(viewerId: string, input: ListInput): { sql: string; params: unknown[] } {
  const limit = input.limit ?? FEED_PAGE_SIZE;
  const popular = input.sort === 'popular';
  const where: string[] = [];
  const params: unknown[] = [viewerId];
  if (input.search) {
    const pattern = likePattern(input.search);
    where.push("(p.title like ? escape '\\' or p.description like ? escape '\\')");
    params.push(pattern, pattern);
  }
  if (input.cursor) {
    const [likes, createdAt, id] = decodeCursor(input.cursor);
    if (popular) {
      where.push('(p.likes_count, p.created_at, p.id) < (?, ?, ?)');
      params.push(likes, createdAt, id);
    } else {
      where.push('(p.created_at, p.id) < (?, ?)');
      params.push(createdAt, id);
    }
  }
  const order = popular ? '"p"."likes_count" desc, "p"."created_at" desc, "p"."id" desc' : '"p"."created_at" desc, "p"."id" desc';
  params.push(limit + 1);
  return { sql: `${SELECT}${where.length ? ` where ${where.join(' and ')}` : ''} order by ${order} limit ?`, params };
}

// ---- The data: 100,000 posts in the app's own database -----------------------------------------

/** A small seeded generator, so every run benchmarks the same feed. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ADJECTIVES = ['Friendly', 'Daily', 'Smart', 'Tiny', 'Quick', 'Lazy', 'Cosmic', 'Polite', 'Noisy', 'Helpful', 'Secret', 'Retro', 'Sleepy', 'Brave'];
export const NOUNS = ['Recipe', 'Quiz', 'Reminder', 'Crypto', 'Music', 'Translator', 'News', 'Joke', 'Todo', 'Meme', 'Study', 'Fitness', 'Movie', 'Poll'];
const KINDS = ['Bot', 'Helper', 'Buddy', 'Assistant', 'Tracker', 'Digest'];
export const SENTENCES = [
  'Answers questions about the topic in plain words.',
  'Sends a short summary every morning at eight.',
  'Keeps a list for the whole group and pings people who forget.',
  'Built with the builder in an afternoon, feedback welcome.',
  'Supports inline buttons, slash commands and a small admin panel.',
  'Remembers preferences per chat and never stores message history.',
  'Uses a tiny SQLite database and runs fine on a cheap VPS.',
  'Posts a random pick from a curated list when you ask for one.',
  'Translates between English, Spanish and German on request.',
  'Counts votes and shows the results as a bar chart.',
];
const WEATHER_TITLES = ['Weather Bot', 'Local Weather Alerts', 'Weather Forecast Buddy', 'Morning Weather Digest'];
const WEATHER_SENTENCE = 'Also tells you the weather for your city when you ask.';

type Data = { weatherPosts: number; likedByViewer: number; withImage: number; withFile: number };

/** Inserts the uploads, posts and the viewer's likes in one transaction on a second handle. */
function insertFeed(dbFile: string, authorIds: string[], viewerId: string): Data {
  const db = new SQLite(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // The whole insert fits in the page cache instead of spilling into the WAL as it goes.
    db.pragma('cache_size = -262144');
    const rnd = mulberry32(20250601);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    const span = 2 * 365 * 86_400_000;
    const insertUpload = db.prepare('insert into uploads (id, mime, ext, bytes, width, height, created_at) values (?, ?, ?, ?, ?, ?, ?)');
    const insertPost = db.prepare(
      'insert into posts (id, user_id, title, description, platform, contact_telegram, contact_email, contact_twitter, image_id, public_access_key, file_name, file_content, likes_count, created_at) ' +
        'values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertLike = db.prepare('insert into likes (post_id, user_id, created_at) values (?, ?, ?)');
    const fileContent = 'import telebot\n' + '# handler\ndef reply(message):\n    return message.text\n'.repeat(40);
    const data: Data = { weatherPosts: 0, likedByViewer: 0, withImage: 0, withFile: 0 };
    db.transaction(() => {
      const images: string[] = [];
      for (let i = 0; i < 20; i++) {
        const id = createHash('sha256').update(`bench image ${i}`).digest('hex');
        insertUpload.run(id, 'image/png', 'png', 20_000 + i, 512, 512, new Date(now - span).toISOString());
        images.push(id);
      }
      for (let i = 0; i < POSTS; i++) {
        const weather = rnd() < 0.05;
        let title = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(KINDS)}`;
        const sentences = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(SENTENCES));
        if (weather) {
          if (rnd() < 0.5) title = pick(WEATHER_TITLES);
          else sentences.splice(Math.floor(rnd() * sentences.length), 0, WEATHER_SENTENCE);
          data.weatherPosts += 1;
        }
        // Few likes for most posts, many for a few.
        let likes = Math.floor(rnd() ** 6 * 5000);
        const liked = rnd() < 0.02;
        if (liked) likes += 1;
        const image = rnd() < 0.2 ? pick(images) : null;
        const file = rnd() < 0.05;
        const id = newId();
        insertPost.run(
          id,
          pick(authorIds),
          title,
          sentences.join(' '),
          rnd() < 0.5 ? 'telegram' : pick(POST_PLATFORMS),
          rnd() < 0.4 ? `bench_bot_${i}` : null,
          rnd() < 0.2 ? `bot${i}@example.com` : null,
          rnd() < 0.1 ? `bench${i}` : null,
          image,
          rnd() < 0.1 ? `bench-bot-${i}` : null,
          file ? 'bot.py' : null,
          file ? fileContent : null,
          likes,
          new Date(now - Math.floor(rnd() * span)).toISOString(),
        );
        if (liked) {
          insertLike.run(id, viewerId, new Date(now).toISOString());
          data.likedByViewer += 1;
        }
        if (image) data.withImage += 1;
        if (file) data.withFile += 1;
      }
    })();
    return data;
  } finally {
    db.close();
  }
}

// ---- The fixture: the app listening, a viewer's token, a direct handle ------------------------

type Fixture = {
  url: string;
  token: string;
  viewerId: string;
  data: Data;
  /** A second better-sqlite3 handle on the app's database, opened with the app's pragmas. */
  direct: SQLite.Database;
  /** GET /trpc/feed.list with the viewer's token; the page or an error naming the status. */
  list(input: ListInput): Promise<{ posts: { id: string }[]; nextCursor: string | null }>;
  /** The plan SQLite picks for this statement on the app's own connection. */
  appPlan(query: { sql: string; params: unknown[] }): Promise<string>;
  /** One autocannon run, in the load worker. */
  autocannon(opts: Parameters<typeof autocannon>[0]): Promise<LoadResult>;
  close(): Promise<void>;
};

type Template = { dir: string; viewerId: string; data: Data };
let template: Promise<Template> | null = null;

/**
 * The populated data directory, built once per run and copied into each scenario's own: the real
 * app migrates it and makes the users (createUser), a second handle bulk-inserts the feed into the
 * app's SQLite file while the app has it open, ANALYZE runs on the app's connection, and closing
 * the app checkpoints the WAL into app.db. Removed when the process exits.
 */
function feedTemplate(): Promise<Template> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'botwright-bench-feed-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const app = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' }), { rateLimits: false });
    try {
      const deps = app.deps;
      const user = async (name: string, email: string) => {
        const u = await createUser(deps.db, deps.clock, { name, email, passwordHash: null, googleSub: null });
        if (!u) throw new Error(`could not create ${email}`);
        return u.id;
      };
      const authorIds: string[] = [];
      for (let i = 1; i <= AUTHORS; i++) authorIds.push(await user(`Bench Author ${i}`, `author${i}@example.com`));
      const viewerId = await user('Bench Viewer', 'viewer@example.com');
      const data = insertFeed(path.join(dir, 'app.db'), authorIds, viewerId);
      await sql`analyze`.execute(deps.db);
      return { dir, viewerId, data };
    } finally {
      await app.close();
    }
  })();
  return template;
}

/** The real app on a copy of the template, listening, with a session for the viewer and a direct handle. */
async function setUpFeed(): Promise<Fixture> {
  const { dir, viewerId, data } = await feedTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-bench-feed-'));
  cpSync(dir, dataDir, { recursive: true });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let direct: SQLite.Database | null = null;
  const loader = loadWorker();
  const close = async () => {
    await loader.stop();
    await app?.close();
    if (direct?.open) direct.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }), { rateLimits: false });
    const deps = app.deps;
    const token = await createSession(deps.db, deps.sessionKeys, deps.clock, viewerId);

    // A second handle on the app's database, opened with the app's pragmas (server/db/database.ts).
    direct = new SQLite(path.join(dataDir, 'app.db'));
    direct.pragma('journal_mode = WAL');
    direct.pragma('synchronous = FULL');
    direct.pragma('foreign_keys = ON');
    direct.pragma('busy_timeout = 5000');

    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const list: Fixture['list'] = async (input) => {
      const res = await fetch(feedUrl(url, input), { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`feed.list answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text).result.data;
    };
    const appPlan: Fixture['appPlan'] = async (q) => {
      const r = await deps.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, q.params));
      return r.rows.map((row) => row.detail).join('; ');
    };
    return { url, token, viewerId, data, direct, list, appPlan, autocannon: loader.run, close };
  } catch (err) {
    await close();
    throw err;
  }
}

const feedUrl = (base: string, input: ListInput) => `${base}/trpc/feed.list?input=${encodeURIComponent(JSON.stringify(input))}`;

/** The cursor after `deep` posts, walked page by page through the app as the UI's infinite scroll would. */
async function walkCursor(f: Fixture, input: ListInput, deep: number): Promise<string> {
  let cursor: string | undefined;
  for (let seen = 0; seen < deep; ) {
    const page = await f.list({ ...input, limit: WALK_LIMIT, ...(cursor ? { cursor } : {}) });
    if (!page.nextCursor) throw new Error(`the feed ended after ${seen + page.posts.length} posts, before ${deep}`);
    cursor = page.nextCursor;
    seen += page.posts.length;
  }
  return cursor!;
}

/**
 * The page both sides serve, checked to be the same one: the HTTP answer and the direct statement
 * give the same posts in the same order, and SQLite plans the statement the same way on both
 * connections.
 */
async function samePage(f: Fixture, input: ListInput) {
  const query = feedQuery(f.viewerId, input);
  const stmt = f.direct.prepare(query.sql);
  const rows = stmt.all(...query.params) as { id: string }[];
  const page = await f.list(input);
  const httpIds = page.posts.map((p) => p.id).join(',');
  const directIds = rows.slice(0, FEED_PAGE_SIZE).map((r) => r.id).join(',');
  if (page.posts.length !== FEED_PAGE_SIZE || httpIds !== directIds) {
    throw new Error(`feed.list and the direct statement disagree on ${JSON.stringify(input)}`);
  }
  const directPlan = (f.direct.prepare(`explain query plan ${query.sql}`).all(...query.params) as { detail: string }[]).map((r) => r.detail).join('; ');
  const appPlan = await f.appPlan(query);
  if (directPlan !== appPlan) throw new Error(`the two connections plan ${JSON.stringify(input)} differently: ${appPlan} vs ${directPlan}`);
  return { stmt, params: query.params, plan: directPlan };
}

export type LoadResult = Awaited<ReturnType<typeof autocannon>> & {
  /** Latencies (ms) of every response but the first of each connection: the load once all 50 are open. */
  steadyLatency: { count: number; p50: number | null; p99: number | null; max: number | null };
  /** The slowest first response of a connection (ms): how long the ramp kept a new connection waiting. */
  firstResponseMax: number;
};

async function load(f: Fixture, input: ListInput, seconds: number): Promise<LoadResult> {
  const r = await f.autocannon({
    url: feedUrl(f.url, input),
    headers: { authorization: `Bearer ${f.token}` },
    connections: CONNECTIONS,
    duration: seconds,
    // autocannon notices the end of the duration at its next sample: sample often, so a run lasts as asked.
    sampleInt: 100,
  });
  if (r.errors || r.timeouts || r.non2xx || r['2xx'] === 0) {
    throw new Error(`feed load got ${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts: ${JSON.stringify(r.statusCodeStats)}`);
  }
  return r;
}

/** autocannon in bench/fixtures/load-worker.mjs, one run at a time; plain node (no tsx) in the worker. */
export function loadWorker() {
  const worker = new Worker(LOAD_WORKER, { execArgv: [] });
  let failed: Error | null = null;
  worker.on('error', (err) => (failed = err));
  return {
    run(opts: Parameters<typeof autocannon>[0] & { clientOctet?: number }): Promise<LoadResult> {
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        worker.once('error', onError);
        worker.once('message', (msg: { result?: LoadResult; error?: string }) => {
          worker.off('error', onError);
          if (msg.result) resolve(msg.result);
          else reject(new Error(`autocannon failed: ${msg.error}`));
        });
        worker.postMessage(opts);
      });
    },
    stop: () => worker.terminate(),
  };
}

/** Runs the prepared statement back to back for `seconds` (this thread does nothing else meanwhile). */
function queriesPerSecond(stmt: SQLite.Statement, params: unknown[], seconds: number): number {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let n = 0;
  while (performance.now() < deadline) {
    stmt.all(...params);
    n += 1;
  }
  return n / ((performance.now() - start) / 1000);
}

/**
 * The median time to run `queued` statements back to back: the least the last of that many waiting
 * requests would wait if answering were only the query.
 */
function queuedMs(stmt: SQLite.Statement, params: unknown[], queued: number, seconds: number): number {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline || times.length < 5) {
    const t0 = performance.now();
    for (let i = 0; i < queued; i++) stmt.all(...params);
    times.push(performance.now() - t0);
  }
  return median(times);
}

type Page = { name: string; label: string; input: ListInput; deep?: boolean };

const dataNote = (d: Data) =>
  `${POSTS} posts (${d.weatherPosts} match '${SEARCH}', ${d.withImage} with an image, ${d.withFile} with a file, ${d.likedByViewer} liked by the viewer)`;

/** Prepares a page on a fresh fixture: the input (a deep page gets its cursor by walking), the direct statement. */
async function preparePage(page: Page) {
  const f = await setUpFeed();
  try {
    const input = page.deep ? { ...page.input, cursor: await walkCursor(f, page.input, DEEP) } : page.input;
    const direct = await samePage(f, input);
    return { f, input, ...direct };
  } catch (err) {
    await f.close();
    throw err;
  }
}

function throughputScenario(page: Page): Scenario {
  return {
    name: page.name,
    unit: 'req/s',
    baselineUnit: 'queries/s',
    subjectLabel: `GET /trpc/feed.list ${page.label}`,
    baselineLabel: 'the same SQL on prepared better-sqlite3',
    goal: { op: '>=', ratio: 0.5 },
    async prepare() {
      const { f, input, stmt, params, plan } = await preparePage(page);
      return {
        note: `${dataNote(f.data)}; ${CONNECTIONS} connections (autocannon in a worker thread), ${ROUND_SECONDS} s a side a round, the direct statement in a synchronous loop; SQLite plan: ${plan}`,
        async warmUp() {
          queriesPerSecond(stmt, params, WARM_UP_SECONDS);
          await load(f, input, WARM_UP_SECONDS);
        },
        baseline: async () => queriesPerSecond(stmt, params, ROUND_SECONDS),
        subject: async () => {
          const r = await load(f, input, ROUND_SECONDS);
          return r['2xx'] / r.duration;
        },
        close: f.close,
      };
    },
  };
}

function latencyScenario(page: Page): Scenario {
  return {
    name: page.name,
    unit: 'ms',
    subjectLabel: `p99 of GET /trpc/feed.list ${page.label} at ${CONNECTIONS} connections`,
    baselineLabel: `${CONNECTIONS} direct queries back to back`,
    goal: { op: '<=', value: P99_GOAL_MS },
    async prepare() {
      const { f, input, stmt, params } = await preparePage(page);
      return {
        note:
          `${dataNote(f.data)}; p99 over every response but the first of each connection (the first ones wait for the busy server to accept the connection: the ramp, not the load); ` +
          `the baseline is the median time ${CONNECTIONS} direct queries take back to back (the least the last of ${CONNECTIONS} waiting requests could wait), over ${LATENCY_BASELINE_SECONDS} s; ` +
          `the goal bounds the HTTP p99 itself; ${ROUND_SECONDS} s of load a round (autocannon in a worker thread)`,
        async warmUp() {
          queuedMs(stmt, params, CONNECTIONS, WARM_UP_SECONDS);
          await load(f, input, WARM_UP_SECONDS);
        },
        baseline: async () => queuedMs(stmt, params, CONNECTIONS, LATENCY_BASELINE_SECONDS),
        subject: async () => {
          const r = await load(f, input, ROUND_SECONDS);
          if (r.steadyLatency.p99 === null) throw new Error('no response after the first of a connection');
          return r.steadyLatency.p99;
        },
        close: f.close,
      };
    },
  };
}

const FIRST: Page = { name: 'feed first page', label: 'first page, recent', input: {} };
const SEARCHED: Page = { name: 'feed search page', label: `first page, search '${SEARCH}'`, input: { search: SEARCH } };

export const feedScenarios: Scenario[] = [
  throughputScenario(FIRST),
  throughputScenario({ name: 'feed deep page', label: `page ${DEEP} posts deep (cursor), recent`, input: {}, deep: true }),
  throughputScenario(SEARCHED),
  throughputScenario({ name: 'feed popular page', label: 'first page, popular', input: { sort: 'popular' } }),
  latencyScenario({ ...FIRST, name: 'feed p99 first page' }),
  latencyScenario({ ...SEARCHED, name: 'feed p99 search page' }),
];
