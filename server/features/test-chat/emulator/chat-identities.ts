// Who is in a test chat: the bot (its token and user), the person testing it, the private chat, the
// test group and its default members. Ids are stable per owner (derived from a hash of it); the
// token's secret part is random, so a token cannot be guessed from the ids.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { TgChat, TgUser } from './telegram-types';

export type TestChatOwner = {
  userId: string;
  fileId: string;
  /** Shown by getMe, e.g. from the filename. */
  botName?: string;
};

export type Identities = {
  token: string;
  bot: TgUser;
  user: TgUser;
  privateChat: TgChat;
  group: TgChat;
  defaultMembers: TgUser[];
  /** The first id given to people who join the group later. */
  nextMemberId: number;
  /** The chat_instance of each chat in callback queries. */
  chatInstance: { private: string; group: string };
};

const TOKEN_SECRET_LENGTH = 35;

/** `<9-10 digit bot id>:<35 chars of [A-Za-z0-9_-]>`, the shape of a real token (aiogram checks it). */
export function newToken(): { token: string; botId: number } {
  const botId = randomInt(100_000_000, 8_000_000_000);
  const secret = randomBytes(32).toString('base64url').slice(0, TOKEN_SECRET_LENGTH);
  return { token: `${botId}:${secret}`, botId };
}

const hashNumber = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest().readUIntBE(0, 6);

export function newIdentities(owner: TestChatOwner): Identities {
  const { token, botId } = newToken();
  const userId = 100_000_000 + (hashNumber('user', owner.userId) % 900_000_000);
  const groupId = -(1_001_000_000_000 + (hashNumber('group', owner.userId, owner.fileId) % 8_999_999_999));
  const member = (firstName: string, username: string): TgUser => ({
    id: 1_000_000_000 + (hashNumber('member', owner.userId, username) % 1_000_000_000),
    is_bot: false,
    first_name: firstName,
    username,
    language_code: 'en',
  });
  const user: TgUser = { id: userId, is_bot: false, first_name: 'Test user', username: 'test_user', language_code: 'en' };
  return {
    token,
    bot: { id: botId, is_bot: true, ...botNames(owner.botName) },
    user,
    privateChat: { id: user.id, type: 'private', first_name: user.first_name, username: user.username },
    group: { id: groupId, type: 'supergroup', title: 'Test group' },
    defaultMembers: [member('Alice', 'alice_test'), member('Bob', 'bob_test')],
    nextMemberId: 2_000_000_000 + (hashNumber('joined', owner.userId) % 1_000_000_000),
    chatInstance: { private: String(hashNumber('ci', owner.fileId, 'private')), group: String(-hashNumber('ci', owner.fileId, 'group')) },
  };
}

/** A display name and a `..._bot` username from a file name: "echo-bot.py" -> "echo-bot", "echo_bot". */
export function botNames(botName: string | undefined): { first_name: string; username: string } {
  const base = (botName ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  const firstName = base.slice(0, 64) || 'Test bot';
  let stem = base
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_0-9]+|_+$/g, '')
    .replace(/_?bot$/i, '')
    .toLowerCase();
  if (stem.length < 2) stem = `test${stem}`;
  return { first_name: firstName, username: `${stem.slice(0, 28)}_bot` };
}
