// The community feed through the real app: shapes, search/filter/sort/paging against a reference
// computed here, likes under concurrency, ownership, hostile images and handles, and secrets.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { createPost, likePost } from './posts';

const GIF_1x1 = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

const post = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/bot-posts', { token, body: { title: 'Echo bot', description: 'Echoes messages', platform: 'telegram', ...body } });
const rowCount = async (table: 'posts' | 'uploads' | 'likes') =>
  Number((await t.app.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('sharing a post', () => {
  it('stores the post with its image, contacts and bot file, and serves the image safely', async () => {
    const { token, id } = await newUser(t, { name: 'Ada Lovelace' });
    const file = (await t.request('PUT', '/api/projects/default/files/echo_bot.py', { token, body: { content: "import os\nTOKEN = os.environ['TELEGRAM_BOT_TOKEN']\n" } })).body;
    const res = await post(token, {
      imageUrl: PNG_1x1,
      contactInfo: { telegram: '@ada_bots', email: 'ada@example.com', twitter: 'ada' },
      publicAccessKey: 'ada-echo',
      fileId: file.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: id,
      user: { name: 'Ada Lovelace' },
      platform: 'telegram',
      contactInfo: { telegram: 'ada_bots', email: 'ada@example.com', twitter: 'ada' },
      publicAccessKey: 'ada-echo',
      likesCount: 0,
      isLiked: false,
      file: { filename: 'echo_bot.py', language: 'Python' },
    });
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const image = await fetch(t.url + res.body.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PNG_1x1.split(',')[1]!, 'base64'));
    // On PostgreSQL the bytes are in the row, for every node to serve; on SQLite a file in DATA_DIR/uploads.
    const stored = await t.app.deps.db.selectFrom('uploads').select('data').where('id', '=', res.body.imageUrl.slice('/uploads/'.length, -'.png'.length)).executeTakeFirstOrThrow();
    expect(stored.data === null).toBe(!t.config.databaseUrl);

    const list = await t.request('GET', '/api/bot-posts', { token });
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body[0].id).toBe(res.body.id);
  });

  it('refuses hostile images with no row written', async () => {
    const { token } = await newUser(t);
    const before = [await rowCount('posts'), await rowCount('uploads')];
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1);
    Buffer.from(PNG_1x1.split(',')[1]!, 'base64').copy(huge);
    const cases: Array<[string, number[]]> = [
      [`data:image/png;base64,${html}`, [400]],
      [`data:image/svg+xml;base64,${svg}`, [400]],
      [`data:image/png;base64,${huge.toString('base64')}`, [413]],
      ['data:image/png;base64,iVBORw0KGgo$$$', [400]],
      ['https://example.com/x.png', [400]],
    ];
    for (const [imageUrl, statuses] of cases) {
      const res = await post(token, { imageUrl });
      expect(statuses, imageUrl.slice(0, 40)).toContain(res.status);
      expect(typeof res.body.error).toBe('string');
    }
    expect([await rowCount('posts'), await rowCount('uploads')]).toEqual(before);
  });

  it('refuses SVG whatever type it claims, saying which types are allowed', async () => {
    const { token } = await newUser(t);
    const before = [await rowCount('posts'), await rowCount('uploads')];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>').toString('base64');
    const asSvg = await post(token, { imageUrl: `data:image/svg+xml;base64,${svg}` });
    expect(asSvg.status).toBe(400);
    expect(asSvg.body.error).toBe('Only PNG, JPEG, GIF or WebP images are allowed');
    // Declared as a PNG, the bytes give it away.
    const asPng = await post(token, { imageUrl: `data:image/png;base64,${svg}` });
    expect(asPng.status).toBe(400);
    expect(asPng.body.error).toBe('The image content does not match its type');
    expect([await rowCount('posts'), await rowCount('uploads')]).toEqual(before);
  });

  it('refuses links and script in contact handles, and missing required fields', async () => {
    const { token } = await newUser(t);
    for (const contactInfo of [{ telegram: 'javascript:alert(1)' }, { twitter: '"><img src=x onerror=alert(1)>' }, { email: 'not-an-email' }, { telegram: 'https://t.me/x' }]) {
      expect((await post(token, { contactInfo })).status).toBe(400);
    }
    const missing = await t.request('POST', '/api/bot-posts', { token, body: { title: '', description: 'x', platform: 'telegram' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Please fill in all required fields');
    expect((await post(token, { likesCount: 99 })).status).toBe(400);
  });

  it('refuses posts that carry secrets and says where, but accepts reading them from the environment', async () => {
    const { token } = await newUser(t);
    const leaked = await post(token, { description: 'Try it! token 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0' });
    expect(leaked.status).toBe(400);
    expect(leaked.body.error).toMatch(/description/);
    // The 34-character form of a token's secret too.
    const short = await post(token, { title: 'Echo 8123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^This looks like a Telegram bot token in the bot name \(line 1\)\./);
    const file = (await t.request('PUT', '/api/projects/default/files/leaky.py', { token, body: { content: 'OPENAI_API_KEY = "sk-proj-4f9Kd83JdkLw02mZpQx7Vb1nRt6Ye5Ua"\n' } })).body;
    const inFile = await post(token, { fileId: file.id });
    expect(inFile.status).toBe(400);
    expect(inFile.body.error).toMatch(/leaky\.py/);
    const fine = await post(token, { description: "Reads its token with os.environ['TELEGRAM_BOT_TOKEN']" });
    expect(fine.status).toBe(200);
  });
});

describe('likes, deletion and remix', () => {
  it('50 parallel likes by one person leave exactly one like; toggling keeps the count equal to the rows', async () => {
    const owner = await newUser(t);
    const fan = await newUser(t);
    const id = (await post(owner.token, {})).body.id;
    const results = await Promise.all(Array.from({ length: 50 }, () => t.request('POST', `/api/bot-posts/${id}/like`, { token: fan.token, body: { liked: true } })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const likes = await t.app.deps.db.selectFrom('likes').selectAll().where('post_id', '=', id).execute();
    expect(likes).toHaveLength(1);
    const toggled = await t.request('POST', `/api/bot-posts/${id}/like`, { token: fan.token });
    expect(toggled.body).toEqual({ liked: false, likesCount: 0 });
    await Promise.all(Array.from({ length: 21 }, () => t.request('POST', `/api/bot-posts/${id}/like`, { token: fan.token })));
    const row = await t.app.deps.db.selectFrom('posts').select('likes_count').where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await t.app.deps.db.selectFrom('likes').selectAll().where('post_id', '=', id).execute();
    expect(row.likes_count).toBe(rows.length);
    expect(rows.length).toBe(1);
  });

  it("another person's delete answers 404 and removes nothing; the owner's delete takes likes and the unused image", async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const created = (await post(owner.token, { imageUrl: GIF_1x1 })).body;
    await t.request('POST', `/api/bot-posts/${created.id}/like`, { token: other.token, body: { liked: true } });
    expect((await t.request('DELETE', `/api/bot-posts/${created.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', '/api/bot-posts', { token: other.token })).body.some((p: { id: string }) => p.id === created.id)).toBe(true);
    const imagesBefore = await rowCount('uploads');
    expect((await t.request('DELETE', `/api/bot-posts/${created.id}`, { token: owner.token })).status).toBe(200);
    expect(await t.app.deps.db.selectFrom('likes').selectAll().where('post_id', '=', created.id).execute()).toEqual([]);
    // The GIF was used by this post only: its row and its file are gone.
    expect(await rowCount('uploads')).toBe(imagesBefore - 1);
    // On SQLite its file too (on PostgreSQL the bytes were in the row).
    if (!t.config.databaseUrl) expect(readdirSync(path.join(t.config.dataDir, 'uploads')).some((f) => created.imageUrl.endsWith(f))).toBe(false);
    expect((await fetch(t.url + created.imageUrl)).status).toBe(404);
  });

  it('remix copies the attached file into a new bot named after the post, beside the caller’s own bots', async () => {
    const owner = await newUser(t);
    const fan = await newUser(t);
    const file = (await t.request('PUT', '/api/projects/default/files/echo_bot.py', { token: owner.token, body: { content: 'print("echo")\n' } })).body;
    const id = (await post(owner.token, { fileId: file.id })).body.id;
    const mine = (await t.request('PUT', '/api/projects/default/files/echo_bot.py', { token: fan.token, body: { content: 'mine\n' } })).body;
    const remix = await t.request('POST', `/api/bot-posts/${id}/remix`, { token: fan.token });
    expect(remix.status).toBe(200);
    expect(remix.body).toMatchObject({ file: { filename: 'echo_bot.py', content: 'print("echo")\n' }, message: 'Remixed into a new bot, Echo bot' });
    expect(remix.body.file.projectId).not.toBe(mine.projectId);
    const projects = (await t.request('GET', '/api/projects', { token: fan.token })).body as Array<{ id: string; name: string; files: Record<string, { content: string }> }>;
    expect(projects.map((p) => [p.name, Object.keys(p.files)])).toEqual([
      ['', ['echo_bot.py']],
      ['Echo bot', ['echo_bot.py']],
    ]);
    expect(projects[0]!.files['echo_bot.py']!.content).toBe('mine\n');
  });
});

describe('search, filter, sort and paging', () => {
  it('match a reference computed in the test for every combination, page by page', async () => {
    const deps = t.app.deps;
    const viewer = await newUser(t);
    await t.app.deps.db.deleteFrom('posts').execute();
    const authors = [await newUser(t), await newUser(t), await newUser(t)];
    const platforms = ['telegram', 'twitter', 'whatsapp', 'discord', 'other'] as const;
    const made: Array<{ id: string; title: string; description: string; platform: string; likes: number; createdAt: string }> = [];
    for (let i = 0; i < 37; i++) {
      const p = await createPost({ deps, userId: authors[i % 3]!.id }, {
        title: i % 4 === 0 ? `Weather bot ${i}` : `Helper ${i}`,
        description: i % 5 === 0 ? 'Posts the WEATHER every morning' : `Bot number ${i} with 100%_fun`,
        platform: platforms[i % 5]!,
      });
      const likes = (i * 7) % 4;
      for (let k = 0; k < likes; k++) await likePost({ deps, userId: authors[k % 3]!.id === p.userId ? viewer.id : authors[k % 3]!.id }, { id: p.id, liked: true });
      const row = await deps.db.selectFrom('posts').select(['likes_count', 'created_at']).where('id', '=', p.id).executeTakeFirstOrThrow();
      made.push({ id: p.id, title: p.title, description: p.description, platform: p.platform, likes: row.likes_count, createdAt: row.created_at });
    }
    const byRecent = (a: (typeof made)[0], b: (typeof made)[0]) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);
    for (const sort of ['recent', 'popular'] as const) {
      for (const platform of ['all', 'telegram', 'other'] as const) {
        for (const search of ['', 'weather', '100%_', 'nothing-matches']) {
          const expected = made
            .filter((p) => platform === 'all' || p.platform === platform)
            .filter((p) => !search || `${p.title}\n${p.description}`.toLowerCase().includes(search.toLowerCase()))
            .sort((a, b) => (sort === 'popular' && a.likes !== b.likes ? b.likes - a.likes : byRecent(a, b)))
            .map((p) => p.id);
          const seen: string[] = [];
          let cursor: string | null = null;
          do {
            const input = { sort, platform, search, limit: 5, ...(cursor ? { cursor } : {}) };
            const page = await t.request('GET', `/trpc/feed.list?input=${encodeURIComponent(JSON.stringify(input))}`, { token: viewer.token });
            expect(page.status).toBe(200);
            seen.push(...page.body.result.data.posts.map((p: { id: string }) => p.id));
            cursor = page.body.result.data.nextCursor;
          } while (cursor);
          expect(seen, `${sort} ${platform} "${search}"`).toEqual(expected);

          // A REST client gets the spec's plain list and follows the Link header to the same pages.
          const rest: string[] = [];
          let next: string | null = `/api/bot-posts?${new URLSearchParams({ sort, platform, search, limit: '5' })}`;
          let pages = 0;
          while (next) {
            const page = await t.request('GET', next, { token: viewer.token });
            expect(page.status).toBe(200);
            expect(Array.isArray(page.body)).toBe(true);
            rest.push(...page.body.map((p: { id: string }) => p.id));
            pages += 1;
            const link = page.headers.get('link');
            next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
          }
          expect(rest, `REST ${sort} ${platform} "${search}"`).toEqual(expected);
          expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 5)));
        }
      }
    }
    expect((await t.request('GET', `/trpc/feed.list?input=${encodeURIComponent(JSON.stringify({ cursor: 'garbage' }))}`, { token: viewer.token })).status).toBe(400);
  });
});
