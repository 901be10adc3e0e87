// Rate limits on PostgreSQL count in the database: two servers ("web nodes") on one database share
// every limit, concurrent counts never lose a hit, and a window that has ended starts again.
// Runs in the `unit-postgres` project (it needs the run's PostgreSQL server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser } from './testing/fixtures';
import { testDatabaseEnv } from './testing/test-database';
import { countHit } from './rate-limit-store';

describe('rate limits on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await testDatabaseEnv();
    a = await startTestApp({ DATABASE_URL: database.env.DATABASE_URL!, LOG_LEVEL: 'warn' });
    b = await startTestApp({ DATABASE_URL: database.env.DATABASE_URL!, LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('two servers on one database count on the same limit: 5 wrong sign-ins a minute per address and e-mail, whichever server answers', async () => {
    const user = await newUser(a, { password: 'the-right-password-1' });
    const wrong = (t: TestApp) => t.request('POST', '/api/auth/login', { body: { email: user.email, password: 'a-wrong-password-2' } });
    const statuses = [];
    for (const t of [a, b, a, b, a]) statuses.push((await wrong(t)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const sixth = await wrong(b);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same address is counted apart.
    expect((await b.request('POST', '/api/auth/login', { body: { email: 'someone-else@example.com', password: 'a-wrong-password-2' } })).status).toBe(401);
  });

  it('50 counts of one key at once: every hit is counted once', async () => {
    const db = a.app.deps.db;
    const counts = await Promise.all(Array.from({ length: 50 }, () => countHit(db, 'test#concurrent', 60_000)));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const c of counts) expect(c.ttl).toBeGreaterThan(50_000);
  });

  it('a window that has ended starts again at one hit', async () => {
    const db = a.app.deps.db;
    expect((await countHit(db, 'test#window', 300)).current).toBe(1);
    expect((await countHit(db, 'test#window', 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const again = await countHit(db, 'test#window', 300);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(200);
  });
});
