// Commands that answer with data, said without an arrow: "!eth shows the current ETH price in USD",
// "/weather gives today's weather in Evesham". The data source, not the words describing it.
import type { Action } from '../../../../../shared/bot-plan.schema';
import { priceAsked, weatherAsked } from './answers';
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

const LEAD = /^\s*(?:<[^>]{1,30}>\s*)?(?:should\s+)?(?:shows?|gives?|posts?|sends?|tells?|says?|returns?|replies with|answers with|→|->|=|:|—|–|-)\s*(?:you\s+|them\s+|us\s+)?/i;

export function commandDataRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split('\n')) {
    const commands = commandsIn(line);
    // "!btc and !eth → current price": commands side by side share their answer.
    const together = commands.length > 1 && commands.slice(1).every((c, i) => /^\s*(?:,|\/|\band\b|\bor\b|&)\s*$/i.test(line.slice(commands[i]!.end, c.at)));
    if (commands.length !== 1 && !together) continue;
    const after = restore(line.slice(commands[commands.length - 1]!.end), m.quotes);
    const lead = LEAD.exec(after);
    if (!lead) continue;
    const words = after.slice(lead[0].length).split(/[.;,(]|\s+(?:and|but)\s+/)[0]!.trim();
    for (const { name } of commands) {
      // "current price" names no coin: the command's name does ("!eth").
      const priced = /\b(?:price|rate|value)\b/i.test(words);
      const price = priced ? (priceAsked(words.replace(/^(?:the\s+)?(?:current|latest|live)\s+/i, '')) ?? (/^(?:the\s+)?(?:current\s+|latest\s+|live\s+)?(?:price|rate)$/i.test(words) ? priceAsked(`${name} price`) : null)) : null;
      const action: Action | null = price ? { kind: 'data', source: { kind: 'price', ...price } } : weatherAsked(words.replace(/^(?:the\s+)?(?:current|latest)\s+/i, ''));
      if (!action) continue;
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [action], source: restore(line, m.quotes).trim() });
    }
  }
  return rules;
}
