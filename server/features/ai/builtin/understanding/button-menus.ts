// Menus of buttons with what each press says, written as the person lays them out:
//   "/menu shows 3 buttons: Maki, Nigiri, Bowls
//      Maki → Salmon maki 5.50, Cucumber maki 4.00
//      Nigiri → Salmon 2 pcs 4.20"
// or "when someone writes hola, hi or info show buttons: Classes / Prices / Free trial", then one line
// per button. The menu opens on the command or the words before it; a button without a line of its
// own is a blank.
import type { Trigger } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';
import { askingFor, describesOnly } from './answers';
import { saidWordsAt } from './said-words';
import { listItems } from './stated-replies';
import { type Masked, restore } from './masked';

/** "shows 3 buttons:", "show buttons", "with the buttons", "a menu with buttons", "buttons for", "/start: Buttons ...". */
const BUTTONS = /(?:\b(?:shows?|show(?:ing)?|gives?|opens?|sends?|with|has|display(?:s)?|replies with|answers? with)|→|->|=|\+|:(?=\s+(?:\d+\s+)?(?:inline\s+)?(?:buttons?|boutons?|botones|botões|knöpfe|knoppen)\b))\s+(?:a\s+)?(?:menu\s+(?:with|of)\s+|menu\s+(?=buttons?\b))?(?:the\s+)?(?:\d+|two|three|four|five|six)?\s*(?:inline\s+)?(?:buttons?|options?|choices|boutons?|botones|botón|botões|botão|pulsanti|knöpfe|knoppen)\s*(?:for|like|called|labell?ed|saying)?\s*:?\s*/i;
const COMMAND = /(?:^|[^\w/:.€$£¥%°])([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b/;
const WORDS = /\b(?:if|when(?:ever)?)\s+(?:someone|somebody|anyone|people|ppl|a customer|customers|they|a user|users)?\s*(?:says?|writes?|types?|sends?|messages?)\s+(.+?)\s*(?:,\s*)?(?:→|->|:|\bthen\b|\bthe bot\b|\bit\b|$)/i;

function slug(label: string): string {
  return label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30) || 'button';
}

/**
 * The words of the sentence a menu is shown in, up to its buttons: in a paragraph of rules, the
 * shortest end of the words before the buttons that says what opens the menu ("... replies "Hi".
 * Under /cars show 3 buttons", "... answers "Salam", when they write menu shows"), so the menu is not
 * opened by an earlier rule's command.
 */
function sentenceBefore(text: string, quotes: string[]): string {
  const cuts = [...text.matchAll(/[.!?;]\s+(?=\S)|(?:\u0002|,)\s*,?\s+(?=(?:and\s+)?(?:when(?:ever)?|if|also|then|plus)\b)/gi)].map((c) => c.index! + c[0].length);
  for (const cut of cuts.reverse()) if (opener(text.slice(cut), quotes)) return text.slice(cut);
  return text;
}

/** What opens the menu: the command on its line, the words someone writes, else any first message. */
function opener(before: string, quotes: string[]): Trigger | null {
  const command = COMMAND.exec(before);
  if (command) return { kind: 'command', name: command[2]!.toLowerCase() };
  const words = WORDS.exec(before);
  if (words) {
    const items = listItems(words[1]!, quotes).filter((w) => w.split(/\s+/).length <= 4);
    if (items.length > 0) return { kind: 'keyword', words: items, whole: false };
  }
  if (/\b(?:any|every|first) (?:message|msg)|\bwrites? (?:anything|something)\b|\bmessages? (?:us|the bot)\b/i.test(before)) return { kind: 'message', always: false };
  return null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What each button says: a later line "Label → text" (or "Label: text"), "Label says text" further on,
 * "each button gives the link: a, b, c" (one each, in order), or "when they press one: text" (all alike).
 */
function buttonWords(labels: string[], lines: string[], at: number, after: string, m: Masked): Map<string, string> {
  const said = new Map<string, string>();
  for (const next of lines.slice(at + 1, at + 1 + labels.length + 3)) {
    const hit = /^\s*(?:[-•*]\s*)?(.+?)\s*(?:→|->|=>|:)\s*(.+)$/.exec(restore(next, m.quotes));
    const label = hit && labels.find((l) => l.toLowerCase() === hit[1]!.toLowerCase().replace(/^["']|["']$/g, ''));
    if (label) said.set(label, hit[2]!.trim());
  }
  const later = [after, ...lines.slice(at + 1)].join('\n');
  for (const label of labels.filter((l) => !said.has(l))) {
    const hit = new RegExp(`(?:^|[\\s.,;])${escape(label)}(?:\\s+button)?(?:\\s+(?:should|will|must|would))?\\s*(?:says?|gives?|shows?|→|->|=|:(?=\\s))\\s*:?\\s*`, 'i').exec(later);
    // "Prices says X. Areas says Y": a button's words end where another button's begin.
    const others = labels.filter((l) => l !== label).map(escape).join('|');
    const own = hit ? later.slice(hit.index + hit[0].length).split(new RegExp(`(?<=[.!?])\\s+(?=(?:${others})\\b)`, 'i'))[0]! : '';
    const words = hit ? saidWordsAt(own, m.quotes) : null;
    // "Pedicure = still working out the price": no words yet, a blank.
    const text = words && describesOnly(words) ? null : words;
    if (text) said.set(label, text);
    // "Book: ask name, Ali or Jonas, and what time they want, then send me that": the press asks.
    if (text && askingFor(text)) said.set(`${ASKS}${label}`, text);
  }
  if (said.size > 0) return said;
  const each = /\beach (?:button|one|option)\s+(?:gives|says|shows|sends|opens|replies)\b[^:\n]*:\s*([^\n]+)/i.exec(later);
  const items = each ? restore(each[1]!.split(/\.\s/)[0]!, m.quotes).replace(/[.]\s*$/, '').split(/\s*,\s*/) : [];
  // "site.com/book/vault, /book/tomb": the later paths are on the first one's site.
  const site = /^(\S+?\.[a-z]{2,})\//i.exec(items[0]?.trim() ?? '')?.[1];
  if (items.length === labels.length) labels.forEach((label, i) => said.set(label, site && items[i]!.trim().startsWith('/') ? `${site}${items[i]!.trim()}` : items[i]!.trim()));
  // "when one is pressed the bot posts in #production: New job marked as Urgent by {name}": each button
  // says it with its own label where the example's label is.
  const any =
    /\b(?:when (?:they|someone|people|somebody|anyone) (?:press|tap|click|pick|choose)(?:e?s)? (?:one|any(?: of them)?|a button)|when (?:one|a button|any(?: of them)?) is (?:pressed|tapped|clicked|picked|chosen)|any button)\s*,?\s*(?:(?:the bot|it)\s+)?(?:(?:posts?|says?|replies|answers?)(?:\s+(?:in|to)\s+#([\w-]+))?)?\s*(?::|→|->|,)?\s*/i.exec(later);
  const text = any ? saidWordsAt(later.slice(any.index + any[0].length), m.quotes) : null;
  const example = text ? labels.find((l) => new RegExp(`\\b${escape(l)}\\b`, 'i').test(text)) : undefined;
  // "... says "{name} is playing {role} this clash"": a place of the person's own naming is the label pressed.
  const own = /\{(?!(?:name|count|list|args|text|value|top|item)\})(\w{2,20})\}/g;
  if (text && said.size === 0) labels.forEach((label) => said.set(label, example ? text.replace(new RegExp(`\\b${escape(example)}\\b`, 'i'), label) : text.replace(own, label)));
  if (any?.[1]) said.set(CHANNEL, any[1]);
  return said;
}

/** The key under which buttonWords gives the channel the presses post in, if any. */
const CHANNEL = '\u0000channel';
/** The key prefix under which buttonWords marks a press that asks its questions. */
const ASKS = '\u0000asks:';

/** The labels of the lines right after a menu's line, each "Label → what it says" (or "Label: ..."). */
function labelsOnLinesAfter(lines: string[], at: number, m: Masked): string[] {
  const labels: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const label = /^\s*(?:[-•*]\s*)?([^→:\n]{1,40}?)\s*(?:→|->|:)\s*\S/.exec(line)?.[1];
    if (!label || label.split(/\s+/).length > 4 || /^(?:[/!]|\d+[.)]|when|if|every|also)\b/i.test(label.trim())) break;
    labels.push(restore(label, m.quotes).trim());
  }
  return labels;
}

/** The menus of a request: the rule that shows the buttons and one rule per press. */
export function buttonMenuRules(m: Masked): RuleDraft[] {
  const lines = m.masked.split('\n');
  const rules: RuleDraft[] = [];
  lines.forEach((line, at) => {
    const shown = BUTTONS.exec(line);
    if (!shown) return;
    // The menu opens on the words before it, or on those said of it later ("show the menu when someone says hi").
    const later = /\b(?:show|send|open)s?\s+(?:the|this|our)\s+menu\s+(when\b.*)$/im.exec(m.masked.slice(m.masked.indexOf(line)));
    const before = sentenceBefore(line.slice(0, shown.index), m.quotes);
    const when = opener(before, m.quotes) ?? (later ? opener(later[1]!, m.quotes) : null);
    if (!when) return;
    // "shows three buttons, one for each room: A, B and C": the labels follow the colon.
    const lead = /^,?\s*(?:(?:one )?(?:for|per) each [\w ]{1,30}|each for [\w ]{1,30})\s*:\s*/i.exec(line.slice(shown.index + shown[0].length));
    const start = shown.index + shown[0].length + (lead ? lead[0].length : 0);
    // The labels end at the sentence, at "then/when/if", or at a colon spaced the French way ("Enfant" : Adulte = ...).
    // "buttons Hawk, Falcon, Owl: Hawk → ...", "buttons Kunafa, Baklava, Booza where Kunafa says ...": the words of each press follow.
    const rest = line.slice(start).split(/[.;]\s|\s(?:and )?(?:then|when|if|where)\b|\s*:\s/)[0]!;
    // "with buttons 'Preise' 'Öffnungszeiten' 'Wo?'": quotes side by side are labels of their own.
    const inLine = rest
      .replace(/\u0002\s+(?=\u0001)/g, '\u0002,')
      .split(/\s*(?:,|\/|\||(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])and(?![\p{L}\p{N}]))\s*/iu)
      .map((l) => restore(l, m.quotes).trim().replace(/[.!]$/, ''))
      .filter((l) => l.length > 0 && l.length <= 40 && l.split(/\s+/).length <= 4);
    // "→ Servus! Was brauchen Sie? with 3 buttons" and then one line per button ("  Preise → ..."): the labels lead those lines.
    const labels = inLine.length >= 2 || rest.trim() !== '' ? inLine : labelsOnLinesAfter(lines, at, m);
    if (labels.length < 2) return;
    const said = buttonWords(labels, lines, at, line.slice(start + rest.length), m);
    // "/rooms says Pick a room 🔍 and shows three buttons", "/start → Hey 👋 welcome! + 3 buttons": the words over the buttons.
    const command = COMMAND.exec(before);
    // "hi / hello → Hi! How can we help? 🧽 with buttons: ...": the words after the arrow.
    const arrow = /(?:→|->|=>)(?!.*(?:→|->|=>))/.exec(before);
    const from = command ? command.index + command[0].length : arrow ? arrow.index : -1;
    const over = from >= 0 ? before.slice(from).replace(/^\s*(?:→|->|:|=|says?|replies|answers?|with)\s*:?\s*/i, '').replace(/\s*(?:,|and|then|\+)?\s*$/i, '') : '';
    const prompt = /^[A-Z\p{Extended_Pictographic}\u0001]/u.test(over) ? restore(over, m.quotes).trim() : 'Pick one:';
    const ids = labels.map((l) => slug(l));
    const source = restore(line, m.quotes).trim();
    rules.push({ id: when.kind === 'command' ? when.name : 'menu', when, if: [], do: [{ kind: 'buttons', text: prompt, buttons: labels.map((label, i) => ({ id: ids[i]!, label })) }], source });
    const channel = said.get(CHANNEL);
    labels.forEach((label, i) =>
      rules.push({
        id: ids[i]!,
        when: { kind: 'button', id: ids[i]! },
        if: [],
        do: [said.has(`${ASKS}${label}`) ? askingFor(said.get(label)!)! : channel ? { kind: 'post', to: 'channel', text: said.get(label) ?? null } : { kind: 'reply', text: said.get(label) ?? null }],
        ...(channel ? { channel } : {}),
        source: said.has(label) ? `${label} → ${said.get(label)}` : source,
      }),
    );
  });
  return rules;
}
