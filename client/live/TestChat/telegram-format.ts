// A Telegram message's formatting read into a small tree that React renders as elements: no HTML
// string ever reaches the page. The server has already applied the bot's parse_mode (HTML,
// Markdown, MarkdownV2) as Telegram does, so a message arrives as plain text plus entities.
import { parseEntities } from './format-entities';
import { normalize, safeHref, text, type FormatNode } from './format-nodes';

export { parseEntities } from './format-entities';
export { safeHref, textOf, type FormatNode } from './format-nodes';

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

/** The message's text as a tree: its entities (bad or unsafe ones ignored), then links and /commands Telegram's apps find. */
export function formatMessage(source: string, entities: ReadonlyArray<Record<string, unknown>> = []): FormatNode[] {
  const nodes = entities.length ? parseEntities(source, entities) : source ? [text(source)] : [];
  return linkify(dropBreakAfterBlocks(nodes));
}
