// parse_mode HTML, following tdlib: the supported tags (b strong i em u ins s strike del a code pre
// span.tg-spoiler tg-spoiler tg-emoji blockquote), &lt; &gt; &amp; &quot; and numeric character
// references, and Telegram's refusals ('Unsupported start tag "br" at byte offset 5', unclosed and
// unmatched tags) with the byte offsets it names.
import { CodePoints } from './code-points';
import { linkTarget, type UserLookup } from './link-target';
import { EntityParseError, type ParsedText } from './markdown-v2';
import type { MessageEntity } from './telegram-types';

const TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 's', 'strike', 'del', 'u', 'ins', 'tg-spoiler', 'tg-emoji', 'span', 'pre', 'code', 'blockquote']);
const SIMPLE: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  u: 'underline',
  ins: 'underline',
  'tg-spoiler': 'spoiler',
  span: 'spoiler',
  code: 'code',
};

const isSpace = (char: string) => char === '' || char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\v';
const isNameChar = (char: string) => /^[A-Za-z0-9.-]$/.test(char);

type Open = { tag: string; argument: string; expandable: boolean; offset: number };

export function parseHtml(source: string, users: UserLookup): ParsedText {
  const s = new CodePoints(source);
  let out = '';
  const entities: MessageEntity[] = [];
  const stack: Open[] = [];

  for (let i = 0; i < s.length; i++) {
    const c = s.at(i);
    if (c === '&') {
      const decoded = decodeEntity(s, i);
      if (decoded) {
        out += decoded.char;
        i = decoded.end - 1;
        continue;
      }
    }
    if (c !== '<') {
      out += c;
      continue;
    }
    if (s.at(i + 1) !== '/') {
      const start = readStartTag(s, i);
      stack.push({ ...start.tag, offset: out.length });
      i = start.end;
    } else {
      if (stack.length === 0) throw new EntityParseError(`Unexpected end tag at byte offset ${s.byteOffset(i)}`);
      const end = readEndTag(s, i);
      const open = stack.pop()!;
      if (end.tag && end.tag !== open.tag) {
        throw new EntityParseError(`Unmatched end tag at byte offset ${s.byteOffset(i)}, expected "</${open.tag}>", found "</${end.tag}>"`);
      }
      closeTag(open, out, entities, users);
      i = end.end;
    }
  }
  if (stack.length > 0) throw new EntityParseError(`Can't find end tag corresponding to start tag "${stack.at(-1)!.tag}"`);
  // A code entity keeps `language` only inside pre (merged into the pre when that closed).
  for (const e of entities) if (e.type === 'code') delete e.language;
  return { text: out, entities: entities.sort((a, b) => a.offset - b.offset || b.length - a.length) };
}

const unclosedStartTag = (s: CodePoints, beginPos: number) => new EntityParseError(`Unclosed start tag at byte offset ${s.byteOffset(beginPos)}`);

/** The start tag at `beginPos` ('<'): its name and what its attributes say; `end` is its '>'. */
function readStartTag(s: CodePoints, beginPos: number): { tag: Omit<Open, 'offset'>; end: number } {
  let i = beginPos + 1;
  while (!isSpace(s.at(i)) && s.at(i) !== '>') i++;
  if (s.at(i) === '') throw unclosedStartTag(s, beginPos);
  const tag = s.slice(beginPos + 1, i).toLowerCase();
  if (!TAGS.has(tag)) throw new EntityParseError(`Unsupported start tag "${tag}" at byte offset ${s.byteOffset(beginPos)}`);

  let argument = '';
  let expandable = false;
  while (s.at(i) !== '>') {
    while (s.at(i) !== '' && isSpace(s.at(i))) i++;
    if (s.at(i) === '>') break;
    if (s.at(i) === '') throw unclosedStartTag(s, beginPos);
    const attribute = readAttribute(s, i, tag, beginPos);
    i = attribute.end;
    const { name, value } = attribute;
    if (value === null) expandable = true;
    else if (tag === 'a' && name === 'href') argument = value;
    else if (tag === 'code' && name === 'class' && value.startsWith('language-')) argument = value.slice('language-'.length);
    else if (tag === 'span' && name === 'class' && value.startsWith('tg-')) argument = value.slice('tg-'.length);
    else if (tag === 'tg-emoji' && name === 'emoji-id') argument = value;
    else if (tag === 'blockquote' && name === 'expandable') expandable = true;
  }
  if (tag === 'span' && argument !== 'spoiler') {
    throw new EntityParseError(`Tag "span" must have class "tg-spoiler" at byte offset ${s.byteOffset(beginPos)}`);
  }
  return { tag: { tag, argument, expandable }, end: i };
}

/** One attribute of a start tag, from its name at `i`; a bare `expandable` of a blockquote has no value (null). */
function readAttribute(s: CodePoints, i: number, tag: string, beginPos: number): { name: string; value: string | null; end: number } {
  const attributeBegin = i;
  while (!isSpace(s.at(i)) && s.at(i) !== '=' && s.at(i) !== '>') i++;
  const name = s.slice(attributeBegin, i).toLowerCase();
  if (!name) throw new EntityParseError(`Empty attribute name in the tag "${tag}" at byte offset ${s.byteOffset(attributeBegin)}`);
  while (s.at(i) !== '' && isSpace(s.at(i))) i++;
  if (s.at(i) !== '=') {
    if (tag === 'blockquote' && name === 'expandable') return { name, value: null, end: i };
    if (s.at(i) === '') throw unclosedStartTag(s, beginPos);
    throw new EntityParseError(`Expected equal sign in declaration of an attribute of the tag "${tag}" at byte offset ${s.byteOffset(beginPos)}`);
  }
  i++;
  while (s.at(i) !== '' && isSpace(s.at(i))) i++;
  if (s.at(i) === '') throw unclosedStartTag(s, beginPos);
  const { value, end } = readAttributeValue(s, i);
  if (s.at(end) === '') throw unclosedStartTag(s, beginPos);
  return { name, value, end };
}

/** A quoted value (character references decoded) or a bare name token (lower-cased). */
function readAttributeValue(s: CodePoints, i: number): { value: string; end: number } {
  const quote = s.at(i);
  if (quote !== '"' && quote !== "'") {
    const tokenBegin = i;
    while (isNameChar(s.at(i))) i++;
    if (!isSpace(s.at(i)) && s.at(i) !== '>') throw new EntityParseError(`Unexpected end of name token at byte offset ${s.byteOffset(tokenBegin)}`);
    return { value: s.slice(tokenBegin, i).toLowerCase(), end: i };
  }
  let value = '';
  i++;
  while (s.at(i) !== quote && s.at(i) !== '') {
    const decoded = s.at(i) === '&' ? decodeEntity(s, i) : null;
    if (decoded) {
      value += decoded.char;
      i = decoded.end;
      continue;
    }
    value += s.at(i++);
  }
  if (s.at(i) === quote) i++;
  return { value, end: i };
}

/** The end tag at `beginPos` ('<'): its name (empty for '</>') and its '>'. */
function readEndTag(s: CodePoints, beginPos: number): { tag: string; end: number } {
  let i = beginPos + 1;
  while (!isSpace(s.at(i)) && s.at(i) !== '>') i++;
  const tag = s.slice(beginPos + 2, i).toLowerCase();
  while (isSpace(s.at(i)) && s.at(i) !== '') i++;
  if (s.at(i) !== '>') throw new EntityParseError(`Unclosed end tag at byte offset ${s.byteOffset(beginPos)}`);
  return { tag, end: i };
}

function closeTag(open: Open, out: string, entities: MessageEntity[], users: UserLookup): void {
  const offset = open.offset;
  const length = out.length - offset;
  if (length === 0) return;
  const simple = SIMPLE[open.tag];
  if (simple) {
    entities.push({ type: simple, offset, length, ...(open.tag === 'code' && open.argument ? { language: open.argument } : {}) });
    return;
  }
  if (open.tag === 'a') {
    const target = linkTarget(open.argument || out.slice(offset), users);
    if (target && 'user' in target) entities.push({ type: 'text_mention', offset, length, user: target.user });
    else if (target) entities.push({ type: 'text_link', offset, length, url: target.url });
  } else if (open.tag === 'pre') {
    // <pre><code class="language-x">...</code></pre> is one pre entity with a language.
    const inner = entities.findIndex((e) => e.type === 'code' && e.offset === offset && e.length === length);
    const language = inner >= 0 ? entities[inner]!.language : undefined;
    if (inner >= 0) entities.splice(inner, 1);
    entities.push({ type: 'pre', offset, length, ...(language ? { language } : {}) });
  } else if (open.tag === 'tg-emoji') {
    if (/^\d{1,20}$/.test(open.argument)) entities.push({ type: 'custom_emoji', offset, length, custom_emoji_id: open.argument });
  } else if (open.tag === 'blockquote') {
    entities.push({ type: open.expandable ? 'expandable_blockquote' : 'blockquote', offset, length });
  }
}

/** &lt; &gt; &amp; &quot; and &#NN; / &#xHH; (the ';' is optional); null leaves the '&' as text. */
function decodeEntity(s: CodePoints, pos: number): { char: string; end: number } | null {
  let end = pos + 1;
  let code = 0;
  if (s.at(end) === '#') {
    end++;
    const hex = s.at(end) === 'x';
    if (hex) end++;
    const digits = hex ? /^[0-9a-fA-F]$/ : /^[0-9]$/;
    while (digits.test(s.at(end))) {
      code = code * (hex ? 16 : 10) + parseInt(s.at(end++), 16);
      if (code >= 0x10ffff) return null;
    }
    if (code === 0 || (code >= 0xd800 && code <= 0xdfff)) return null;
  } else {
    while (/^[A-Za-z]$/.test(s.at(end))) end++;
    const name = s.slice(pos + 1, end);
    const named: Record<string, number> = { lt: 60, gt: 62, amp: 38, quot: 34 };
    if (!Object.hasOwn(named, name)) return null;
    code = named[name]!;
  }
  if (s.at(end) === ';') end++;
  return { char: String.fromCodePoint(code), end };
}
