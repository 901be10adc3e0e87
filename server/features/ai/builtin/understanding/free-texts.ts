// Texts a request gives without quote marks, recognised by their place and quoted before anything
// else reads the request: "Q: What time do you open? A: 9am", "rules: 1. be nice 2. no spam",
// "a poll asking Pizza or pasta?", "a /hours command that says we open at 9".

import { featuresNamedIn } from './features';
import { isMarker, quoteSpan, quoteText, type Wording } from './wording';

type Span = { from: number; to: number; text: string };

/**
 * Quotes each span (from the last one so earlier offsets stay right); a span that is already a marker
 * stays, and a quote inside a span becomes part of its text ("Q: Do you sell 'gluten free' bread?").
 */
function quoteSpans(w: Wording, spans: Span[]): Wording {
  let out = w;
  for (const s of [...spans].sort((a, b) => b.from - a.from)) {
    if (!s.text || isMarker(s.text)) continue;
    out = quoteSpan(out, s.from, s.to, s.text.replace(/\u0001(\d+)\u0002/g, (_, n: string) => quoteText(w.quotes, n)).trim());
  }
  return out;
}

const QA = /(?:^|(?<=[\s.;!?]))(?:Q|Question)\s*[:)]\s*(.+?)\s*(?:A|Answer)\s*[:)]\s*(.+?)(?=\s*[.;]?\s*(?:\bQ|\bQuestion)\s*[:)]|\s*\n|\s*$)/gi;

/** "Q: What time do you open? A: 9am." -> both texts quoted. */
function questionsAndAnswers(masked: string): Span[] {
  const spans: Span[] = [];
  for (const m of masked.matchAll(QA)) {
    const qFrom = m.index! + m[0].indexOf(m[1]!);
    const aFrom = m.index! + m[0].lastIndexOf(m[2]!);
    spans.push({ from: qFrom, to: qFrom + m[1]!.length, text: m[1]! });
    spans.push({ from: aFrom, to: aFrom + m[2]!.length, text: m[2]!.replace(/\s*[.]$/, '') });
  }
  return spans;
}

const RULES_START = /\brules?\b(?:\s+command)?\s*(?:(?:with|are|is|say|says|saying|like|as follows)\s*)?:\s*|\brules?\s+command\s+(?:with|that says|saying)\s+(?=1[.)])/gi;

/** "rules: 1. be nice 2. no spam" (a numbered list) or "rules: be kind, no ads" (up to the sentence end). */
function rulesList(masked: string): Span[] {
  const spans: Span[] = [];
  for (const m of masked.matchAll(RULES_START)) {
    const from = m.index! + m[0].length;
    const rest = masked.slice(from);
    if (/^\s*\u0001\d+\u0002/.test(rest)) continue;
    let to: number;
    if (/^1[.)]\s/.test(rest)) {
      let n = 2;
      let at = 0;
      for (let next = rest.indexOf(`${n}.`, at); next > 0 && /\s/.test(rest[next - 1]!); next = rest.indexOf(`${n}.`, at)) {
        at = next + 2;
        n++;
      }
      const end = /[!?;\n]|\.(?:\s|$)/.exec(rest.slice(at));
      to = end ? at + end.index : rest.length;
    } else {
      const end = /[.!?;](?:\s|$)|\n/.exec(rest);
      to = end ? end.index : rest.length;
    }
    const text = rest.slice(0, to).trim();
    if (text.length >= 3) spans.push({ from, to: from + rest.slice(0, to).trimEnd().length, text });
  }
  return spans;
}

const POLL_QUESTION = /\bpoll\s*(?:asking|that asks|which asks|with the question|question|:)\s*:?\s*(?!\u0001)([^?.;!\n\u0001]{3,150}?\?|[^?.;!\n\u0001]{3,150}?(?=,?\s+with\s+(?:the\s+)?(?:options|choices|answers)|\s*[.;!\n]|$))/gi;

/** "a poll asking Pizza or pasta?" -> the question quoted. */
function pollQuestion(masked: string): Span[] {
  return [...masked.matchAll(POLL_QUESTION)].map((m) => {
    const from = m.index! + m[0].length - m[1]!.length;
    return { from, to: from + m[1]!.length, text: m[1]! };
  });
}

const COMMAND_SAYS =
  /(?:^|[^\w/])[/!][A-Za-z]\w{0,31}(?:\s+command)?\s*,?\s*(?:that|which|to)?\s*(?:says|replies|answers|responds|returns)(?:\s+with)?\s*:?\s*(?![\u0001\s])/gi;
const REPLY_END = /[.;!?\n](?:\s|$)|\s+and\s+(?:a|an|the|also)?\s*(?:[/!]\w|command)|,\s+(?:and\s+)?(?:a|an)\s+[/!]/i;

/** "a /hours command that says we open at 9" -> "we open at 9" quoted, unless it names a behaviour ("says a joke"). */
function commandReplies(masked: string): Span[] {
  const spans: Span[] = [];
  for (const m of masked.matchAll(COMMAND_SAYS)) {
    const from = m.index! + m[0].length;
    const rest = masked.slice(from);
    const end = REPLY_END.exec(rest);
    const text = (end ? rest.slice(0, end.index) : rest).trim();
    if (text.length === 0 || text.includes('\u0001') || featuresNamedIn(text.toLowerCase()).length > 0) continue;
    spans.push({ from, to: from + text.length, text });
  }
  return spans;
}

/** The request with its unquoted texts quoted, so every parser reads them as texts. */
export function quoteFreeTexts(w: Wording): Wording {
  let out = quoteSpans(w, questionsAndAnswers(w.masked));
  out = quoteSpans(out, rulesList(out.masked));
  out = quoteSpans(out, pollQuestion(out.masked));
  return quoteSpans(out, commandReplies(out.masked));
}
