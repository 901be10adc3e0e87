// How an assistant message is shown: its text as text, never HTML, with fenced code
// blocks as code under their file name. The fences and each block's name are read by
// shared/code-blocks.ts, the server's own reader, so the chat names files as the server saves them.
// A ```bot-plan <file> block is the plan card of that file; its lines are what shows without one. A
// ```bot-checks <file> block is what the server's checks of the file did in the test chat, folded.
import { checksFenceFile, fencedParts, fileBlockOf, planFenceFile, stripControlChars } from '../../../shared/code-blocks';

export type Segment =
  | { kind: 'text'; text: string }
  /** filename is null for blocks that are commands or output (```bash), which never become files. */
  | { kind: 'code'; filename: string | null; language: string; code: string }
  /** filename is '' when the fence named no (safe) file; lines are the rules in words, non-empty. */
  | { kind: 'plan'; filename: string; lines: string[] }
  /** The plan checks run in the test chat (a ```bot-checks block): each check's line and its exchange. */
  | { kind: 'checks'; filename: string; lines: string[] };

export function messageSegments(content: string): Segment[] {
  const segments: Segment[] = [];
  let prose: string[] = [];
  const flushProse = () => {
    const text = prose.join('\n').trim();
    if (text) segments.push({ kind: 'text', text });
    prose = [];
  };
  for (const part of fencedParts(stripControlChars(content))) {
    if (part.kind === 'prose') {
      prose.push(part.line);
      continue;
    }
    flushProse();
    segments.push(fenceSegment(part.info, part.lines));
  }
  flushProse();
  return segments;
}

function fenceSegment(info: string, lines: string[]): Segment {
  const planOf = planFenceFile(info);
  if (planOf !== null) return { kind: 'plan', filename: planOf, lines: lines.map((l) => l.trim().replace(/^[-*•]\s+/, '')).filter(Boolean) };
  const checksOf = checksFenceFile(info);
  if (checksOf !== null) return { kind: 'checks', filename: checksOf, lines: lines.filter((l) => l.trim()) };
  const block = fileBlockOf({ info, lines });
  if (block) return { kind: 'code', filename: block.filename, language: block.language, code: block.code };
  return { kind: 'code', filename: null, language: info.split(/\s+/)[0] ?? '', code: lines.join('\n') };
}

// A light reading of the prose: headings, bullet and numbered lists, `code` and **bold** inline.

export type TextBlock = { kind: 'paragraph' | 'heading' | 'bullets' | 'numbers'; lines: string[] };
export type Inline = { kind: 'text' | 'code' | 'bold'; text: string };

const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const push = (kind: TextBlock['kind'], line: string) => {
    const last = blocks.at(-1);
    if (last && last.kind === kind && kind !== 'heading') last.lines.push(line);
    else blocks.push({ kind, lines: [line] });
  };
  let breakParagraph = true;
  for (const line of text.split('\n')) {
    let m: RegExpExecArray | null;
    if (!line.trim()) {
      breakParagraph = true;
      blocks.push({ kind: 'paragraph', lines: [] });
      continue;
    }
    if ((m = HEADING.exec(line))) push('heading', m[1]!);
    else if ((m = BULLET.exec(line))) push('bullets', m[1]!);
    else if ((m = NUMBERED.exec(line))) push('numbers', m[1]!);
    else if (!breakParagraph && blocks.at(-1)?.kind === 'paragraph') blocks.at(-1)!.lines.push(line);
    else blocks.push({ kind: 'paragraph', lines: [line] });
    breakParagraph = false;
  }
  return blocks.filter((b) => b.lines.length > 0);
}

const INLINE = /(`[^`\n]+`|\*\*[^*\n]+\*\*)/g;

export function inlineTokens(line: string): Inline[] {
  const tokens: Inline[] = [];
  for (const part of line.split(INLINE)) {
    if (!part) continue;
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) tokens.push({ kind: 'code', text: part.slice(1, -1) });
    else if (part.length > 4 && part.startsWith('**') && part.endsWith('**')) tokens.push({ kind: 'bold', text: part.slice(2, -2) });
    else tokens.push({ kind: 'text', text: part });
  }
  return tokens;
}
