// People joining and leaving happen in the test group, so a join or leave posted over REST goes
// there without naming the chat; naming the private chat is refused with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const TELEGRAM_BOT = "import telegram\nTOKEN = 'x'\n";

async function telegramFile(token: string): Promise<string> {
  const res = await t.request('PUT', '/api/projects/default/files/telegram_bot.py', { token, body: { content: TELEGRAM_BOT } });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('member events in the test chat', () => {
  it('a join without a chat goes to the test group, and Save as test keeps it as a group step', async () => {
    const user = await newUser(t);
    const fileId = await telegramFile(user.token);
    const joined = await t.request('POST', `/api/test-chat/${fileId}/messages`, { token: user.token, body: { event: 'join', member: { firstName: 'Sam' } } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.message).toMatchObject({ chat: 'group', event: 'join', author: { firstName: 'Sam' } });
    const group = await t.request('GET', `/api/test-chat/${fileId}/messages?chat=group`, { token: user.token });
    expect(group.body.members).toContainEqual({ firstName: 'Sam' });
    const privateChat = await t.request('GET', `/api/test-chat/${fileId}/messages`, { token: user.token });
    expect(privateChat.body.messages).toEqual([]);

    const saved = await t.request('POST', `/api/test-chat/${fileId}/saved`, { token: user.token, body: { name: 'Sam joins', chat: 'group' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.saved).toMatchObject({ name: 'Sam joins', steps: 1 });
  });

  it("a leave without a chat, and a join naming the group, go to the test group too", async () => {
    const user = await newUser(t);
    const fileId = await telegramFile(user.token);
    const joined = await t.request('POST', `/api/test-chat/${fileId}/messages`, { token: user.token, body: { event: 'join', member: 'Ana', chat: 'group' } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const left = await t.request('POST', `/api/test-chat/${fileId}/messages`, { token: user.token, body: { event: 'leave', member: { firstName: 'Ana' } } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.message).toMatchObject({ chat: 'group', event: 'leave' });
  });

  it('a join in the private chat is refused with a reason', async () => {
    const user = await newUser(t);
    const fileId = await telegramFile(user.token);
    const res = await t.request('POST', `/api/test-chat/${fileId}/messages`, { token: user.token, body: { event: 'join', member: { firstName: 'Sam' }, chat: 'private' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/join and leave the test group, not the private chat/);
  });
});
