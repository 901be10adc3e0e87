// getChat, getChatMember, getChatAdministrators, getChatMemberCount, banChatMember (kickChatMember),
// unbanChatMember and restrictChatMember. In the test group the tester is the creator, the bot an
// administrator that may delete messages and restrict members; a removal shows as a service message.
import { badRequest, TELEGRAM_TEXTS } from './bot-api-errors';
import { optionalBoolean, optionalInteger, optionalObject } from './bot-api-params';
import type { BotMethod } from './bot-method';
import { PERMISSION_FIELDS, untilDate, type GroupMember } from './group-members';
import type { SessionCore } from './session-core';

const ALL_PERMISSIONS = Object.fromEntries(PERMISSION_FIELDS.map((field) => [field, true]));

const ADMIN_RIGHTS = {
  can_be_edited: false,
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: true,
  can_manage_video_chats: false,
  can_restrict_members: true,
  can_promote_members: false,
  can_change_info: false,
  can_invite_users: true,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
  can_pin_messages: true,
  can_manage_topics: false,
};

/** A ChatMember object of the group. */
export function groupMemberJson(core: SessionCore, userId: number): Record<string, unknown> {
  if (userId === core.ids.user.id) return { status: 'creator', user: core.ids.user, is_anonymous: false };
  if (userId === core.ids.bot.id) return { status: 'administrator', user: core.ids.bot, ...ADMIN_RIGHTS };
  const member = core.members.get(userId);
  if (!member) throw badRequest(TELEGRAM_TEXTS.userNotFound);
  return memberJson(member);
}

function memberJson(member: GroupMember): Record<string, unknown> {
  switch (member.status) {
    case 'restricted':
      return {
        status: 'restricted',
        user: member.user,
        is_member: true,
        ...Object.fromEntries(PERMISSION_FIELDS.map((field) => [field, member.permissions?.[field] === true])),
        until_date: member.untilDate,
      };
    case 'kicked':
      return { status: 'kicked', user: member.user, until_date: member.untilDate };
    default:
      return { status: member.status, user: member.user };
  }
}

function groupOnly(core: SessionCore, chatId: unknown, text: string): void {
  if (core.resolveChat(chatId) !== 'group') throw badRequest(text);
}

function targetMember(core: SessionCore, userId: number | undefined, self: string): GroupMember {
  if (userId === undefined) throw badRequest('user_id is empty');
  if (userId === core.ids.user.id) throw badRequest("can't remove chat owner");
  if (userId === core.ids.bot.id) throw badRequest(self);
  const member = core.members.get(userId);
  if (!member) throw badRequest(TELEGRAM_TEXTS.userNotFound);
  return member;
}

/** A member leaves because of the bot: the service message, and a chat_member update for bots that asked for them. */
function removedByBot(core: SessionCore, member: GroupMember, before: Record<string, unknown>): void {
  const wasPresent = before.status === 'member' || before.status === 'restricted';
  if (wasPresent) {
    core.addMessage({ chat: 'group', side: 'bot', from: core.ids.bot, date: core.nowSeconds(), text: '', entities: [], service: { kind: 'leave', member: member.user, by: core.ids.bot } });
  }
  chatMemberUpdate(core, member, before);
}

export function chatMemberUpdate(core: SessionCore, member: GroupMember, before: Record<string, unknown>, from = core.ids.bot): void {
  core.updates.push('chat_member', {
    chat: core.ids.group,
    from,
    date: core.nowSeconds(),
    old_chat_member: before,
    new_chat_member: memberJson(member),
  });
}

export const getChat: BotMethod = ({ core, params }) => {
  const chat = core.resolveChat(params.chat_id);
  const common = { accent_color_id: 0, max_reaction_count: 11 };
  if (chat === 'private') {
    const { id, first_name, username } = core.ids.user;
    return { id, type: 'private', first_name, username, ...common };
  }
  return { ...core.ids.group, ...common, permissions: ALL_PERMISSIONS };
};

export const getChatMember: BotMethod = ({ core, params }) => {
  const chat = core.resolveChat(params.chat_id);
  const userId = optionalInteger(params, 'user_id');
  if (userId === undefined) throw badRequest('user_id is empty');
  if (chat === 'group') return groupMemberJson(core, userId);
  if (userId === core.ids.user.id) return { status: 'member', user: core.ids.user };
  if (userId === core.ids.bot.id) return { status: 'member', user: core.ids.bot };
  throw badRequest(TELEGRAM_TEXTS.userNotFound);
};

export const getChatAdministrators: BotMethod = ({ core, params }) => {
  if (core.resolveChat(params.chat_id) === 'private') throw badRequest('there are no administrators in the private chat');
  return [groupMemberJson(core, core.ids.user.id), groupMemberJson(core, core.ids.bot.id)];
};

export const getChatMemberCount: BotMethod = ({ core, params }) => {
  if (core.resolveChat(params.chat_id) === 'private') return 2;
  return 2 + core.members.present().length;
};

export const banChatMember: BotMethod = ({ core, params }) => {
  groupOnly(core, params.chat_id, 'method is available for supergroup and channel chats only');
  const member = targetMember(core, optionalInteger(params, 'user_id'), "can't remove self");
  const before = memberJson(member);
  core.members.setStatus(member, 'kicked', untilDate(optionalInteger(params, 'until_date'), core.nowSeconds()));
  removedByBot(core, member, before);
  return true;
};

/** Unbanned people may join again; a present member is removed unless only_if_banned (Telegram's rule). */
export const unbanChatMember: BotMethod = ({ core, params }) => {
  groupOnly(core, params.chat_id, 'method is available for supergroup and channel chats only');
  const member = targetMember(core, optionalInteger(params, 'user_id'), "can't remove self");
  const before = memberJson(member);
  if (member.status === 'kicked') {
    core.members.setStatus(member, 'left');
    chatMemberUpdate(core, member, before);
  } else if ((member.status === 'member' || member.status === 'restricted') && optionalBoolean(params, 'only_if_banned') !== true) {
    core.members.setStatus(member, 'left');
    removedByBot(core, member, before);
  }
  return true;
};

/** can_send_messages: false mutes; every permission true lifts the restriction. */
export const restrictChatMember: BotMethod = ({ core, params }) => {
  groupOnly(core, params.chat_id, 'method is available only for supergroups');
  const userId = optionalInteger(params, 'user_id');
  if (userId === core.ids.user.id) throw badRequest('user is an administrator of the chat');
  const member = targetMember(core, userId, "can't restrict self");
  const permissions = optionalObject(params, 'permissions', "can't parse ChatPermissions JSON object");
  if (!permissions) throw badRequest('parameter "permissions" is required');
  if (member.status !== 'member' && member.status !== 'restricted') return true;
  const before = memberJson(member);
  const granted = Object.fromEntries(PERMISSION_FIELDS.map((field) => [field, permissions[field] === true]));
  if (PERMISSION_FIELDS.every((field) => granted[field])) core.members.setStatus(member, 'member');
  else core.members.setStatus(member, 'restricted', untilDate(optionalInteger(params, 'until_date'), core.nowSeconds()), granted);
  chatMemberUpdate(core, member, before);
  return true;
};
