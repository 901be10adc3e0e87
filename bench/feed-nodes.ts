// 'feed read, two web nodes': the first page of the community feed (`GET /trpc/feed.list`, a bearer
// session: the call the UI makes) on PostgreSQL with 20,000 posts, served by two `web` node
// processes of the real server (cluster.ts) under autocannon, against the same load on one `web`
// node. The load is two autocannon instances at once, each in its own worker thread with half the
// connections: on the subject one per node, on the baseline both on the same node, so the client
// side costs the same on both sides. Every request names a new client address (cluster.ts: the
// rate limits are counted in PostgreSQL for every node), so each request is a session check, a rate
// limit upsert and the feed query on the shared PostgreSQL, as for real clients behind a load
// balancer. The ratio says how much a second web node adds; on a machine whose cores are shared by
// both nodes, PostgreSQL and the load, it cannot add what a second machine would.
import pg from 'pg';
import { newId } from '../server/clock';
import { newUser } from '../server/testing/fixtures';
import { FEED_PAGE_SIZE, POST_PLATFORMS } from '../shared/feed.schema';
import { call, machineNote, startCluster, type Cluster, type NodeProcess } from './cluster';
import { fmt, type Scenario } from './harness';
import { ADJECTIVES, NOUNS, SENTENCES, loadWorker, mulberry32 } from './feed';

const POSTS = 20_000;
const AUTHORS = 5;
/** Connections in all, half in each autocannon instance. */
const CONNECTIONS = 50;
const ROUND_SECONDS = 6;
const WARM_UP_SECONDS = 2;
const BATCH = 2_000;


/** 20,000 posts (migrations/003_feed.ts's columns) bulk-inserted with unnest, in batches, then ANALYZE. */
async function insertPosts(databaseUrl: string, authorIds: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rnd = mulberry32(20250601);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    const span = 2 * 365 * 86_400_000;
    for (let start = 0; start < POSTS; start += BATCH) {
      const cols: unknown[][] = Array.from({ length: 9 }, () => []);
      for (let i = start; i < Math.min(POSTS, start + BATCH); i++) {
        const row = [
          newId(),
          pick(authorIds),
          `${pick(ADJECTIVES)} ${pick(NOUNS)} Bot`,
          Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(SENTENCES)).join(' '),
          rnd() < 0.5 ? 'telegram' : pick(POST_PLATFORMS),
          rnd() < 0.4 ? `bench_bot_${i}` : null,
          rnd() < 0.2 ? `bot${i}@example.com` : null,
          Math.floor(rnd() ** 6 * 5000),
          new Date(now - Math.floor(rnd() * span)).toISOString(),
        ];
        row.forEach((v, c) => cols[c]!.push(v));
      }
      await client.query(
        'insert into posts (id, user_id, title, description, platform, contact_telegram, contact_email, likes_count, created_at) ' +
          'select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[])',
        cols,
      );
    }
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

const feedUrl = (base: string) => `${base}/trpc/feed.list?input=${encodeURIComponent(JSON.stringify({}))}`;

export const feedNodes: Scenario = {
  name: 'feed read, two web nodes',
  unit: 'req/s',
  subjectLabel: `GET /trpc/feed.list on two web node processes (${CONNECTIONS / 2} connections each)`,
  baselineLabel: `the same on one web node process (${CONNECTIONS} connections)`,
  goal: { op: '>=', ratio: 1.6 },
  async prepare() {
    const cluster: Cluster = await startCluster();
    // Each worker's requests come from addresses of their own (11.x.x.x and 12.x.x.x).
    const loaders = [loadWorker(), loadWorker()];
    const close = async () => {
      await Promise.all(loaders.map((l) => l.stop()));
      await cluster.close();
    };
    try {
      const db = await cluster.database('feed');
      // The in-process web node migrates the database and makes the people; closed before the load.
      const setup = await cluster.setupApp(db);
      const authors: string[] = [];
      for (let i = 0; i < AUTHORS; i++) authors.push((await newUser(setup, { name: `Bench Author ${i + 1}` })).id);
      const viewer = await newUser(setup, { name: 'Bench Viewer' });
      await insertPosts(db, authors);
      await setup.close();

      const [a, b] = await Promise.all([cluster.node(db, 'web'), cluster.node(db, 'web')]) as [NodeProcess, NodeProcess];
      for (const node of [a, b]) {
        const page = await call(node.url, 'GET', '/trpc/feed.list', { token: viewer.token });
        const posts = page.body?.result?.data?.posts;
        if (page.status !== 200 || !Array.isArray(posts) || posts.length !== FEED_PAGE_SIZE) {
          throw new Error(`feed.list on a web node answered ${page.status}: ${JSON.stringify(page.body).slice(0, 300)}`);
        }
      }
      const counted = await cluster.query<{ n: string }>(db, 'select count(*) as n from posts');
      if (Number(counted[0]!.n) !== POSTS) throw new Error(`the feed has ${counted[0]!.n} posts, not ${POSTS}`);

      /** Both instances at once, `connections / 2` each, to these two URLs; the sum of their 2xx a second. */
      const load = async (urls: [string, string], seconds: number) => {
        const results = await Promise.all(urls.map((url, i) => loaders[i]!.run({ url: feedUrl(url), headers: { authorization: `Bearer ${viewer.token}` }, connections: CONNECTIONS / 2, duration: seconds, sampleInt: 100, clientOctet: 11 + i })));
        for (const r of results) {
          if (r.errors || r.timeouts || r.non2xx || r['2xx'] === 0) {
            throw new Error(`feed load got ${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts: ${JSON.stringify(r.statusCodeStats)}`);
          }
        }
        const rates = results.map((r) => r['2xx'] / r.duration);
        const split = `${rates.map(fmt).join(' + ')} req/s (p99 ${results.map((r) => r.latency.p99).join(' / ')} ms)`;
        return { total: rates.reduce((s, x) => s + x, 0), split };
      };
      let subjectSplit = '';
      let baselineSplit = '';
      return {
        get note() {
          return (
            `${machineNote()}; ${POSTS} posts, the first page (${FEED_PAGE_SIZE} posts, recent); two autocannon instances of ${CONNECTIONS / 2} connections at once, each in a worker thread of the bench process, ` +
            `${ROUND_SECONDS} s a side a round, summed; every request from a new client address (X-Forwarded-For, TRUST_PROXY=127.0.0.1), so each one also counts its rate limit in PostgreSQL; ` +
            `last subject round ${subjectSplit || '-'} (one instance per node), last baseline round ${baselineSplit || '-'} (both on one node)`
          );
        },
        async warmUp() {
          await load([a.url, b.url], WARM_UP_SECONDS);
        },
        async baseline() {
          const r = await load([a.url, a.url], ROUND_SECONDS);
          baselineSplit = r.split;
          return r.total;
        },
        async subject() {
          const r = await load([a.url, b.url], ROUND_SECONDS);
          subjectSplit = r.split;
          return r.total;
        },
        close,
      };
    } catch (err) {
      await close();
      throw err;
    }
  },
};
