// The operator area through the real app: the key (header only, constant time, failures limited),
// disabled mode, numbers from the real tables, credit edits kept in the ledger, moderation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';

const KEY = 'operator-key-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info', ADMIN_KEY: KEY });
});
afterAll(() => t.close());

const asAdmin = (method: string, path: string, body?: unknown, key = KEY) => t.request(method, path, { body, headers: { 'x-admin-key': key } });

describe('the admin key', () => {
  it('is required in the header: missing, wrong or in the query string answer 401; the key is never logged', async () => {
    expect((await t.request('GET', '/api/admin/users/analytics')).status).toBe(401);
    const wrong = await asAdmin('GET', '/api/admin/users/analytics', undefined, 'not-the-key-at-all-000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid admin credentials' });
    expect((await t.request('GET', `/api/admin/users/analytics?key=${KEY}&adminKey=${KEY}`)).status).toBe(401);
    expect((await asAdmin('GET', '/api/admin/users/analytics')).status).toBe(200);
    expect(t.logs.join('')).not.toContain(KEY);
    expect(t.logs.join('')).not.toContain('not-the-key-at-all-000');
  });

  it('status tells the page whether admin is enabled, without a key', async () => {
    expect((await t.request('GET', '/api/admin/status')).body).toEqual({ enabled: true });
  });
});

describe('the dashboard', () => {
  it('counts from the real tables and lists users', async () => {
    const before = (await asAdmin('GET', '/api/admin/users/analytics')).body;
    const { token, id } = await newUser(t, { name: 'Counted User' });
    await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Telegram bot that echoes', projectId: 'default' } });
    await t.request('POST', '/api/bot-posts', { token, body: { title: 'Counted', description: 'x', platform: 'other' } });
    const after = (await asAdmin('GET', '/api/admin/users/analytics')).body;
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.newUsersToday).toBe(before.newUsersToday + 1);
    expect(after.totalChatMessages).toBe(before.totalChatMessages + 2);
    expect(after.totalBotPosts).toBe(before.totalBotPosts + 1);
    expect(after.activeUsersLast7Days).toBeGreaterThanOrEqual(1);
    expect(after.usersByEmail.find((u: { id: string }) => u.id === id)).toMatchObject({ name: 'Counted User', credits: 95, googleAuth: false });
    const posts = (await asAdmin('GET', '/api/admin/social/posts')).body;
    expect(posts[0]).toMatchObject({ title: 'Counted', platform: 'other', likesCount: 0, user: { name: 'Counted User' } });
  });

  it("shows a user's messages cut at 500 characters", async () => {
    const { token, id } = await newUser(t);
    await t.request('POST', '/api/ai/chat', { token, body: { message: `Make a Telegram bot ${'that echoes '.repeat(60)}`, projectId: 'default' } });
    const res = await asAdmin('GET', `/api/admin/users/${id}/messages`);
    expect(res.body.totalMessages).toBe(2);
    for (const m of res.body.messages) expect(m.content.length).toBeLessThanOrEqual(501);
    expect(res.body.messages.some((m: { content: string }) => m.content.endsWith('…'))).toBe(true);
    expect((await asAdmin('GET', '/api/admin/users/nosuchuser/messages')).status).toBe(404);
  });

  it('sets credits as a ledger adjustment so the balance still equals the ledger sum; bad values change nothing', async () => {
    const { token, id } = await newUser(t);
    const res = await asAdmin('PUT', `/api/admin/users/${id}/credits`, { credits: 250 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Credits updated to 250');
    const me = (await t.request('GET', '/api/auth/me', { token })).body;
    const rows = (await t.request('GET', '/api/credits/transactions', { token })).body as Array<{ amount: number; type: string }>;
    expect(me.credits).toBe(250);
    expect(rows.reduce((a, r) => a + r.amount, 0)).toBe(250);
    expect(rows[0]).toMatchObject({ type: 'adjustment', amount: 150 });
    for (const credits of [-5, 1.5, 'x', 1_000_001, null]) {
      expect((await asAdmin('PUT', `/api/admin/users/${id}/credits`, { credits })).status).toBe(400);
    }
    expect((await t.request('GET', '/api/auth/me', { token })).body.credits).toBe(250);
  });

  it('deletes any post', async () => {
    const { token } = await newUser(t);
    const post = (await t.request('POST', '/api/bot-posts', { token, body: { title: 'Spam', description: 'spam', platform: 'other' } })).body;
    expect((await asAdmin('DELETE', `/api/admin/social/posts/${post.id}`)).body).toEqual({ message: 'Post deleted' });
    expect((await asAdmin('DELETE', `/api/admin/social/posts/${post.id}`)).status).toBe(404);
  });

  it('after 10 wrong keys from one address answers 429 with Retry-After, even to the right key', async () => {
    const fresh = await startTestApp({ LOG_LEVEL: 'warn', ADMIN_KEY: KEY });
    try {
      const get = (key: string) => fresh.request('GET', '/api/admin/social/posts', { headers: { 'x-admin-key': key } });
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await get('wrong-key-wrong-key-wrong')).status);
      expect(statuses).toEqual(Array(10).fill(401));
      const limited = await get('wrong-key-wrong-key-wrong');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await get(KEY)).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('with no ADMIN_KEY', () => {
  it('admin is disabled: a clear 503 whatever the key, and status says so', async () => {
    const off = await startTestApp({ LOG_LEVEL: 'warn' });
    try {
      const res = await off.request('GET', '/api/admin/users/analytics', { headers: { 'x-admin-key': KEY } });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/ADMIN_KEY/);
      expect((await off.request('GET', '/api/admin/status')).body).toEqual({ enabled: false });
    } finally {
      await off.close();
    }
  });
});
