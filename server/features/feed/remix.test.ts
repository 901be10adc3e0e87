// Remix names through the real app: a post's file copied again and again into the same project gets
// a new name each time, and every name stays a valid file name of at most 100 characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { isSafeFilename } from '../../../shared/filenames';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { rateLimits: false });
});
afterAll(() => t.close());

async function shareFile(token: string, filename: string, content: string): Promise<string> {
  const file = await t.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
  expect(file.status, filename).toBe(200);
  const post = await t.request('POST', '/api/bot-posts', { token, body: { title: 'Long name', description: 'A bot', platform: 'telegram', fileId: file.body.id } });
  expect(post.status).toBe(200);
  return post.body.id;
}

describe('remix names', () => {
  for (const filename of [`${'a'.repeat(97)}.py`, `${'b'.repeat(94)}.v2.js`, `${'c'.repeat(89)}_remix.json`, `${'d'.repeat(95)}.toml`]) {
    it(`a post's file of ${filename.length} characters (…${filename.slice(-10)}) remixed 12 times gets 12 valid names of at most 100`, async () => {
      expect(isSafeFilename(filename)).toBe(true);
      const author = await newUser(t);
      const fan = await newUser(t);
      const postId = await shareFile(author.token, filename, 'print("hi")\n');
      const names: string[] = [];
      for (let i = 0; i < 12; i++) {
        const remix = await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: fan.token });
        expect(remix.status, `remix ${i + 1}`).toBe(200);
        names.push(remix.body.file.filename);
      }
      expect(names[0]).toBe(filename);
      for (const name of names) {
        expect(name.length, name).toBeLessThanOrEqual(100);
        expect(isSafeFilename(name), name).toBe(true);
        expect(name.endsWith(filename.slice(filename.lastIndexOf('.'))), name).toBe(true);
      }
      expect(new Set(names).size).toBe(12);
      // Every copy can be opened and saved by its name like any other file.
      const files = (await t.request('GET', '/api/files', { token: fan.token })).body as Array<{ filename: string; content: string }>;
      expect(files.map((f) => f.filename).sort()).toEqual([...names].sort());
      for (const name of names) {
        expect((await t.request('PUT', `/api/projects/default/files/${name}`, { token: fan.token, body: { content: 'x = 1\n' } })).status, name).toBe(200);
      }
    });
  }

  it('the author remixing their own post gets a shortened copy beside the original', async () => {
    const author = await newUser(t);
    const filename = `${'e'.repeat(97)}.py`;
    const postId = await shareFile(author.token, filename, 'print("mine")\n');
    const remix = await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: author.token });
    expect(remix.status).toBe(200);
    expect(remix.body.file.filename).toBe(`${'e'.repeat(91)}_remix.py`);
  });
});
