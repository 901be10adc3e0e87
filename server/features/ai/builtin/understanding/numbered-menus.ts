// Menus of numbered choices, as WhatsApp businesses write them: "when ppl say hi, hello or menu send a
// menu: 1 Opening times 2 Prices 3 Book a service", then one line per number ("1 = Mon-Fri 9-18",
// "3 = ask their name, what bike, and what day, then send it to me"). The menu is the words someone
// writes; each number, written alone, is answered with its line (or asks its questions).
import type { Action, Trigger } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';
import { askingFor } from './answers';
import { saidWordsAt } from './said-words';
import { listItems } from './stated-replies';
import { type Masked, restore } from './masked';

const MENU = /\b(?:send|sends|show|shows|reply with|answer with)\s+(?:a|the|this|our)?\s*(?:numbered\s+)?menu\s*:?\s*((?:\d{1,2}[.)]?\s+[^\d\n]+?){2,9})\s*$/im;
const OPENER = /\b(?:if|when(?:ever)?)\s+(?:someone|somebody|anyone|people|ppl|a customer|customers|they)?\s*(?:says?|writes?|types?|sends?|messages?)\s+(.+?)\s*(?:,\s*)?$/i;

/** The numbered menus of a request: the menu itself, then a rule per number with its line. */
export function numberedMenuRules(m: Masked): RuleDraft[] {
  const hit = MENU.exec(m.masked);
  if (!hit) return [];
  const lineStart = m.masked.lastIndexOf('\n', hit.index) + 1;
  const opener = OPENER.exec(m.masked.slice(lineStart, hit.index));
  const words = opener ? listItems(opener[1]!, m.quotes).filter((w) => w.split(/\s+/).length <= 3) : [];
  const when: Trigger = words.length > 0 ? { kind: 'keyword', words, whole: false } : { kind: 'message', always: false };
  const choices = [...hit[1]!.matchAll(/(\d{1,2})[.)]?\s+([^\d\n]+?)(?=\s+\d{1,2}[.)]?\s|\s*$)/g)].map((c) => ({ n: c[1]!, label: restore(c[2]!.trim(), m.quotes) }));
  if (choices.length < 2) return [];
  const rules: RuleDraft[] = [{ id: 'menu', when, if: [], do: [{ kind: 'reply', text: choices.map((c) => `${c.n} ${c.label}`).join('\n') }], source: restore(hit[0], m.quotes).trim() }];
  for (const c of choices) {
    const line = new RegExp(`^\\s*${c.n}\\s*(?:=|→|->|:|\\)|-)\\s*(.+)$`, 'm').exec(m.masked.slice(hit.index + hit[0].length));
    const text = line ? saidWordsAt(line[1]!, m.quotes) : null;
    const action: Action = (text && askingFor(text)) || { kind: 'reply', text };
    rules.push({ id: `menu-${c.n}`, when: { kind: 'keyword', words: [c.n], whole: true }, if: [], do: [action], source: line ? `${c.n} = ${restore(line[1]!, m.quotes)}` : `${c.n} ${c.label}` });
  }
  return rules;
}
