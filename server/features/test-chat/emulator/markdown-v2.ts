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
  return new MarkdownV2Parser(source, users).parse();
}

/** One parse: the text so far, its entities, the entities still open, and where it is in the source. */
class MarkdownV2Parser {
  private readonly s: CodePoints;
  private out = '';
  private readonly entities: MessageEntity[] = [];
  private readonly stack: Open[] = [];
  private i = 0;

  constructor(
    source: string,
    private readonly users: UserLookup,
  ) {
    this.s = new CodePoints(source);
  }

  parse(): ParsedText {
    for (this.i = 0; this.i < this.s.length; this.i++) {
      if (!this.step()) break;
    }
    return this.finish();
  }

  /** Reads the code point at `i` and what it starts or ends; false when the text stops there. */
  private step(): boolean {
    const s = this.s;
    const c = s.at(this.i);
    const top = this.stack.at(-1);
    const inCode = top?.kind === 'code' || top?.kind === 'pre';
    if ((this.i === 0 || s.at(this.i - 1) === '\n') && !inCode) {
      const quote = this.lineStart(c);
      if (quote !== 'read') return quote === 'consumed';
    }

    if (c === '\\' && isEscapable(s.at(this.i + 1))) {
      this.out += s.at(++this.i);
      return true;
    }
    const current = this.stack.at(-1);
    const reservedHere = current?.kind === 'code' || current?.kind === 'pre' ? '`' : RESERVED;
    if (!reservedHere.includes(c)) {
      this.out += c;
      return true;
    }

    // The end of an expandable quotation: '||' at the end of its last line.
    if (current?.kind === 'expandable_blockquote' && c === '|' && s.at(this.i + 1) === '|' && (s.at(this.i + 2) === '' || s.at(this.i + 2) === '\n')) {
      this.stack.pop();
      this.close(current);
      this.i++;
      return true;
    }
    if (current && isEndOf(current.kind, c, s.at(this.i + 1), s.at(this.i + 2))) {
      this.stack.pop();
      this.closeEntity(current);
      return true;
    }
    this.stack.push(this.openEntity(c));
    return true;
  }

  /**
   * Block quotations: '>' (or '**>' for an expandable one) at the start of each line. 'consumed': the
   * marker was read; 'stop': an entity was left open inside the quote (reported at the end).
   */
  private lineStart(c: string): 'consumed' | 'stop' | 'read' {
    const s = this.s;
    const quote = this.stack.find((open) => isQuote(open.kind));
    if (c === '>' && quote) return 'consumed';
    if (quote && c !== '>') {
      if (this.stack.at(-1) !== quote) return 'stop';
      this.stack.pop();
      this.close(quote, {}, this.out.endsWith('\n') ? this.out.length - 1 : this.out.length);
    } else if (c === '>' || (c === '*' && s.at(this.i + 1) === '*' && s.at(this.i + 2) === '>')) {
      const expandable = c === '*';
      this.stack.push({ kind: expandable ? 'expandable_blockquote' : 'blockquote', offset: this.out.length, byte: s.byteOffset(this.i) });
      if (expandable) this.i += 2;
      return 'consumed';
    }
    return 'read';
  }

  /** At the end marker of `current` (already popped): past the marker, and its entity kept. */
  private closeEntity(current: Open): void {
    if (current.kind === 'underline' || current.kind === 'spoiler') this.i++;
    if (current.kind === 'pre') this.i += 2;
    if (current.kind !== 'text_link' && current.kind !== 'custom_emoji') {
      this.close(current);
      return;
    }
    const url = this.linkUrl(current);
    if (current.kind === 'custom_emoji') {
      const id = /^tg:\/\/emoji\?id=(\d{1,20})$/.exec(url)?.[1];
      if (!id) throw new EntityParseError('Custom emoji URL must have scheme tg');
      this.close(current, { custom_emoji_id: id });
    } else {
      const target = linkTarget(url, this.users);
      if (target && 'user' in target) this.close({ ...current, kind: 'text_link' }, { type: 'text_mention', user: target.user });
      else if (target) this.close(current, { url: target.url });
    }
  }

  /** The '(url)' after a link's ']' (escapes undone); a text link without one links its own text. */
  private linkUrl(current: Open): string {
    const s = this.s;
    if (s.at(this.i + 1) !== '(') {
      if (current.kind === 'custom_emoji') throw new EntityParseError('Custom emoji entity must contain a tg://emoji URL');
      return this.out.slice(current.offset);
    }
    let url = '';
    this.i += 2;
    const urlBegin = this.i;
    while (this.i < s.length && s.at(this.i) !== ')') {
      if (s.at(this.i) === '\\' && isEscapable(s.at(this.i + 1))) {
        url += s.at(this.i + 1);
        this.i += 2;
        continue;
      }
      url += s.at(this.i++);
    }
    if (s.at(this.i) !== ')') {
      throw new EntityParseError(`Can't find end of a${current.kind === 'custom_emoji' ? ' custom emoji' : ''} URL at byte offset ${s.byteOffset(urlBegin)}`);
    }
    return url;
  }

  /** The entity a reserved character begins (reading past a longer marker), or its refusal. */
  private openEntity(c: string): Open {
    const s = this.s;
    const open: Open = { kind: 'bold', offset: this.out.length, byte: s.byteOffset(this.i) };
    switch (c) {
      case '_':
        if (s.at(this.i + 1) === '_') {
          open.kind = 'underline';
          this.i++;
        } else open.kind = 'italic';
        break;
      case '*':
        open.kind = 'bold';
        break;
      case '~':
        open.kind = 'strikethrough';
        break;
      case '|':
        if (s.at(this.i + 1) !== '|') throw reserved(c);
        open.kind = 'spoiler';
        this.i++;
        break;
      case '[':
        open.kind = 'text_link';
        break;
      case '`':
        if (s.at(this.i + 1) === '`' && s.at(this.i + 2) === '`') this.openPre(open);
        else open.kind = 'code';
        break;
      case '!':
        if (s.at(this.i + 1) !== '[') throw reserved(c);
        open.kind = 'custom_emoji';
        this.i++;
        break;
      default:
        throw reserved(c);
    }
    return open;
  }

  /** A '```' fence: its language, and one line break after it that belongs to the fence. */
  private openPre(open: Open): void {
    const s = this.s;
    this.i += 3;
    open.kind = 'pre';
    let languageEnd = this.i;
    while (!isSpace(s.at(languageEnd)) && s.at(languageEnd) !== '`') languageEnd++;
    if (languageEnd !== this.i && languageEnd < s.length && s.at(languageEnd) !== '`') {
      open.language = s.slice(this.i, languageEnd);
      this.i = languageEnd;
    }
    if (s.at(this.i) === '\n' || s.at(this.i) === '\r') {
      if ((s.at(this.i + 1) === '\n' || s.at(this.i + 1) === '\r') && s.at(this.i) !== s.at(this.i + 1)) this.i += 2;
      else this.i++;
    }
    this.i--;
  }

  private close(open: Open, extra: Partial<MessageEntity> = {}, end = this.out.length): void {
    if (end > open.offset) {
      this.entities.push({ type: open.kind, offset: open.offset, length: end - open.offset, ...(open.language ? { language: open.language } : {}), ...extra });
    }
  }

  /** A quotation still open ends with the text; any other entity still open is refused. */
  private finish(): ParsedText {
    const last = this.stack.at(-1);
    if (last && isQuote(last.kind)) {
      this.stack.pop();
      this.close(last);
    }
    if (this.stack.length > 0) {
      const open = this.stack.at(-1)!;
      const name = open.kind === 'pre' && open.language ? 'PreCode' : TYPE_NAMES[open.kind];
      throw new EntityParseError(`Can't find end of ${name} entity at byte offset ${open.byte}`);
    }
    return { text: this.out, entities: this.entities.sort((a, b) => a.offset - b.offset || b.length - a.length) };
  }
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
