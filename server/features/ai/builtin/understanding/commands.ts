// Commands the request names: "/joke" is the jokes behaviour, "a /gag command that tells jokes" gives
// jokes the name gag, and "/hello" with no behaviour is a command whose reply the plan chooses.

import type { CommandReply, Feature } from '../bot-request';
import { featuresNamedIn } from './features';

/** Command names people use for each behaviour. */
const NAME_FEATURES: Array<[RegExp, Feature]> = [
  [/^(?:jokes?|pun|puns|dadjoke|funny|laugh)$/, 'jokes'],
  [/^(?:quotes?|motivation|motivate|inspire|inspiration|wisdom)$/, 'quotes'],
  [/^(?:facts?|funfact|trivia|didyouknow)$/, 'facts'],
  [/^(?:roll|dice|die|flip|coin|coinflip|toss|pick|choose|random|decide|8ball|eightball)$/, 'random'],
  [/^(?:poll|vote|survey)$/, 'polls'],
  [/^(?:remind|reminder|reminders|remindme)$/, 'reminders'],
  [/^(?:weather|forecast|temp|temperature)$/, 'weather'],
  [/^(?:news|headlines|feed|rss)$/, 'news'],
  [/^(?:price|prices|crypto|coin|coins|btc|rate|rates|exchange|convert)$/, 'prices'],
  [/^(?:translate|tr|translation)$/, 'translate'],
  [/^(?:count|counter|score|scores|points|stats|leaderboard|top|rank|karma|xp|level)$/, 'counter'],
  [/^(?:menu|buttons|options)$/, 'menu'],
  [/^(?:rules|rule|guidelines)$/, 'rules'],
  [/^(?:ask|ai|gpt|chat|chatgpt)$/, 'llm'],
  [/^(?:echo|repeat|say)$/, 'echo'],
  [/^(?:faq|faqs|questions)$/, 'keywords'],
  [/^(?:warn|mute|ban|kick|unmute)$/, 'moderation'],
  [/^(?:away|closed)$/, 'away'],
];

const BUILT_IN = new Set(['start', 'help']);
// Not a unit after a number ("5:00 /km", "30 km/h").
const SLASH = /(?:^|[^\w/:.€$£¥%°])(?<!\d\s)[/!]([A-Za-z][A-Za-z0-9_]{0,31})\b/g;
/** "a joke command", "a command called quote". */
const WORD_COMMAND = /\b(?:a|an|the)\s+([a-z][a-z0-9_]{1,31})\s+command\b|\bcommand\s+(?:called|named)\s+([a-z][a-z0-9_]{1,31})\b/gi;

interface NamedCommand {
  name: string;
  /** Where the name is written, and the clause after it up to the next command or sentence end. */
  at: number;
  after: string;
  before: string;
}

/** Every command the request names, once each, with the text around it. */
function commandsNamedIn(masked: string): NamedCommand[] {
  const found = new Map<string, NamedCommand>();
  const hits = [...masked.matchAll(SLASH)].map((m) => ({ name: m[1]!.toLowerCase(), at: m.index! + m[0].indexOf(m[1]!) - 1 }));
  for (const m of masked.matchAll(WORD_COMMAND)) {
    // Without a slash only a behaviour's name is read as a command ("a joke command", not "a new command").
    const name = (m[1] ?? m[2])!.toLowerCase();
    if (featureOfName(name)) hits.push({ name, at: m.index! + m[0].toLowerCase().indexOf(name, m[0].indexOf(' ')) - 1 });
  }
  for (const { name, at } of hits.sort((a, b) => a.at - b.at)) {
    if (found.has(name)) continue;
    const rest = masked.slice(at + 1 + name.length);
    // Up to the line's end: the next line ("- every thursday 8pm ...") is another rule's.
    const after = rest.split(/[.;!?](?:\s|$)|\n|,|\s+and\s+|[/!][a-z]/i)[0] ?? '';
    const before = masked.slice(0, at).split(/[.;!?](?:\s|$)|\n|,|\band\b/).pop() ?? '';
    found.set(name, { name, at, after, before });
  }
  return [...found.values()];
}

/** The behaviour a command name stands for by itself ("/joke" -> jokes). */
export function featureOfName(name: string): Feature | null {
  return NAME_FEATURES.find(([re]) => re.test(name))?.[1] ?? null;
}

/** The behaviour the words next to a command give it ("/gag ... that tells jokes", "jokes with /gag"). */
function featureAround(c: NamedCommand): Feature | null {
  const after = featuresNamedIn(c.after.toLowerCase()).filter((f) => f !== 'commands');
  if (after.length > 0) return after[0]!;
  if (/\b(?:with|via|on|using|through|under|by typing|by sending|as|types?|sends?|writes?|uses?|enters?)\s+(?:the\s+)?(?:command\s+)?$/i.test(c.before)) {
    const before = featuresNamedIn(c.before.toLowerCase()).filter((f) => f !== 'commands');
    if (before.length > 0) return before[before.length - 1]!;
  }
  return null;
}

export interface CommandsUnderstood {
  /** The behaviours the commands stand for. */
  features: Feature[];
  commandNames: Partial<Record<Feature, string>>;
  /** Named commands with no behaviour and no reply given: the plan writes their reply. */
  withoutReply: CommandReply[];
}

/** What the request's commands mean, given the commands that already have a fixed reply. */
export function understandCommands(masked: string, withReply: CommandReply[]): CommandsUnderstood {
  const features: Feature[] = [];
  const commandNames: Partial<Record<Feature, string>> = {};
  const withoutReply: CommandReply[] = [];
  for (const c of commandsNamedIn(masked)) {
    if (BUILT_IN.has(c.name) || withReply.some((r) => r.name === c.name)) continue;
    // "!ratio <item> - hmm no, skip that one, too complicated": a command taken back.
    const line = masked.slice(masked.lastIndexOf('\n', c.at) + 1).split('\n')[0]!;
    if (/\b(?:skip (?:that|this|it)(?: one)?|never ?mind|forget (?:that|it)|scratch that|leave (?:that|it) out)\b/i.test(line)) continue;
    const feature = featureOfName(c.name) ?? featureAround(c);
    if (feature) {
      features.push(feature);
      if (!(feature in commandNames)) commandNames[feature] = c.name;
    } else {
      withoutReply.push({ name: c.name, reply: '' });
    }
  }
  return { features: [...new Set(features)], commandNames, withoutReply };
}
