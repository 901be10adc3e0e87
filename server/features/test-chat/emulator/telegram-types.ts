// The Bot API objects the emulator hands to bots, typed only as far as the emulator builds them:
// users, chats, message entities and updates. Field names are Telegram's (snake_case).

export type TgUser = {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
};

export type TgChat = {
  id: number;
  type: 'private' | 'supergroup';
  title?: string;
  first_name?: string;
  username?: string;
};

export type MessageEntity = {
  type: string;
  /** In UTF-16 code units, as Telegram counts. */
  offset: number;
  length: number;
  url?: string;
  user?: TgUser;
  language?: string;
  custom_emoji_id?: string;
};

/** A Bot API Message object (built by message-views.ts). */
export type TgMessage = Record<string, unknown> & { message_id: number; date: number; chat: TgChat };

export type Update = { update_id: number } & Record<string, unknown>;

export type ParseMode = 'HTML' | 'Markdown' | 'MarkdownV2';
