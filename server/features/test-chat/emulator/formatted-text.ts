// A bot's text as Telegram stores it: parsed by parse_mode (or with the entities it sent), trimmed
// of surrounding whitespace, plus the entities Telegram finds itself (commands, links, mentions).
import { badRequest } from './bot-api-errors';
import { parseHtml } from './html-text';
import type { UserLookup } from './link-target';
import { parseMarkdownLegacy } from './markdown-legacy';
import { EntityParseError, parseMarkdownV2, type ParsedText } from './markdown-v2';
import type { MessageEntity, ParseMode } from './telegram-types';
import { findTextEntities } from './text-entities';

export type FormattedText = ParsedText & { parseMode?: ParseMode };

const PARSE_MODES: Record<string, ParseMode> = { html: 'HTML', markdown: 'Markdown', markdownv2: 'MarkdownV2' };
// Entities inside which Telegram looks for nothing else.
const OPAQUE = new Set(['code', 'pre', 'text_link', 'text_mention', 'custom_emoji']);

/** parse_mode as given (any case, '' for none); unknown modes are refused as Telegram does. */
export function readParseMode(value: string | undefined): ParseMode | undefined {
  if (value === undefined || value === '') return undefined;
  const mode = PARSE_MODES[value.toLowerCase()];
  if (!mode) throw badRequest('unsupported parse_mode');
  return mode;
}

export function formatText(raw: string, parseMode: ParseMode | undefined, explicit: unknown[] | undefined, users: UserLookup): FormattedText {
  let parsed: ParsedText;
  try {
    if (parseMode === 'MarkdownV2') parsed = parseMarkdownV2(raw, users);
    else if (parseMode === 'Markdown') parsed = parseMarkdownLegacy(raw, users);
    else if (parseMode === 'HTML') parsed = parseHtml(raw, users);
    else parsed = { text: raw, entities: explicit ? explicitEntities(explicit, raw.length, users) : [] };
  } catch (err) {
    if (err instanceof EntityParseError) throw badRequest(`can't parse entities: ${err.message}`);
    throw err;
  }
  const trimmed = trim(parsed);
  const opaque = trimmed.entities.filter((e) => OPAQUE.has(e.type));
  const found = findTextEntities(trimmed.text, opaque);
  const entities = [...trimmed.entities, ...found].sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text: trimmed.text, entities, ...(parseMode ? { parseMode } : {}) };
}

/** Entities the bot sent itself (`entities` / `caption_entities`): the well-formed ones within the text. */
function explicitEntities(list: unknown[], textLength: number, users: UserLookup): MessageEntity[] {
  const out: MessageEntity[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) throw badRequest("can't parse MessageEntity: MessageEntity must be an Object");
    const e = item as Record<string, unknown>;
    const { type, offset, length } = e;
    if (typeof type !== 'string' || !Number.isInteger(offset) || !Number.isInteger(length)) continue;
    const start = Math.max(0, offset as number);
    const end = Math.min(textLength, (offset as number) + (length as number));
    if (end <= start) continue;
    const entity: MessageEntity = { type, offset: start, length: end - start };
    if (typeof e.url === 'string') entity.url = e.url;
    if (typeof e.language === 'string') entity.language = e.language;
    if (typeof e.custom_emoji_id === 'string') entity.custom_emoji_id = e.custom_emoji_id;
    if (type === 'text_mention') {
      const id = (e.user as { id?: unknown } | undefined)?.id;
      const user = typeof id === 'number' ? users(id) : undefined;
      if (!user) continue;
      entity.user = user;
    }
    if (type === 'text_link' && !entity.url) continue;
    out.push(entity);
  }
  return out;
}

/** Telegram strips leading and trailing whitespace; entities move with the text. */
function trim(parsed: ParsedText): ParsedText {
  const lead = parsed.text.length - parsed.text.trimStart().length;
  const text = parsed.text.trim();
  if (lead === 0 && text.length === parsed.text.length) return parsed;
  const entities: MessageEntity[] = [];
  for (const e of parsed.entities) {
    const start = Math.max(0, e.offset - lead);
    const end = Math.min(text.length, e.offset + e.length - lead);
    if (end > start) entities.push({ ...e, offset: start, length: end - start });
  }
  return { text, entities };
}
