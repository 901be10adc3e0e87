// The hot reads answered off tRPC's HTTP adapter (fast-reads.ts), through the real app: the same
// answer shape tRPC's client reads, an ETag that turns an unchanged answer into a 304 (and changes
// when the data does), and tRPC-shaped errors for a bad input, a refused input and no session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser } from './testing/fixtures';
import { createPost } from './features/feed/posts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

describe('hot reads', () => {
  it("answer in tRPC's shape with an ETag; an unchanged answer is a 304, a changed one a new ETag", async () => {
    const user = await newUser(t);
    await createPost({ deps: t.app.deps, userId: user.id }, { title: 'Weather bot', description: 'Posts the weather', platform: 'telegram' });
    const first = await get(`/trpc/feed.list?${input({ sort: 'recent' })}`, user.token);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { result: { data: { posts: Array<{ title: string }> } } };
    expect(body.result.data.posts.map((p) => p.title)).toContain('Weather bot');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await get(`/trpc/feed.list?${input({ sort: 'recent' })}`, user.token, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await createPost({ deps: t.app.deps, userId: user.id }, { title: 'Quote bot', description: 'A quote a day', platform: 'discord' });
    const changed = await get(`/trpc/feed.list?${input({ sort: 'recent' })}`, user.token, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const me = await get('/trpc/auth.me', user.token);
    expect(((await me.json()) as { result: { data: { id: string } } }).result.data.id).toBe(user.id);
  });

  it("errors in tRPC's shape: input that is not JSON, input the procedure refuses, no session", async () => {
    const user = await newUser(t);
    const broken = await get('/trpc/feed.list?input=%7Bnot-json', user.token);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { message: 'The input is not valid JSON', data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
    const refused = await get(`/trpc/feed.list?${input({ cursor: 'garbage' })}`, user.token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } });
    const anonymous = await get('/trpc/bots.list');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { data: { code: 'UNAUTHORIZED', httpStatus: 401 } } });
  });
});
