// reply_markup as the bot sent it, checked the way Telegram checks it: inline buttons need a text
// and an action, callback_data is 1-64 bytes (BUTTON_DATA_INVALID). Kept as given for the browser;
// only inline keyboards are part of a Message the bot gets back.
import { badRequest, TELEGRAM_TEXTS } from './bot-api-errors';

export type ReplyMarkup = Record<string, unknown>;

const BUTTON_ACTIONS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readReplyMarkup(value: unknown): ReplyMarkup | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw badRequest("can't parse reply keyboard markup JSON object");
  if ('inline_keyboard' in value) {
    const rows = value.inline_keyboard;
    if (!Array.isArray(rows)) throw badRequest('can\'t parse inline keyboard button: Field "inline_keyboard" must be of type Array');
    for (const row of rows) {
      if (!Array.isArray(row)) throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Array");
      row.forEach(checkInlineButton);
    }
    return rows.length > 0 ? value : undefined;
  }
  if ('keyboard' in value) {
    if (!Array.isArray(value.keyboard) || value.keyboard.some((row) => !Array.isArray(row))) {
      throw badRequest('can\'t parse keyboard button: Field "keyboard" must be of type Array');
    }
    return value;
  }
  if ('remove_keyboard' in value || 'force_reply' in value) return value;
  if (Object.keys(value).length === 0) return undefined;
  throw badRequest("can't parse reply keyboard markup JSON object");
}

function checkInlineButton(button: unknown): void {
  if (!isObject(button)) throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  if (typeof button.text !== 'string') throw badRequest('can\'t parse inline keyboard button: Can\'t find field "text"');
  if (!BUTTON_ACTIONS.some((action) => action in button)) {
    throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  }
  if ('callback_data' in button) {
    const data = button.callback_data;
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : -1;
    if (bytes < 1 || bytes > 64) throw badRequest(TELEGRAM_TEXTS.buttonData);
  }
}

/** The inline keyboard of a markup (what a Message carries and edits compare), if it is one. */
export function inlineKeyboard(markup: ReplyMarkup | undefined): ReplyMarkup | undefined {
  return markup && 'inline_keyboard' in markup ? markup : undefined;
}

/** A tap on `data` is possible: some button of this inline keyboard carries exactly that callback_data. */
export function hasCallbackButton(markup: ReplyMarkup | undefined, data: string): boolean {
  const rows = inlineKeyboard(markup)?.inline_keyboard;
  if (!Array.isArray(rows)) return false;
  return rows.some((row) => Array.isArray(row) && row.some((button) => isObject(button) && button.callback_data === data));
}

/** Key-order-independent JSON, for "is this markup the same". */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
