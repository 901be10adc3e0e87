// One stored message, two views: the Bot API Message object a bot receives, and the
// TestChatMessage the browser shows (photos as data: URLs up to 1 MiB, documents as links to
// /api/test-chat/<fileId>/files/<telegram file_id>, join/leave notices as events).
import type { TestChatMessage } from '../../../../shared/test-chat.schema';
import type { StoredMessage } from './chat-log';
import type { StoredFile } from './file-store';
import { inlineKeyboard } from './reply-markup';
import type { MessageEntity, TgChat, TgMessage, TgUser } from './telegram-types';

export const MAX_INLINE_PHOTO_BYTES = 1024 * 1024;

export type ViewContext = {
  fileId: string;
  user: TgUser;
  chat(kind: StoredMessage['chat']): TgChat;
  find(kind: StoredMessage['chat'], id: number): StoredMessage | undefined;
};

export function telegramMessage(m: StoredMessage, context: ViewContext, withReply = true): TgMessage {
  const message: TgMessage = { message_id: m.id, from: m.from, chat: context.chat(m.chat), date: m.date };
  if (m.editDate) message.edit_date = m.editDate;
  if (withReply && m.replyTo) {
    const replied = context.find(m.chat, m.replyTo);
    if (replied && !replied.deleted) message.reply_to_message = telegramMessage(replied, context, false);
  }
  if (m.service?.kind === 'join') {
    message.new_chat_members = m.service.members;
    message.new_chat_member = m.service.members[0];
    message.new_chat_participant = m.service.members[0];
  } else if (m.service?.kind === 'leave') {
    message.left_chat_member = m.service.member;
    message.left_chat_participant = m.service.member;
  } else if (m.media) {
    const file = m.media.file;
    if (m.media.kind === 'photo') message.photo = [photoSize(file)];
    else message.document = { file_id: file.fileId, file_unique_id: file.uniqueId, file_name: file.name, mime_type: file.mimeType, file_size: file.size };
    if (m.text) message.caption = m.text;
    if (m.entities.length > 0) message.caption_entities = m.entities;
  } else {
    message.text = m.text;
    if (m.entities.length > 0) message.entities = m.entities;
  }
  const keyboard = inlineKeyboard(m.replyMarkup);
  if (keyboard) message.reply_markup = keyboard;
  return message;
}

export function photoSize(file: StoredFile): Record<string, unknown> {
  return { file_id: file.fileId, file_unique_id: file.uniqueId, file_size: file.size, width: file.width ?? 0, height: file.height ?? 0 };
}

export function browserMessage(m: StoredMessage, context: ViewContext): TestChatMessage {
  const out: TestChatMessage = { id: m.id, from: m.side, text: m.text, date: m.date, chat: m.chat };
  let entities: MessageEntity[] = m.entities;
  if (m.editDate) out.edited = true;
  if (m.deleted) out.deleted = true;
  if (m.replyMarkup) out.replyMarkup = m.replyMarkup;
  if (m.parseMode) out.parseMode = m.parseMode;
  if (m.chat === 'group' && m.from.id !== context.user.id && !m.from.is_bot) {
    out.author = { firstName: m.from.first_name, ...(m.from.username ? { username: m.from.username } : {}) };
  }
  if (m.service) {
    out.event = m.service.kind;
    out.text = serviceText(m);
  } else if (m.media) {
    const file = m.media.file;
    if (file.url) {
      const prefix = `[${m.media.kind}] ${file.url}${m.text ? '\n' : ''}`;
      out.text = prefix + m.text;
      entities = entities.map((e) => ({ ...e, offset: e.offset + prefix.length }));
    } else if (m.media.kind === 'photo' && file.bytes && file.bytes.length <= MAX_INLINE_PHOTO_BYTES) {
      out.photoUrl = `data:${file.mimeType};base64,${file.bytes.toString('base64')}`;
    } else {
      out.documentName = file.name;
    }
    if (file.bytes && !out.photoUrl) out.documentUrl = `/api/test-chat/${encodeURIComponent(context.fileId)}/files/${encodeURIComponent(file.fileId)}`;
    if (file.url && m.media.kind === 'document') out.documentName = file.name;
  }
  if (entities.length > 0) out.entities = entities;
  return out;
}

function serviceText(m: StoredMessage): string {
  const service = m.service!;
  if (service.kind === 'join') return `${service.members.map((u) => u.first_name).join(', ')} joined the group`;
  if (service.by) return `${service.by.first_name} removed ${service.member.first_name}`;
  return `${service.member.first_name} left the group`;
}
