// The test group: the tester is its creator, the bot an administrator, Alice and Bob members.
// People join and leave (service messages the bot receives), the bot bans and mutes them, and a
// banned, departed or muted member cannot write. Real: emulator, HTTP; a settable clock for expiry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorHarness } from './emulator.fixture';

let h: EmulatorHarness;
let now = Date.now();
beforeEach(async () => {
  now = Date.now();
  h = await startEmulator({ now: () => now });
});
afterEach(async () => h.close());

async function memberId(firstName: string): Promise<number> {
  h.session.post({ text: `I am ${firstName}`, chat: 'group', as: { firstName } });
  const updates = (await h.api('getUpdates')).body.result;
  await h.api('getUpdates', { offset: updates.at(-1).update_id + 1 });
  return updates.at(-1).message.from.id;
}

describe('members', () => {
  it('getChatMember: creator, administrator (may delete and restrict), member; getChat and the member count', async () => {
    const me = (await h.api('getMe')).body.result;
    const aliceId = await memberId('Alice');
    const creator = (await h.api('getChatMember', { chat_id: h.chatId.group, user_id: h.chatId.private })).body.result;
    expect(creator).toMatchObject({ status: 'creator', user: { id: h.chatId.private, first_name: 'Test user', username: 'test_user' } });
    const bot = (await h.api('getChatMember', { chat_id: h.chatId.group, user_id: me.id })).body.result;
    expect(bot).toMatchObject({ status: 'administrator', can_delete_messages: true, can_restrict_members: true, user: { id: me.id, is_bot: true } });
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: aliceId })).body.result).toEqual({
      status: 'member',
      user: { id: aliceId, is_bot: false, first_name: 'Alice', username: 'alice_test', language_code: 'en' },
    });
    expect((await h.api('getChatMember', { chat_id: h.chatId.private, user_id: h.chatId.private })).body.result.status).toBe('member');
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: 424242 })).body.description).toBe('Bad Request: user not found');
    expect((await h.api('getChat', { chat_id: h.chatId.group })).body.result).toMatchObject({ id: h.chatId.group, title: 'Test group', type: 'supergroup' });
    expect((await h.api('getChat', { chat_id: h.chatId.private })).body.result).toMatchObject({ id: h.chatId.private, first_name: 'Test user', username: 'test_user', type: 'private' });
    expect((await h.api('getChatMemberCount', { chat_id: h.chatId.group })).body.result).toBe(4);
    expect((await h.api('getChatMembersCount', { chat_id: h.chatId.private })).body.result).toBe(2);
  });

  it('with no chat named, a member comes and goes in the test group by itself', () => {
    expect(h.session.post({ event: 'join', member: { firstName: 'Dave' } })).toMatchObject({ event: 'join', chat: 'group', text: 'Dave joined the group' });
    expect(h.session.post({ event: 'leave', member: { firstName: 'Dave' } })).toMatchObject({ event: 'leave', chat: 'group', text: 'Dave left the group' });
  });

  it('a join: new member with an id of their own, service message with new_chat_members; a leave: left_chat_member', async () => {
    const joined = h.session.post({ event: 'join', member: { firstName: 'Carol', username: 'carol_test' }, chat: 'group' });
    expect(joined).toMatchObject({ event: 'join', chat: 'group', text: 'Carol joined the group' });
    const join = (await h.api('getUpdates')).body.result.at(-1).message;
    expect(join.new_chat_members).toHaveLength(1);
    expect(join.new_chat_member).toEqual(join.new_chat_members[0]);
    expect(join.new_chat_participant).toEqual(join.new_chat_members[0]);
    expect(join.new_chat_member).toMatchObject({ first_name: 'Carol', username: 'carol_test', is_bot: false });
    const carolId = join.new_chat_member.id;
    expect([h.chatId.private]).not.toContain(carolId);
    expect((await h.api('getChatMemberCount', { chat_id: h.chatId.group })).body.result).toBe(5);

    h.session.post({ text: 'hello from Carol', chat: 'group', as: { firstName: 'Carol', username: 'carol_test' } });
    const left = h.session.post({ event: 'leave', member: { firstName: 'Carol', username: 'carol_test' }, chat: 'group' });
    expect(left).toMatchObject({ event: 'leave', text: 'Carol left the group' });
    const updates = (await h.api('getUpdates')).body.result;
    expect(updates.at(-1).message.left_chat_member).toMatchObject({ id: carolId });
    expect(updates.at(-1).message.left_chat_participant).toMatchObject({ id: carolId });
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: carolId })).body.result.status).toBe('left');
    expect(() => h.session.post({ text: 'still here?', chat: 'group', as: { firstName: 'Carol', username: 'carol_test' } })).toThrow(/Carol left the test group/);
    expect(() => h.session.post({ event: 'leave', member: { firstName: 'Carol', username: 'carol_test' }, chat: 'group' })).toThrow(/not in the test group/);
    expect(() => h.session.post({ event: 'join', member: { firstName: 'Dave' }, chat: 'private' })).toThrow(/not the private chat/);
    // Coming back: the same person, the same id.
    h.session.post({ event: 'join', member: { firstName: 'Carol', username: 'carol_test' }, chat: 'group' });
    expect((await h.api('getUpdates')).body.result.at(-1).message.new_chat_member.id).toBe(carolId);
  });

  it('banChatMember removes the member with a service message the pane shows; the banned cannot write or rejoin; unban lets them', async () => {
    const bobId = await memberId('Bob');
    h.frames.length = 0;
    expect((await h.api('banChatMember', { chat_id: h.chatId.group, user_id: bobId })).body).toEqual({ ok: true, result: true });
    expect(h.frames.at(-1)!.message).toMatchObject({ event: 'leave', chat: 'group', text: 'echo_bot removed Bob' });
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: bobId })).body.result).toEqual({ status: 'kicked', user: expect.objectContaining({ id: bobId }), until_date: 0 });
    expect(() => h.session.post({ text: 'let me in', chat: 'group', as: { firstName: 'Bob' } })).toThrow(/Bob was banned/);
    expect(() => h.session.post({ event: 'join', member: { firstName: 'Bob' }, chat: 'group' })).toThrow(/banned/);
    expect((await h.api('unbanChatMember', { chat_id: h.chatId.group, user_id: bobId, only_if_banned: true })).body.result).toBe(true);
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: bobId })).body.result.status).toBe('left');
    h.session.post({ event: 'join', member: { firstName: 'Bob' }, chat: 'group' });
    expect((await h.api('kickChatMember', { chat_id: h.chatId.group, user_id: h.chatId.private })).body.description).toBe("Bad Request: can't remove chat owner");
    expect((await h.api('banChatMember', { chat_id: h.chatId.private, user_id: bobId })).body.ok).toBe(false);
  });

  it('restrictChatMember with can_send_messages false mutes (posting names them); until_date passing lifts it; all permissions unmute', async () => {
    const aliceId = await memberId('Alice');
    const until = Math.floor(now / 1000) + 120;
    expect((await h.api('restrictChatMember', { chat_id: h.chatId.group, user_id: aliceId, permissions: JSON.stringify({ can_send_messages: false }), until_date: String(until) })).body.result).toBe(true);
    const muted = (await h.api('getChatMember', { chat_id: h.chatId.group, user_id: aliceId })).body.result;
    expect(muted).toMatchObject({ status: 'restricted', is_member: true, can_send_messages: false, until_date: until });
    expect(() => h.session.post({ text: 'hey', chat: 'group', as: { firstName: 'Alice' } })).toThrow(/Alice is muted/);
    now += 121_000;
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: aliceId })).body.result.status).toBe('member');
    h.session.post({ text: 'I can talk again', chat: 'group', as: { firstName: 'Alice' } });

    await h.api('restrictChatMember', { chat_id: h.chatId.group, user_id: aliceId, permissions: { can_send_messages: false } });
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: aliceId })).body.result.until_date).toBe(0);
    const all = Object.fromEntries(['can_send_messages', 'can_send_audios', 'can_send_documents', 'can_send_photos', 'can_send_videos', 'can_send_video_notes', 'can_send_voice_notes', 'can_send_polls', 'can_send_other_messages', 'can_add_web_page_previews', 'can_change_info', 'can_invite_users', 'can_pin_messages', 'can_manage_topics'].map((k) => [k, true]));
    await h.api('restrictChatMember', { chat_id: h.chatId.group, user_id: aliceId, permissions: all });
    expect((await h.api('getChatMember', { chat_id: h.chatId.group, user_id: aliceId })).body.result.status).toBe('member');
    expect((await h.api('restrictChatMember', { chat_id: h.chatId.private, user_id: aliceId, permissions: {} })).body.description).toBe('Bad Request: method is available only for supergroups');
  });

  it('chat_member updates come only when asked for (allowed_updates)', async () => {
    await h.api('getUpdates', { allowed_updates: ['message', 'chat_member'] });
    h.session.post({ event: 'join', member: { firstName: 'Eve' }, chat: 'group' });
    const kinds = (await h.api('getUpdates')).body.result.map((u: any) => Object.keys(u).find((k) => k !== 'update_id'));
    expect(kinds).toEqual(['message', 'chat_member']);
  });

  it('only current members may write; an unknown name is refused', () => {
    expect(() => h.session.post({ text: 'hi', chat: 'group', as: { firstName: 'Mallory' } })).toThrow(/Mallory is not a member/);
    expect(h.session.post({ text: 'hi', chat: 'group', as: { firstName: 'alice' } }).author).toEqual({ firstName: 'Alice', username: 'alice_test' });
  });
});
