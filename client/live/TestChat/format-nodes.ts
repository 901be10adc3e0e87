// The tree a formatted Telegram message is read into (format-entities.ts), and its helpers. React renders it as elements (FormattedText).

export type FormatNode =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'underline' | 'strike' | 'spoiler'; children: FormatNode[] }
  | { type: 'blockquote'; children: FormatNode[]; expandable?: boolean }
  | { type: 'code'; text: string; language?: string }
  | { type: 'pre'; text: string; language?: string }
  | { type: 'link'; href: string; children: FormatNode[] }
  /** A /command in the text: Telegram lets you tap it to send it. */
  | { type: 'command'; command: string };

export type StyleType = 'bold' | 'italic' | 'underline' | 'strike' | 'spoiler';

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
export function normalize(nodes: FormatNode[]): FormatNode[] {
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

export const text = (value: string): FormatNode => ({ type: 'text', text: value });
