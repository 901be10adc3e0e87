// Bot API parameters arrive as JSON values (a JSON body) or as strings (query string, form and
// multipart bodies, where objects are JSON text, numbers digits and booleans 'true'). They are
// normalised here, once, by field name; methods then read them with the typed readers below.
import { badRequest } from './bot-api-errors';

export type Params = Record<string, unknown>;

/** Fields whose value is a JSON object or array; in a form it is JSON text. */
const JSON_FIELDS: Record<string, string> = {
  reply_markup: "can't parse reply keyboard markup JSON object",
  allowed_updates: "can't parse allowed updates JSON object",
  entities: "can't parse entities JSON object",
  caption_entities: "can't parse entities JSON object",
  commands: "can't parse commands JSON object",
  scope: "can't parse BotCommandScope JSON object",
  reply_parameters: "can't parse ReplyParameters JSON object",
  link_preview_options: "can't parse LinkPreviewOptions JSON object",
  permissions: "can't parse ChatPermissions JSON object",
  message_ids: "can't parse message identifiers JSON object",
};

const INTEGER_FIELDS = new Set([
  'chat_id',
  'message_id',
  'user_id',
  'offset',
  'limit',
  'timeout',
  'until_date',
  'reply_to_message_id',
  'cache_time',
  'max_connections',
  'message_thread_id',
  'from_chat_id',
]);

const BOOLEAN_FIELDS = new Set([
  'show_alert',
  'drop_pending_updates',
  'disable_notification',
  'protect_content',
  'revoke_messages',
  'only_if_banned',
  'disable_web_page_preview',
  'allow_sending_without_reply',
  'use_independent_chat_permissions',
  'disable_content_type_detection',
  'has_spoiler',
  'show_caption_above_media',
]);

/** One place where strings become the JSON values they stand for; unknown fields pass unchanged. */
export function normalizeParams(raw: Params): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? fromString(key, value) : value;
  }
  return out;
}

function fromString(key: string, value: string): unknown {
  const jsonError = JSON_FIELDS[key];
  if (jsonError !== undefined) {
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      throw badRequest(jsonError);
    }
  }
  if (INTEGER_FIELDS.has(key) && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  if (BOOLEAN_FIELDS.has(key)) {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0' || lower === '') return false;
  }
  return value;
}

// ---- typed readers (after normalizeParams) ----

export function optionalString(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw badRequest(`field "${key}" must be of type String`);
}

export function optionalInteger(params: Params, key: string): number | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  throw badRequest(`field "${key}" must be of type Integer`);
}

export function optionalBoolean(params: Params, key: string): boolean | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  throw badRequest(`field "${key}" must be of type Boolean`);
}

export function optionalObject(params: Params, key: string, error: string): Record<string, unknown> | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw badRequest(error);
}

export function optionalArray(params: Params, key: string, error: string): unknown[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  throw badRequest(error);
}
