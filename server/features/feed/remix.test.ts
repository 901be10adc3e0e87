// Remix through the real app: a post's file becomes a new bot of the caller's, named after the
// post's title (cut to a bot name's length), each remix a bot of its own; past the bots quota it
// answers 409 and makes nothing; a post without a file or an unknown post makes nothing either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { BOT_NAME_MAX } from '../../../shared/workspace.schema';
import { botNameOfTitle } from './remix';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn', QUOTA_USER_BOTS: '3' }, { rateLimits: false });
});
afterAll(() => t.close());

async function shareFile(token: string, title: string, filename: string | null, content = 'print("hi")\n'): Promise<string> {
  let fileId: string | undefined;
  if (filename) {
    const file = await t.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
    expect(file.status, filename).toBe(200);
    fileId = file.body.id;
  }
  const post = await t.request('POST', '/api/bot-posts', { token, body: { title, description: 'A bot', platform: 'telegram', ...(fileId ? { fileId } : {}) } });
  expect(post.status).toBe(200);
  return post.body.id;
}

const botsOf = async (token: string) =>
  (await t.request('GET', '/api/projects', { token })).body as Array<{ id: string; name: string; files: Record<string, { content: string }> }>;

describe('remix', () => {
  it("makes a new bot named after the post's title each time, its file under the post's name", async () => {
    const author = await newUser(t);
    const fan = await newUser(t);
    const postId = await shareFile(author.token, '  Weather Buddy  ', 'weather_bot.py', 'print("sunny")\n');
    const first = await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: fan.token });
    const second = await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: fan.token });
    for (const remix of [first, second]) {
      expect(remix.status).toBe(200);
      expect(remix.body).toMatchObject({ file: { filename: 'weather_bot.py', content: 'print("sunny")\n' }, message: 'Remixed into a new bot, Weather Buddy' });
    }
    expect(first.body.file.projectId).not.toBe(second.body.file.projectId);
    const bots = await botsOf(fan.token);
    expect(bots.map((b) => [b.name, Object.keys(b.files)])).toEqual([
      ['Weather Buddy', ['weather_bot.py']],
      ['Weather Buddy', ['weather_bot.py']],
    ]);
    // The list of bots (/bots) names it the same way: never 'New bot'.
    const listed = (await t.request('GET', '/api/bots', { token: fan.token })).body.bots as Array<{ name: string }>;
    expect(listed.map((b) => b.name)).toEqual(['Weather Buddy', 'Weather Buddy']);
  });

  it('cuts a long title to a bot name, and past the bots quota answers 409 and makes nothing', async () => {
    const author = await newUser(t);
    const fan = await newUser(t);
    const title = `${'Very long title '.repeat(6)}end`;
    const postId = await shareFile(author.token, title, 'long.py');
    for (let i = 0; i < 3; i++) expect((await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: fan.token })).status).toBe(200);
    const names = (await botsOf(fan.token)).map((b) => b.name);
    expect(names).toEqual([botNameOfTitle(title), botNameOfTitle(title), botNameOfTitle(title)]);
    expect(names[0]!.length).toBeLessThanOrEqual(BOT_NAME_MAX);
    expect(title.startsWith(names[0]!)).toBe(true);

    const refused = await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: fan.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('You have 3 bots, the most an account may have. Delete one to make room.');
    expect(await botsOf(fan.token)).toHaveLength(3);
  });

  it('a post without a file, or an unknown post, makes no bot', async () => {
    const author = await newUser(t);
    const fan = await newUser(t);
    const bare = await shareFile(author.token, 'No file', null);
    expect((await t.request('POST', `/api/bot-posts/${bare}/remix`, { token: fan.token })).status).toBe(400);
    expect((await t.request('POST', '/api/bot-posts/nosuchpost/remix', { token: fan.token })).status).toBe(404);
    expect(await botsOf(fan.token)).toEqual([]);
  });
});
