// Members joining and leaving: "when someone new joins: Hi {name}! ...", "welcome anyone new with hey
// {name}", "new people joining the workspace get a DM: ...", "someone leaves → post in #general: NAME
// left the pack", "greeted with a random one of: A / B / C".
import type { Action } from '../../../../../shared/bot-plan.schema';
import { type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';
import { memberName, saidWordsAt } from './said-words';

/** Who joins: "someone", "new members", and any "new ..." ("New parent joins", "a new diver joins"). */
const MEMBER = '(?:someone|somebody|anyone|people|ppl|(?:a\\s+)?new\\s+[a-z]+|a member|members|they)';
const PLACE = '(?:(?:the|our|this|my)\\s+)?(?:[\\w-]+\\s+){0,2}?(?:group|server|chat|channel|community|discord|workspace|slack|team)';
/** "... get a DM:", "... should receive a message:", "... are greeted": how the words reach them. */
const GETS = '(?:\\s+(?:should\\s+)?(?:get|gets|receive|receives|are greeted|get greeted)(?:\\s+an?\\s+(?:dm|direct message|private message|message|welcome(?: message)?))?)?';
const JOIN_OR_LEAVE = new RegExp(
  `(?:\\bwhen(?:ever)?\\s+|(?<=(?:^|[\\n.!?•*]|\\n\\s*-)\\s*(?:\\d[.)]\\s*)?))${MEMBER}(?:\\s+new)?\\s+(join|joins|joining|leave|leaves|left|enter|enters|arrive|arrives|comes?(?=\\s+in(?:to)?\\s+(?:the\\s+|our\\s+|this\\s+)?(?:group|chat|server|channel|community)\\b))\\b(?:\\s+${PLACE}\\b)?${GETS}` +
    `|\\b(?:new (?:people|members?|ppl|folks|joiners?|users?|students?|persons?|neighbou?rs?|arrivals?|faces|residents?|players?|staff|starters?|hires?|colleagues?|employees?|volunteers?)(?: (joining|leaving)(?:\\s+${PLACE}\\b)?| in\\s+${PLACE}\\b)?${GETS}` +
    `|(?:welcome|greet) (?:ppl|people|anyone new|everyone new|anybody new|new (?:members|people|ppl|folks|joiners|users|students)|newcomers|newbies)|(?:welcome|greet)(?=\\s+(?:in|to)\\s+#))(?=(?:\\s+(?:in|to)\\s+#[\\w-]+)?\\s*(?::|→|->|with\\b|(?<=\\b(?:get|gets|receive|receives))\\s*\\u0001))` +
    // "cuando alguien entra al grupo: ¡Hola NAME!", "cuando alguien se va: Adiós NAME", and the same in the languages requests mix in.
    `|\\b(?:cuando|si|quand|wenn|quando|als)\\s+(?:alguien|alguém|quelqu'un|jemand|qualcuno|iemand)\\s+(entra|se une|llega|rejoint|arrive|beitritt|kommt|entra|binnenkomt|se va|sale|part|quitte|geht|verlässt|esce|sai|vertrekt)\\b(?:\\s+(?:al|a la|en el|au|dans le|in die|in den|nel|no|na)\\s+[^\\s:,]+)?` +
    // "- welcome: Fáilte <name>! ...", "welcome message: ...": a line that is the welcome.
    `|(?<=(?:^|\\n)\\s*(?:[-•*]\\s*|\\d[.)]\\s*)?)(?:welcome|greeting)(?:\\s+(?:message|msg|text))?(?=\\s*(?::|→|->))`,
  'gi',
);
/** "a random one of: A / B / C": the texts a member gets one of. */
const ONE_OF = /^(?:(?:picks?|choose|chooses)\s+)?(?:a\s+)?(?:random(?:ly)?|at random)\s+(?:one\s+)?(?:of|from)\s*:?\s*/i;

/** "when someone new joins: Hi {name}! ...", "new people joining: Bienvenue {name}!", "when someone leaves the group: Bye {name}". */
export function joinRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const hit of m.masked.matchAll(JOIN_OR_LEAVE)) {
    const leaves = /^(?:leave|leaves|left|leaving|se va|sale|part|quitte|geht|verlässt|esce|sai|vertrekt)$/i.test(hit[1] ?? hit[2] ?? hit[3] ?? '');
    // "people joining #new-starters get: Welcome ...": where they join, then what they get.
    const joined = /^\s*(?:the\s+)?#([\w-]{1,80})(?=\s)/.exec(m.masked.slice(hit.index! + hit[0].length));
    const start = hit.index! + hit[0].length + (joined?.[0].length ?? 0);
    const rest = m.masked.slice(start);
    // "→ post in #general: NAME left the pack", "say Bienvenido/a {name}!": the words, and the channel they go to.
    const lead = /^[\s,]*(?:(?:→|->)\s*)?(?:(?:the\s+)?(?:bot\s+)?(?:should\s+)?(?:post|posts|say|says|send|sends|reply|replies|write|writes|greet (?:them|him|her)|welcome (?:them|him|her)|gets?|get sent)\b)?(?:\s+(?:in|to)\s+#([\w-]+))?\s*(?:(?::|→|->|-|with|saying)\s*|(?=\u0001)|(?=(?:picks?\s+|choose\s+)?(?:a\s+)?random(?:ly)?\s+(?:one\s+)?(?:of|from)\b)|(?<=\b(?:say|says|post|posts|send|sends|write|writes))\s*(?=[A-Z{\p{Extended_Pictographic}]))/iu.exec(rest);
    if (!lead) continue;
    const after = rest.slice(lead[0].length);
    const oneOf = ONE_OF.exec(after);
    const texts = oneOf ? oneOfTexts(after.slice(oneOf[0].length), m) : [];
    const text = oneOf ? texts.join(' / ') : saidWordsAt(after, m.quotes);
    // "welcome them with a nice message": no words; a quoted text is the words, however it starts ("A new challenger appears!").
    if (!text || (texts.length < 2 && !/^\s*\u0001\d+\u0002/.test(after) && /^(?:a|an|the|them|him|her|it|nice|something|some)\b/i.test(text))) continue;
    // "post "{name} has left the court 👋" in #mod-log": the channel may follow the quoted words.
    const channel = lead[1] ?? /^\s*\u0001\d+\u0002\s+(?:in|to|into)\s+(?:the\s+)?#([\w-]{1,80})/.exec(after)?.[1];
    const answer: Action = texts.length > 1 ? { kind: 'replyOneOf', texts, order: 'random' } : channel ? { kind: 'post', to: 'channel', text } : { kind: 'reply', text };
    rules.push({
      id: leaves ? 'goodbye' : 'welcome',
      when: { kind: leaves ? 'leave' : 'join' },
      if: joined ? [{ kind: 'chat', name: joined[1]! }] : [],
      do: [answer],
      ...(channel ? { channel } : {}),
      source: restore(m.masked.slice(hit.index!, start + lead[0].length + (oneOf ? oneOf[0].length + restore(text, []).length : text.length)), m.quotes),
    });
  }
  return rules;
}

/** "Welcome NAME, grab a cuppa! / Oh look, NAME has arrived! / Hi NAME": texts split on slashes or lines, up to the sentence's end. */
function oneOfTexts(rest: string, m: Masked): string[] {
  const [first, ...below] = rest.split('\n');
  // "pick random from:" over one quoted text a line.
  if (!first!.trim()) {
    const lines: string[] = [];
    for (const line of below) {
      if (!/^\s*(?:[-•*]\s*)?\u0001\d+\u0002\s*$/.test(line)) break;
      lines.push(memberName(restore(line.replace(/^\s*[-•*]\s*/, ''), m.quotes).trim()));
    }
    return lines;
  }
  const line = first!;
  return line
    .split(/\s+\/\s+|\s*\|\s*/)
    .map((t) => memberName(restore(t, m.quotes).trim().replace(/^["'“]|["'”]$/g, '')))
    .filter((t) => t.length > 0);
}
