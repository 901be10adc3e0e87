// parse_mode MarkdownV2, following tdlib's parser (what the Bot API runs): the same entities and
// the same refusals, worded as Telegram words them ("Character '.' is reserved and must be escaped
// with the preceding '\'", "Can't find end of Bold entity at byte offset 0").
import { CodePoints } from './code-points';
import { linkTarget, type UserLookup } from './link-target';
import type { MessageEntity } from './telegram-types';

export type ParsedText = { text: string; entities: MessageEntity[] };

/** A refusal of the text; the caller prefixes "Bad Request: can't parse entities: ". */
export class EntityParseError extends Error {}

type Kind =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'spoiler'
  | 'code'
  | 'pre'
  | 'text_link'
  | 'custom_emoji'
  | 'blockquote'
  | 'expandable_blockquote';

// How tdlib prints an entity type in "Can't find end of X entity".
const TYPE_NAMES: Record<Kind, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  spoiler: 'Spoiler',
  code: 'Code',
  pre: 'Pre',
  text_link: 'TextUrl',
  custom_emoji: 'CustomEmoji',
  blockquote: 'BlockQuote',
  expandable_blockquote: 'ExpandableBlockQuote',
};

const RESERVED = '_*[]()~`>#+-=|{}.!';

type Open = { kind: Kind; language?: string; offset: number; byte: number };

const reserved = (char: string) => new EntityParseError(`Character '${char}' is reserved and must be escaped with the preceding '\\'`);
const isEscapable = (char: string) => char !== '' && char.charCodeAt(0) >= 1 && char.charCodeAt(0) <= 126 && char.length === 1;
const isSpace = (char: string) => char === '' || char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\v';
const isQuote = (kind: Kind | undefined) => kind === 'blockquote' || kind === 'expandable_blockquote';

export function parseMarkdownV2(source: string, users: UserLookup): ParsedText {
  const s = new CodePoints(source);
  let out = '';
  const entities: MessageEntity[] = [];
  const stack: Open[] = [];

  const close = (open: Open, extra: Partial<MessageEntity> = {}, end = out.length) => {
    if (end > open.offset) {
      entities.push({ type: open.kind, offset: open.offset, length: end - open.offset, ...(open.language ? { language: open.language } : {}), ...extra });
    }
  };

  for (let i = 0; i < s.length; i++) {
    let c = s.at(i);
    const top = stack.at(-1);
    const inCode = top?.kind === 'code' || top?.kind === 'pre';

    // Block quotations: '>' (or '**>' for an expandable one) at the start of each line.
    if ((i === 0 || s.at(i - 1) === '\n') && !inCode) {
      const quote = stack.find((open) => isQuote(open.kind));
      if (c === '>' && quote) continue;
      if (quote && c !== '>') {
        if (stack.at(-1) !== quote) break; // an entity left open inside the quote: reported below
        stack.pop();
        close(quote, {}, out.endsWith('\n') ? out.length - 1 : out.length);
      } else if (c === '>' || (c === '*' && s.at(i + 1) === '*' && s.at(i + 2) === '>')) {
        const expandable = c === '*';
        stack.push({ kind: expandable ? 'expandable_blockquote' : 'blockquote', offset: out.length, byte: s.byteOffset(i) });
        if (expandable) i += 2;
        continue;
      }
      c = s.at(i);
    }

    if (c === '\\' && isEscapable(s.at(i + 1))) {
      out += s.at(++i);
      continue;
    }
    const current = stack.at(-1);
    const reservedHere = current?.kind === 'code' || current?.kind === 'pre' ? '`' : RESERVED;
    if (!reservedHere.includes(c)) {
      out += c;
      continue;
    }

    // The end of an expandable quotation: '||' at the end of its last line.
    if (current?.kind === 'expandable_blockquote' && c === '|' && s.at(i + 1) === '|' && (s.at(i + 2) === '' || s.at(i + 2) === '\n')) {
      stack.pop();
      close(current);
      i++;
      continue;
    }

    if (current && isEndOf(current.kind, c, s.at(i + 1), s.at(i + 2))) {
      stack.pop();
      if (current.kind === 'underline' || current.kind === 'spoiler') i++;
      if (current.kind === 'pre') i += 2;
      if (current.kind === 'text_link' || current.kind === 'custom_emoji') {
        let url = '';
        if (s.at(i + 1) !== '(') {
          if (current.kind === 'custom_emoji') throw new EntityParseError('Custom emoji entity must contain a tg://emoji URL');
          url = out.slice(current.offset);
        } else {
          i += 2;
          const urlBegin = i;
          while (i < s.length && s.at(i) !== ')') {
            if (s.at(i) === '\\' && isEscapable(s.at(i + 1))) {
              url += s.at(i + 1);
              i += 2;
              continue;
            }
            url += s.at(i++);
          }
          if (s.at(i) !== ')') {
            throw new EntityParseError(`Can't find end of a${current.kind === 'custom_emoji' ? ' custom emoji' : ''} URL at byte offset ${s.byteOffset(urlBegin)}`);
          }
        }
        if (current.kind === 'custom_emoji') {
          const id = /^tg:\/\/emoji\?id=(\d{1,20})$/.exec(url)?.[1];
          if (!id) throw new EntityParseError('Custom emoji URL must have scheme tg');
          close(current, { custom_emoji_id: id });
        } else {
          const target = linkTarget(url, users);
          if (target && 'user' in target) close({ ...current, kind: 'text_link' }, { type: 'text_mention', user: target.user });
          else if (target) close(current, { url: target.url });
        }
        continue;
      }
      close(current);
      continue;
    }

    // The beginning of an entity.
    const open: Open = { kind: 'bold', offset: out.length, byte: s.byteOffset(i) };
    switch (c) {
      case '_':
        if (s.at(i + 1) === '_') {
          open.kind = 'underline';
          i++;
        } else open.kind = 'italic';
        break;
      case '*':
        open.kind = 'bold';
        break;
      case '~':
        open.kind = 'strikethrough';
        break;
      case '|':
        if (s.at(i + 1) !== '|') throw reserved(c);
        open.kind = 'spoiler';
        i++;
        break;
      case '[':
        open.kind = 'text_link';
        break;
      case '`':
        if (s.at(i + 1) === '`' && s.at(i + 2) === '`') {
          i += 3;
          open.kind = 'pre';
          let languageEnd = i;
          while (!isSpace(s.at(languageEnd)) && s.at(languageEnd) !== '`') languageEnd++;
          if (languageEnd !== i && languageEnd < s.length && s.at(languageEnd) !== '`') {
            open.language = s.slice(i, languageEnd);
            i = languageEnd;
          }
          // One line break after the opening fence belongs to the fence.
          if (s.at(i) === '\n' || s.at(i) === '\r') {
            if ((s.at(i + 1) === '\n' || s.at(i + 1) === '\r') && s.at(i) !== s.at(i + 1)) i += 2;
            else i++;
          }
          i--;
        } else open.kind = 'code';
        break;
      case '!':
        if (s.at(i + 1) === '[') {
          open.kind = 'custom_emoji';
          i++;
          break;
        }
        throw reserved(c);
      default:
        throw reserved(c);
    }
    open.offset = out.length;
    stack.push(open);
  }

  const last = stack.at(-1);
  if (last && isQuote(last.kind)) {
    stack.pop();
    close(last);
  }
  if (stack.length > 0) {
    const open = stack.at(-1)!;
    const name = open.kind === 'pre' && open.language ? 'PreCode' : TYPE_NAMES[open.kind];
    throw new EntityParseError(`Can't find end of ${name} entity at byte offset ${open.byte}`);
  }
  return { text: out, entities: entities.sort((a, b) => a.offset - b.offset || b.length - a.length) };
}

function isEndOf(kind: Kind, c: string, next: string, afterNext: string): boolean {
  switch (kind) {
    case 'bold':
      return c === '*';
    case 'italic':
      return c === '_' && next !== '_';
    case 'underline':
      return c === '_' && next === '_';
    case 'strikethrough':
      return c === '~';
    case 'spoiler':
      return c === '|' && next === '|';
    case 'code':
      return c === '`';
    case 'pre':
      return c === '`' && next === '`' && afterNext === '`';
    case 'text_link':
    case 'custom_emoji':
      return c === ']';
    default:
      return false;
  }
}
