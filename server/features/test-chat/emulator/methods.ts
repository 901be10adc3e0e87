// The Bot API methods the emulator answers, found by name without regard to case (as Telegram
// does: /bot<token>/SENDMESSAGE works). Anything else answers 404 "Not Found", as Telegram answers
// methods it does not know.
import type { BotMethod } from './bot-method';
import * as bot from './bot-methods';
import * as edit from './edit-methods';
import * as members from './member-methods';
import * as polls from './poll-methods';
import * as send from './send-methods';
import * as updates from './update-methods';

const METHODS: Record<string, BotMethod> = {
  getMe: bot.getMe,
  logOut: bot.accept,
  close: bot.accept,
  getUpdates: updates.getUpdates,
  setWebhook: updates.setWebhook,
  deleteWebhook: updates.deleteWebhook,
  getWebhookInfo: updates.getWebhookInfo,
  sendMessage: send.sendMessage,
  sendPhoto: send.sendPhoto,
  sendDocument: send.sendDocument,
  sendChatAction: send.sendChatAction,
  sendPoll: polls.sendPoll,
  editMessageText: edit.editMessageText,
  editMessageCaption: edit.editMessageCaption,
  editMessageReplyMarkup: edit.editMessageReplyMarkup,
  deleteMessage: edit.deleteMessage,
  answerCallbackQuery: edit.answerCallbackQuery,
  setMyCommands: bot.setMyCommands,
  getMyCommands: bot.getMyCommands,
  deleteMyCommands: bot.deleteMyCommands,
  getFile: bot.getFile,
  getChat: members.getChat,
  getChatMember: members.getChatMember,
  getChatAdministrators: members.getChatAdministrators,
  getChatMemberCount: members.getChatMemberCount,
  getChatMembersCount: members.getChatMemberCount,
  banChatMember: members.banChatMember,
  kickChatMember: members.banChatMember,
  unbanChatMember: members.unbanChatMember,
  restrictChatMember: members.restrictChatMember,
  // Accepted, not shown anywhere.
  setMyName: bot.accept,
  setMyDescription: bot.accept,
  setMyShortDescription: bot.accept,
  setChatMenuButton: bot.accept,
  setMyDefaultAdministratorRights: bot.accept,
  getMyName: bot.getMyName,
  getMyDescription: bot.getMyDescription,
  getMyShortDescription: bot.getMyShortDescription,
  getChatMenuButton: bot.getChatMenuButton,
  // Botwright's own: the test clock (never called on Telegram).
  getTestClock: bot.getTestClock,
};

const BY_LOWER_NAME = new Map(Object.entries(METHODS).map(([name, method]) => [name.toLowerCase(), { name, method }]));

export function findMethod(name: string): { name: string; method: BotMethod } | undefined {
  return BY_LOWER_NAME.get(name.toLowerCase());
}

/** Every method the emulator answers, in Telegram's spelling. */
export const METHOD_NAMES = Object.keys(METHODS);
