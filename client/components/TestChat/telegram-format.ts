// Telegram's message formatting (HTML, legacy Markdown, MarkdownV2, or message entities) read into
// a small tree that React renders as elements: no HTML string ever reaches the page. Whatever the
// parser does not understand (an unknown or unclosed tag, a stray '*') stays visible as text.

export type FormatNode =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'underline' | 'strike' | 'spoiler'; children: FormatNode[] }
  | { type: 'blockquote'; children: FormatNode[]; expandable?: boolean }
  | { type: 'code'; text: string; language?: string }
  | { type: 'pre'; text: string; language?: string }
  | { type: 'link'; href: string; children: FormatNode[] }
  /** A /command in the text: Telegram lets you tap it to send it. */
  | { type: 'command'; command: string };

export type ParseMode = 'HTML' | 'Markdown' | 'MarkdownV2';

type StyleType = 'bold' | 'italic' | 'underline' | 'strike' | 'spoiler';

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'tg:']);

/** The link as the browser will read it, when it is http(s) or tg; null for anything else. */
export function safeHref(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  try {
    // The parsed form is what gets checked and what gets used: `java\tscript:` and friends are
    // normalised by the same parser the browser uses before the protocol is looked at.
    const url = new URL(value);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The plain text of a tree (what code and pre keep of anything nested in them). */
export function textOf(nodes: FormatNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.text;
    else if (node.type === 'code' || node.type === 'pre') out += node.text;
    else if (node.type === 'command') out += node.command;
    else out += textOf(node.children);
  }
  return out;
}

/** Joins neighbouring text nodes and drops empty ones. */
function normalize(nodes: FormatNode[]): FormatNode[] {
  const out: FormatNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      if (!node.text) continue;
      const last = out[out.length - 1];
      if (last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + node.text };
      else out.push(node);
    } else out.push(node);
  }
  return out;
}

const text = (value: string): FormatNode => ({ type: 'text', text: value });

// ---------------------------------------------------------------------------------------------
// HTML (Telegram's subset)

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Telegram's four named entities and numeric ones; anything else stays as written. */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    return String.fromCodePoint(code);
  });
}

const HTML_STYLES: Record<string, StyleType | 'blockquote' | 'code' | 'pre' | 'link' | 'transparent' | 'span'> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  'tg-spoiler': 'spoiler',
  span: 'span',
  code: 'code',
  pre: 'pre',
  a: 'link',
  blockquote: 'blockquote',
  'tg-emoji': 'transparent',
};

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*>/y;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(ATTR)) {
    const name = match[1]!.toLowerCase();
    if (name in attrs) continue;
    attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

interface HtmlFrame {
  name: string;
  kind: (typeof HTML_STYLES)[string];
  attrs: Record<string, string>;
  raw: string;
  children: FormatNode[];
}

function closeHtml(frame: HtmlFrame): FormatNode[] {
  const children = normalize(frame.children);
  switch (frame.kind) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'strike':
    case 'spoiler':
      return [{ type: frame.kind, children }];
    case 'span':
      return [{ type: 'spoiler', children }];
    case 'blockquote':
      return [{ type: 'blockquote', children, ...('expandable' in frame.attrs ? { expandable: true } : {}) }];
    case 'code': {
      const language = /^language-([\w+#.-]{1,40})$/.exec(frame.attrs.class ?? '')?.[1];
      return [{ type: 'code', text: textOf(children), ...(language ? { language } : {}) }];
    }
    case 'pre': {
      const inner = children.length === 1 && children[0]!.type === 'code' ? children[0] : undefined;
      const language = inner?.type === 'code' ? inner.language : undefined;
      return [{ type: 'pre', text: textOf(children), ...(language ? { language } : {}) }];
    }
    case 'link': {
      const href = safeHref(frame.attrs.href ?? '');
      // A link Telegram would not open (javascript:, data:...) keeps its words, not its target.
      return href ? [{ type: 'link', href, children }] : children;
    }
    case 'transparent':
      return children;
  }
}

/** Telegram's HTML: the supported tags become formatting; any other markup is shown as typed. */
export function parseHtml(source: string): FormatNode[] {
  const root: HtmlFrame = { name: '', kind: 'transparent', attrs: {}, raw: '', children: [] };
  const stack: HtmlFrame[] = [root];
  const top = () => stack[stack.length - 1]!;
  let pos = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) top().children.push(text(decodeEntities(source.slice(textStart, end))));
  };

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const match = TAG.exec(source);
    if (!match) {
      pos = lt + 1;
      continue;
    }
    const [raw, slash, rawName, rawAttrs] = match;
    const name = rawName!.toLowerCase();
    const kind = HTML_STYLES[name];
    const attrs = parseAttributes(rawAttrs ?? '');
    const end = lt + raw.length;
    // Code and pre hold text: only their own closing tag (or a <code> inside <pre>) is markup there.
    const literalContext = top().kind === 'code' || (top().kind === 'pre' && !(name === 'code' && !slash));
    let handled = false;
    if (slash) {
      if (stack.length > 1 && top().name === name) {
        flushText(lt);
        const frame = stack.pop()!;
        top().children.push(...closeHtml(frame));
        handled = true;
      }
    } else if (kind && !literalContext && (kind !== 'span' || /(^|\s)tg-spoiler(\s|$)/.test(attrs.class ?? ''))) {
      flushText(lt);
      stack.push({ name, kind, attrs, raw, children: [] });
      handled = true;
    }
    if (handled) textStart = end;
    // Anything else stays in the text run and is decoded with it.
    pos = end;
  }
  flushText(source.length);

  // Tags left open are shown as typed, their contents kept in place.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    top().children.push(text(frame.raw), ...frame.children);
  }
  return normalize(root.children);
}

// ---------------------------------------------------------------------------------------------
// Legacy Markdown: *bold*, _italic_, `code`, ```pre```, [text](url); no nesting.

function preBlock(body: string): FormatNode {
  const lang = /^([a-zA-Z0-9_+#-]{1,40})\n/.exec(body);
  if (lang) return { type: 'pre', text: body.slice(lang[0].length), language: lang[1] };
  return { type: 'pre', text: body.replace(/^\n/, '') };
}

export function parseMarkdown(source: string): FormatNode[] {
  const out: FormatNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push(text(buffer));
    buffer = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length && '_*`['.includes(source[i + 1]!)) {
      buffer += source[i + 1];
      i += 2;
      continue;
    }
    if (source.startsWith('```', i)) {
      const close = source.indexOf('```', i + 3);
      if (close !== -1) {
        flush();
        out.push(preBlock(source.slice(i + 3, close)));
        i = close + 3;
        continue;
      }
    }
    if (ch === '`') {
      const close = source.indexOf('`', i + 1);
      if (close !== -1) {
        flush();
        out.push({ type: 'code', text: source.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
    }
    if (ch === '*' || ch === '_') {
      const close = source.indexOf(ch, i + 1);
      if (close > i + 1) {
        flush();
        out.push({ type: ch === '*' ? 'bold' : 'italic', children: [text(source.slice(i + 1, close))] });
        i = close + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = /^\[([^\]]*)\]\(([^)\s]*)\)/.exec(source.slice(i));
      if (link) {
        flush();
        const href = safeHref(link[2]!);
        out.push(href ? { type: 'link', href, children: [text(link[1]!)] } : text(link[1]!));
        i += link[0].length;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return normalize(out);
}

// ---------------------------------------------------------------------------------------------
// MarkdownV2: nesting, backslash escapes, __underline__, ~strike~, ||spoiler||, >quotes.

const V2_MARKERS: Array<[string, StyleType]> = [
  ['__', 'underline'],
  ['||', 'spoiler'],
  ['*', 'bold'],
  ['_', 'italic'],
  ['~', 'strike'],
];

/** Deeper nesting than any real message: further markers are text (and the stack stays small). */
const MAX_DEPTH = 24;

interface V2Result {
  nodes: FormatNode[];
  pos: number;
  closed: boolean;
}

/** Reads a `...` or ```...``` span's body, where only \` and \\ are escapes. */
function readCode(source: string, from: number, fence: string): { body: string; end: number } | null {
  let body = '';
  let i = from;
  while (i < source.length) {
    if (source[i] === '\\' && (source[i + 1] === '`' || source[i + 1] === '\\')) {
      body += source[i + 1];
      i += 2;
      continue;
    }
    if (source.startsWith(fence, i)) return { body, end: i + fence.length };
    body += source[i];
    i += 1;
  }
  return null;
}

function readLinkTarget(source: string, from: number): { url: string; end: number } | null {
  if (source[from] !== '(') return null;
  let url = '';
  let i = from + 1;
  while (i < source.length) {
    if (source[i] === '\\' && (source[i + 1] === ')' || source[i + 1] === '\\')) {
      url += source[i + 1];
      i += 2;
      continue;
    }
    if (source[i] === ')') return { url, end: i + 1 };
    url += source[i];
    i += 1;
  }
  return null;
}

const atLineStart = (source: string, i: number) => i === 0 || source[i - 1] === '\n';

function parseV2(source: string, start: number, closers: string[], end = source.length): V2Result {
  const nodes: FormatNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push(text(buffer));
    buffer = '';
  };
  let i = start;
  while (i < end) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < end) {
      buffer += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const fence = source.startsWith('```', i) ? '```' : '`';
      const code = readCode(source, i + fence.length, fence);
      if (code && code.end <= end) {
        flush();
        nodes.push(fence === '```' ? preBlock(code.body) : { type: 'code', text: code.body });
        i = code.end;
        continue;
      }
    }
    // Quotes are whole lines, and only outside other formatting.
    if (closers.length === 0 && (ch === '>' || source.startsWith('**>', i)) && atLineStart(source, i)) {
      const quote = readQuote(source, i, end);
      flush();
      nodes.push(quote.node);
      i = quote.end;
      continue;
    }
    if (ch === '[' && closers.length < MAX_DEPTH) {
      const label = parseV2(source, i + 1, [...closers, ']'], end);
      const target = label.closed ? readLinkTarget(source, label.pos) : null;
      flush();
      if (target) {
        const href = safeHref(target.url);
        if (href) nodes.push({ type: 'link', href, children: label.nodes });
        else nodes.push(...label.nodes);
        i = target.end;
      } else {
        // Not a link: the bracket and what followed it are text. Carrying on from where the label
        // stopped (rather than reading it again) keeps a run of '[' linear.
        nodes.push(text('['), ...label.nodes, ...(label.closed ? [text(']')] : []));
        i = label.pos;
      }
      continue;
    }
    if (ch === ']' && closers.includes(']')) {
      if (closers[closers.length - 1] === ']') {
        flush();
        return { nodes: normalize(nodes), pos: i + 1, closed: true };
      }
      flush();
      return { nodes: normalize(nodes), pos: i, closed: false };
    }
    const marker = V2_MARKERS.find(([m]) => source.startsWith(m, i));
    if (marker && (closers.length < MAX_DEPTH || closers.includes(marker[0]))) {
      const [m, style] = marker;
      if (closers[closers.length - 1] === m) {
        flush();
        return { nodes: normalize(nodes), pos: i + m.length, closed: true };
      }
      if (closers.includes(m)) {
        // It closes something further out: this level was never closed.
        flush();
        return { nodes: normalize(nodes), pos: i, closed: false };
      }
      const inner = parseV2(source, i + m.length, [...closers, m], end);
      flush();
      if (inner.closed) nodes.push({ type: style, children: inner.nodes });
      else nodes.push(text(m), ...inner.nodes);
      i = inner.pos;
      continue;
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return { nodes: normalize(nodes), pos: i, closed: false };
}

/** Consecutive lines starting with '>' (or '**>' for an expandable quote) form one quote. */
function readQuote(source: string, from: number, end: number): { node: FormatNode; end: number } {
  const expandable = source.startsWith('**>', from);
  const lines: string[] = [];
  let i = from;
  let stop = from;
  while (i < end && (source[i] === '>' || (i === from && expandable))) {
    const newline = source.indexOf('\n', i);
    stop = newline === -1 || newline > end ? end : newline;
    lines.push(source.slice(i + (i === from && expandable ? 3 : 1), stop));
    if (stop === end) break;
    i = stop + 1;
  }
  let body = lines.join('\n');
  if (expandable) body = body.replace(/\|\|$/, '');
  const inner = parseV2(body, 0, ['>'], body.length);
  // The newline that ends the quote stays outside it (see dropBreakAfterBlocks).
  return { node: { type: 'blockquote', children: inner.nodes, ...(expandable ? { expandable: true } : {}) }, end: stop };
}

export function parseMarkdownV2(source: string): FormatNode[] {
  return parseV2(source, 0, []).nodes;
}

// ---------------------------------------------------------------------------------------------
// Message entities (UTF-16 offsets, like JavaScript strings).

interface Entity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

function readEntities(raw: ReadonlyArray<Record<string, unknown>>, length: number): Entity[] {
  const out: Entity[] = [];
  for (const e of raw) {
    const { type, offset, length: size } = e;
    if (typeof type !== 'string' || !Number.isInteger(offset) || !Number.isInteger(size)) continue;
    const start = offset as number;
    const span = size as number;
    if (start < 0 || span <= 0 || start + span > length) continue;
    out.push({
      type,
      offset: start,
      length: span,
      ...(typeof e.url === 'string' ? { url: e.url } : {}),
      ...(typeof e.language === 'string' ? { language: e.language } : {}),
    });
  }
  // Outer before inner: by start, then the longer first.
  return out.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

function entityNode(source: string, entity: Entity, children: FormatNode[]): FormatNode[] {
  const body = source.slice(entity.offset, entity.offset + entity.length);
  switch (entity.type) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'spoiler':
      return [{ type: entity.type, children }];
    case 'strikethrough':
      return [{ type: 'strike', children }];
    case 'blockquote':
      return [{ type: 'blockquote', children }];
    case 'expandable_blockquote':
      return [{ type: 'blockquote', children, expandable: true }];
    case 'code':
      return [{ type: 'code', text: body }];
    case 'pre':
      return [{ type: 'pre', text: body, ...(entity.language ? { language: entity.language } : {}) }];
    case 'text_link': {
      const href = safeHref(entity.url ?? '');
      return href ? [{ type: 'link', href, children }] : children;
    }
    case 'url': {
      const href = safeHref(/^[a-z][a-z0-9+.-]*:/i.test(body) ? body : `https://${body}`);
      return href ? [{ type: 'link', href, children }] : children;
    }
    case 'bot_command':
      return [{ type: 'command', command: body }];
    default:
      // mention, hashtag, email, custom_emoji...: shown as their text.
      return children;
  }
}

function buildEntities(source: string, entities: Entity[], from: number, to: number): FormatNode[] {
  const out: FormatNode[] = [];
  let pos = from;
  let i = 0;
  while (i < entities.length) {
    const entity = entities[i]!;
    if (entity.offset < pos) {
      // Overlaps one already placed: Telegram never sends these; drop it rather than guess.
      i += 1;
      continue;
    }
    const stop = entity.offset + entity.length;
    const inner: Entity[] = [];
    let j = i + 1;
    while (j < entities.length && entities[j]!.offset < stop) {
      if (entities[j]!.offset + entities[j]!.length <= stop) inner.push(entities[j]!);
      j += 1;
    }
    out.push(text(source.slice(pos, entity.offset)));
    out.push(...entityNode(source, entity, buildEntities(source, inner, entity.offset, stop)));
    pos = stop;
    i = j;
  }
  out.push(text(source.slice(pos, to)));
  return normalize(out);
}

export function parseEntities(source: string, entities: ReadonlyArray<Record<string, unknown>>): FormatNode[] {
  return buildEntities(source, readEntities(entities, source.length), 0, source.length);
}

// ---------------------------------------------------------------------------------------------
// Links and /commands in plain text, as Telegram's apps find them.

const AUTO = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]}'])|(^|[\s(])(\/[a-zA-Z0-9_]{1,32}(?:@[a-zA-Z0-9_]{3,32})?)(?=$|[\s.,;:!?)])/g;

function linkifyText(value: string): FormatNode[] {
  const out: FormatNode[] = [];
  let pos = 0;
  for (const match of value.matchAll(AUTO)) {
    const index = match.index;
    if (match[1]) {
      const href = safeHref(match[1]);
      if (!href) continue;
      out.push(text(value.slice(pos, index)), { type: 'link', href, children: [text(match[1])] });
      pos = index + match[1].length;
    } else if (match[3]) {
      const start = index + (match[2]?.length ?? 0);
      out.push(text(value.slice(pos, start)), { type: 'command', command: match[3] });
      pos = start + match[3].length;
    }
  }
  out.push(text(value.slice(pos)));
  return normalize(out);
}

/** Finds links and /commands in text nodes (not inside code, pre or an existing link). */
export function linkify(nodes: FormatNode[]): FormatNode[] {
  const out: FormatNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(...linkifyText(node.text));
    else if (node.type === 'link' || node.type === 'code' || node.type === 'pre' || node.type === 'command') out.push(node);
    else out.push({ ...node, children: linkify(node.children) });
  }
  return normalize(out);
}

/**
 * Quotes and code blocks are blocks on screen: the newline a bot writes after one would show as an
 * empty line, which Telegram's apps do not show.
 */
export function dropBreakAfterBlocks(nodes: FormatNode[]): FormatNode[] {
  const out: FormatNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'text' && (last?.type === 'blockquote' || last?.type === 'pre') && node.text.startsWith('\n')) {
      if (node.text.length > 1) out.push(text(node.text.slice(1)));
    } else if ('children' in node) out.push({ ...node, children: dropBreakAfterBlocks(node.children) });
    else out.push(node);
  }
  return out;
}

/**
 * The message's text as a tree. With `entities` (even none) the text is plain, as Telegram stores
 * a sent message (parse_mode already applied); otherwise `parseMode` reads the markup in it.
 */
export function formatMessage(
  source: string,
  options: { parseMode?: ParseMode; entities?: ReadonlyArray<Record<string, unknown>> } = {},
): FormatNode[] {
  let nodes: FormatNode[];
  if (options.entities) nodes = parseEntities(source, options.entities);
  else if (options.parseMode === 'HTML') nodes = parseHtml(source);
  else if (options.parseMode === 'Markdown') nodes = parseMarkdown(source);
  else if (options.parseMode === 'MarkdownV2') nodes = parseMarkdownV2(source);
  else nodes = source ? [text(source)] : [];
  return linkify(dropBreakAfterBlocks(nodes));
}
