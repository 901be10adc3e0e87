// The person's side of the test chat (post): a text from the tester or, in the group, from a
// simulated member; a tap on an inline button; a member joining or leaving. Each becomes what
// Telegram would send the bot (message, callback_query, service message, chat_member update).
import { chatOfPost, type PostTestChatMessageInput, type TestChatKind, type TestChatMember, type TestChatMessage } from '../../../../shared/test-chat.schema';
import { AppError } from '../../../errors';
import type { StoredMessage } from './chat-log';
import type { GroupMember } from './group-members';
import { chatMemberUpdate, groupMemberJson } from './member-methods';
import { hasCallbackButton } from './reply-markup';
import type { SessionCore } from './session-core';
import type { TgUser } from './telegram-types';
import { findTextEntities } from './text-entities';

const MAX_TEXT = 4096;

export function postAsUser(core: SessionCore, input: PostTestChatMessageInput): TestChatMessage {
  const chat = chatOfPost(input);
  if (chat !== 'private' && chat !== 'group') throw new AppError('BAD_REQUEST', "Chat must be 'private' or 'group'");
  if ('text' in input) return postText(core, chat, input.text, input.as);
  if ('callbackData' in input) return tapButton(core, chat, input.callbackData, input.messageId);
  return memberEvent(core, chat, input.event, input.member);
}

function postText(core: SessionCore, chat: TestChatKind, text: string, as: TestChatMember | undefined): TestChatMessage {
  if (typeof text !== 'string' || text.trim() === '') throw new AppError('BAD_REQUEST', 'Type a message');
  if (text.length > MAX_TEXT) throw new AppError('BAD_REQUEST', `Messages can be at most ${MAX_TEXT} characters`);
  const from = as ? speaker(core, chat, as) : core.ids.user;
  const stored = core.addMessage({ chat, side: 'user', from, date: core.nowSeconds(), text, entities: findTextEntities(text) });
  core.updates.push('message', core.telegramMessage(stored));
  return core.browserMessage(stored);
}

/** A simulated member who may write in the group now. */
function speaker(core: SessionCore, chat: TestChatKind, as: TestChatMember): TgUser {
  if (chat !== 'group') throw new AppError('BAD_REQUEST', 'Only the test group has other members: in the private chat you write as yourself');
  const member = core.members.find(as);
  const name = as.firstName;
  if (!member) throw new AppError('BAD_REQUEST', `${name} is not a member of the test group`);
  if (member.status === 'kicked') throw new AppError('BAD_REQUEST', `${name} was banned from the test group and cannot write there`);
  if (member.status === 'left') throw new AppError('BAD_REQUEST', `${name} left the test group and cannot write there`);
  if (member.status === 'restricted' && member.permissions?.can_send_messages !== true) {
    throw new AppError('BAD_REQUEST', `${name} is muted in the test group${member.untilDate ? ' for now' : ''} and cannot write there`);
  }
  return member.user;
}

function tapButton(core: SessionCore, chat: TestChatKind, data: string, messageId: number): TestChatMessage {
  const message: StoredMessage | undefined = core.log.find(chat, messageId);
  if (!message || message.deleted || message.side !== 'bot' || !hasCallbackButton(message.replyMarkup, data)) {
    throw new AppError('BAD_REQUEST', 'That button is not on this message');
  }
  core.updates.push('callback_query', {
    id: core.callbacks.create(chat, message.id),
    from: core.ids.user,
    message: core.telegramMessage(message),
    chat_instance: core.ids.chatInstance[chat],
    data,
  });
  return core.browserMessage(message);
}

function memberEvent(core: SessionCore, chat: TestChatKind, event: 'join' | 'leave', who: TestChatMember): TestChatMessage {
  if (chat !== 'group') throw new AppError('BAD_REQUEST', 'People join and leave the test group, not the private chat');
  if (typeof who?.firstName !== 'string' || who.firstName.trim() === '') throw new AppError('BAD_REQUEST', 'A member needs a first name');
  const existing = core.members.find(who);
  let member: GroupMember;
  let before: Record<string, unknown>;
  if (event === 'join') {
    if (existing?.status === 'member' || existing?.status === 'restricted') throw new AppError('BAD_REQUEST', `${who.firstName} is already in the test group`);
    if (existing?.status === 'kicked') throw new AppError('BAD_REQUEST', `${who.firstName} is banned from the test group`);
    before = existing ? groupMemberJson(core, existing.user.id) : { status: 'left', user: null };
    member = core.members.join(who, existing);
    if (!existing) before.user = member.user;
  } else {
    if (!existing || (existing.status !== 'member' && existing.status !== 'restricted')) {
      throw new AppError('BAD_REQUEST', `${who.firstName} is not in the test group`);
    }
    before = groupMemberJson(core, existing.user.id);
    core.members.setStatus(existing, 'left');
    member = existing;
  }
  const stored = core.addMessage({
    chat: 'group',
    side: 'user',
    from: member.user,
    date: core.nowSeconds(),
    text: '',
    entities: [],
    service: event === 'join' ? { kind: 'join', members: [member.user] } : { kind: 'leave', member: member.user },
  });
  core.updates.push('message', core.telegramMessage(stored));
  chatMemberUpdate(core, member, before, member.user);
  return core.browserMessage(stored);
}
