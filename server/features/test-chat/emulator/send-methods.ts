// sendMessage, sendPhoto, sendDocument and sendChatAction: what the bot says, checked as Telegram
// checks it (empty or too long text, parse_mode errors, keyboards, replies, flood limits).
import type { TestChatKind } from '../../../../shared/test-chat.schema';
import { badRequest, TELEGRAM_TEXTS } from './bot-api-errors';
import { optionalArray, optionalBoolean, optionalInteger, optionalObject, optionalString, type Params } from './bot-api-params';
import type { BotMethod } from './bot-method';
import { formatText, readParseMode, type FormattedText } from './formatted-text';
import { readInputFile } from './input-files';
import { readReplyMarkup } from './reply-markup';
import type { SessionCore } from './session-core';

export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;

const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

/** The text or caption of a bot message: parse_mode or entities, and Telegram's limits. */
export function readFormatted(core: SessionCore, params: Params, field: 'text' | 'caption', entitiesField: 'entities' | 'caption_entities'): FormattedText {
  const raw = optionalString(params, field) ?? '';
  const parseMode = readParseMode(optionalString(params, 'parse_mode'));
  const explicit = optionalArray(params, entitiesField, "can't parse entities JSON object");
  const formatted = formatText(raw, parseMode, explicit, (id) => core.lookupUser(id));
  if (field === 'text' && formatted.text === '') throw badRequest(TELEGRAM_TEXTS.textEmpty);
  if (field === 'text' && formatted.text.length > MAX_TEXT_LENGTH) throw badRequest(TELEGRAM_TEXTS.textTooLong);
  if (field === 'caption' && formatted.text.length > MAX_CAPTION_LENGTH) throw badRequest(TELEGRAM_TEXTS.captionTooLong);
  return formatted;
}

/** reply_to_message_id or reply_parameters: a message of the same chat, unless a missing one is allowed. */
function readReplyTo(core: SessionCore, chat: TestChatKind, params: Params): number | undefined {
  const replyParameters = optionalObject(params, 'reply_parameters', "can't parse ReplyParameters JSON object");
  const id = replyParameters ? Number(replyParameters.message_id) : optionalInteger(params, 'reply_to_message_id');
  if (id === undefined || id === 0) return undefined;
  const allowMissing = replyParameters ? replyParameters.allow_sending_without_reply === true : optionalBoolean(params, 'allow_sending_without_reply') === true;
  const otherChat = replyParameters?.chat_id !== undefined && core.resolveChat(replyParameters.chat_id) !== chat;
  const replied = Number.isInteger(id) && !otherChat ? core.log.find(chat, id) : undefined;
  if (replied && !replied.deleted) return id;
  if (allowMissing) return undefined;
  throw badRequest('message to be replied not found');
}

export const sendMessage: BotMethod = ({ core, params }) => {
  const chat = core.resolveChat(params.chat_id, true);
  const formatted = readFormatted(core, params, 'text', 'entities');
  const replyMarkup = readReplyMarkup(params.reply_markup);
  const replyTo = readReplyTo(core, chat, params);
  core.flood.admit('send', chat === 'group');
  const stored = core.addMessage({
    chat,
    side: 'bot',
    from: core.ids.bot,
    date: core.nowSeconds(),
    text: formatted.text,
    entities: formatted.entities,
    parseMode: formatted.parseMode,
    replyMarkup,
    replyTo,
  });
  return core.telegramMessage(stored);
};

const sendMedia =
  (kind: 'photo' | 'document'): BotMethod =>
  ({ core, params, files }) => {
    const chat = core.resolveChat(params.chat_id, true);
    const caption = readFormatted(core, params, 'caption', 'caption_entities');
    const replyMarkup = readReplyMarkup(params.reply_markup);
    const replyTo = readReplyTo(core, chat, params);
    const file = readInputFile(kind, params, files, core.files);
    core.flood.admit('send', chat === 'group');
    const stored = core.addMessage({
      chat,
      side: 'bot',
      from: core.ids.bot,
      date: core.nowSeconds(),
      text: caption.text,
      entities: caption.entities,
      parseMode: caption.parseMode,
      replyMarkup,
      replyTo,
      media: { kind, file },
    });
    return core.telegramMessage(stored);
  };

export const sendPhoto = sendMedia('photo');
export const sendDocument = sendMedia('document');

export const sendChatAction: BotMethod = ({ core, params }) => {
  const chat = core.resolveChat(params.chat_id, true);
  const action = optionalString(params, 'action');
  if (!action) throw badRequest('action is empty');
  if (!CHAT_ACTIONS.has(action)) throw badRequest('wrong parameter action in request');
  core.emit(chat, { typing: true });
  return true;
};
