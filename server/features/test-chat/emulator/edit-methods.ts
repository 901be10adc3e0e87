// editMessageText, editMessageCaption, editMessageReplyMarkup, deleteMessage and
// answerCallbackQuery: changes to messages already in the chat, with Telegram's refusals ("message
// is not modified", "message to edit not found", "message can't be deleted", "query is too old").
import type { TestChatKind } from '../../../../shared/test-chat.schema';
import { badRequest, TELEGRAM_TEXTS } from './bot-api-errors';
import { optionalInteger, optionalString, type Params } from './bot-api-params';
import type { BotMethod } from './bot-method';
import type { StoredMessage } from './chat-log';
import { canonicalJson, inlineKeyboard, readReplyMarkup } from './reply-markup';
import { readFormatted } from './send-methods';
import type { SessionCore } from './session-core';

function editable(core: SessionCore, params: Params): StoredMessage {
  if (params.inline_message_id !== undefined && params.chat_id === undefined) throw badRequest('MESSAGE_ID_INVALID');
  const chat = core.resolveChat(params.chat_id);
  const id = optionalInteger(params, 'message_id');
  if (id === undefined) throw badRequest('message identifier is not specified');
  const message = core.log.find(chat, id);
  if (!message || message.deleted || message.service) throw badRequest(TELEGRAM_TEXTS.editNotFound);
  if (message.side !== 'bot') throw badRequest(TELEGRAM_TEXTS.cantEdit);
  return message;
}

/** An edit without reply_markup removes the inline keyboard, as on Telegram. */
const newKeyboard = (params: Params) => inlineKeyboard(readReplyMarkup(params.reply_markup));

function applyEdit(core: SessionCore, message: StoredMessage, next: Pick<StoredMessage, 'text' | 'entities' | 'parseMode' | 'replyMarkup'>) {
  const same =
    next.text === message.text &&
    canonicalJson(next.entities) === canonicalJson(message.entities) &&
    canonicalJson(next.replyMarkup ?? null) === canonicalJson(inlineKeyboard(message.replyMarkup) ?? null);
  if (same) throw badRequest(TELEGRAM_TEXTS.notModified);
  core.flood.admit('edit', message.chat === 'group');
  Object.assign(message, next, { editDate: core.nowSeconds() });
  if (!next.parseMode) delete message.parseMode;
  if (!next.replyMarkup) delete message.replyMarkup;
  core.changed(message);
  return core.telegramMessage(message);
}

export const editMessageText: BotMethod = ({ core, params }) => {
  const message = editable(core, params);
  const formatted = readFormatted(core, params, 'text', 'entities');
  if (message.media) throw badRequest('there is no text in the message to edit');
  return applyEdit(core, message, { text: formatted.text, entities: formatted.entities, parseMode: formatted.parseMode, replyMarkup: newKeyboard(params) });
};

export const editMessageCaption: BotMethod = ({ core, params }) => {
  const message = editable(core, params);
  const caption = readFormatted(core, params, 'caption', 'caption_entities');
  if (!message.media) throw badRequest('there is no caption in the message to edit');
  return applyEdit(core, message, { text: caption.text, entities: caption.entities, parseMode: caption.parseMode, replyMarkup: newKeyboard(params) });
};

export const editMessageReplyMarkup: BotMethod = ({ core, params }) => {
  const message = editable(core, params);
  return applyEdit(core, message, { text: message.text, entities: message.entities, parseMode: message.parseMode, replyMarkup: newKeyboard(params) });
};

/** The bot is an administrator of the group (deletes anything there); in private only its own. */
export const deleteMessage: BotMethod = ({ core, params }) => {
  const chat: TestChatKind = core.resolveChat(params.chat_id);
  const id = optionalInteger(params, 'message_id');
  if (id === undefined) throw badRequest('message identifier is not specified');
  const message = core.log.find(chat, id);
  if (!message || message.deleted) throw badRequest(TELEGRAM_TEXTS.deleteNotFound);
  if (chat === 'private' && message.side !== 'bot') throw badRequest(TELEGRAM_TEXTS.cantDelete);
  message.deleted = true;
  core.changed(message);
  return true;
};

export const answerCallbackQuery: BotMethod = ({ core, params }) => {
  const id = optionalString(params, 'callback_query_id');
  const text = optionalString(params, 'text');
  if (text && text.length > 200) throw badRequest('MESSAGE_TOO_LONG');
  const query = id ? core.callbacks.answer(id) : undefined;
  if (!query) throw badRequest(TELEGRAM_TEXTS.queryTooOld);
  if (text) core.emit(query.chat, { toast: text });
  return true;
};
