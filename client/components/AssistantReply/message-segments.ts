// How an assistant message is shown: its text as text, never HTML, with fenced code
// blocks as code under their file name. The fence grammar matches shared/code-blocks.ts, and each
// block's name comes from parseAssistantReply itself, so the chat names files as the server does.
// A ```bot-plan <file> block is the plan card of that file; its lines are what shows without one. A
// ```bot-checks <file> block is what the server's checks of the file did in the test chat, folded.
import { checksFenceFile, parseAssistantReply, planFenceFile, stripControlChars } from '../../../shared/code-blocks';

export type Segment =
  | { kind: 'text'; text: string }
  /** filename is null for blocks that are commands or output (```bash), which never become files. */
  | { kind: 'code'; filename: string | null; language: string; code: string }
  /** filename is '' when the fence named no (safe) file; lines are the rules in words, non-empty. */
  | { kind: 'plan'; filename: string; lines: string[] }
  /** The plan checks run in the test chat (a ```bot-checks block): each check's line and its exchange. */
  | { kind: 'checks'; filename: string; lines: string[] };

const OPEN_FENCE = /^( *)(`{3,}|~{3,})(.*)$/;

function closes(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && [...trimmed].every((ch) => ch === fence[0]);
}

export function messageSegments(content: string): Segment[] {
  const lines = stripControlChars(content).split('\n');
  const segments: Segment[] = [];
  let prose: string[] = [];
  const flushProse = () => {
    const text = prose.join('\n').trim();
    if (text) segments.push({ kind: 'text', text });
    prose = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const open = OPEN_FENCE.exec(lines[i]!);
    if (!open || (open[2]![0] === '`' && open[3]!.includes('`'))) {
      prose.push(lines[i]!);
      continue;
    }
    flushProse();
    let j = i + 1;
    while (j < lines.length && !closes(lines[j]!, open[2]!)) j++;
    // An unclosed fence (a reply still streaming in) runs to the end, as the parser reads it.
    const planOf = planFenceFile(open[3]!);
    if (planOf !== null) {
      segments.push({ kind: 'plan', filename: planOf, lines: lines.slice(i + 1, j).map((l) => l.trim().replace(/^[-*•]\s+/, '')).filter(Boolean) });
      i = j;
      continue;
    }
    const checksOf = checksFenceFile(open[3]!);
    if (checksOf !== null) {
      segments.push({ kind: 'checks', filename: checksOf, lines: lines.slice(i + 1, j).filter((l) => l.trim()) });
      i = j;
      continue;
    }
    const raw = lines.slice(i, Math.min(j + 1, lines.length)).join('\n');
    const block = parseAssistantReply(raw).blocks[0];
    if (block) {
      segments.push({ kind: 'code', filename: block.filename, language: block.language, code: block.code });
    } else {
      const info = open[3]!.trim().split(/\s+/)[0] ?? '';
      segments.push({ kind: 'code', filename: null, language: info, code: lines.slice(i + 1, j).join('\n') });
    }
    i = j;
  }
  flushProse();
  return segments;
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
