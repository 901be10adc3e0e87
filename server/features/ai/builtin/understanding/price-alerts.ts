// Price alerts: "tell me when bitcoin drops below 60k", "if XRP goes over $3 post 🚀 ...", "if it
// drops below $2 ..." (the coin named before, in the sentence or the request): a check every five
// minutes with a threshold on the coin's price, posting the person's words (or the price said plainly).
import type { Condition } from '../../../../../shared/bot-plan.schema';
import { type Masked, restore } from './masked';
import { coinsIn } from './prices';
import type { RuleDraft } from './rule-draft';
import { wordsAfter } from './said-words';

/** "tell me when bitcoin drops below 60k", "alert the channel if ETH goes above 4000". */
export function alertRules(sentence: string, m: Masked): RuleDraft[] {
  const plain = restore(sentence, m.quotes);
  // "if XRP goes over $3 post ...", "if it drops below $2 ...": the coin named before, in the sentence or the request.
  const hit = /\b(?:drops?|falls?|goes|gets|is|dips?|rises?|climbs?|jumps?|crosses?|breaks?)\s+(below|under|above|over|past)\s+\$?€?([\d.,]+)\s*(k)?\s*(eur|euros?|€|usd|dollars?|\$|gbp|£)?/i.exec(sentence);
  if (!hit) return [];
  const before = sentence.slice(0, hit.index);
  const coin = coinsIn(before).at(-1) ?? (/\b(?:it|the price)\s*$/i.test(before.trim()) ? coinsIn(m.masked)[0] : undefined);
  if (!coin) return [];
  const value = Number(hit[2]!.replace(/,/g, '')) * (hit[3] ? 1000 : 1);
  const below = /below|under/i.test(hit[1]!);
  const toOwner = /\b(?:tell|message|dm|notify|alert|ping)\s+me\b|\bto me\b/i.test(plain);
  const unit = (hit[4] ?? '').toLowerCase();
  const currency = /eur|€/.test(unit) ? 'eur' : /gbp|£/.test(unit) ? 'gbp' : 'usd';
  const threshold: Condition = { kind: 'threshold', source: { kind: 'price', coin, currency }, ...(below ? { below: value } : { above: value }) };
  // The person's own words for the alert ("... tweet 🚨 BTC under 60k!"), else the price said plainly.
  // "... tweet 🚨 BTC under 60k!", "tweet when ETH goes below 2000 $: ETH under $2000": after a verb, or after a colon.
  // Read on the masked sentence: a quote before or after the price keeps every position where it is.
  const tail = sentence.slice(hit.index + hit[0].length);
  const says = /\b(?:post|posts|tweet|tweets|say|says|send|sends|write|writes)\b(?:\s+(?:in|to)\s+#([\w-]+))?\s*:?\s*/i.exec(tail) ?? /^\s*(?::|→|->)\s*/.exec(tail);
  const channel = says?.[1];
  const own = says ? wordsAfter(sentence, hit.index + hit[0].length + says.index + says[0].length, m) : null;
  const cleaned = own?.replace(/^(?:to|in) (?:the|our) (?:group|channel|chat)\s*(?:just |only )?(?:once)?\s*:?\s*/i, '').replace(/\s*[—–-]?\s*\(?\s*(?:just once|only once|once only|once)\b.*$/i, '').trim();
  const text = cleaned && !/^(?:me|us|it|a |an |the )/i.test(cleaned) ? cleaned : `${coin[0]!.toUpperCase()}${coin.slice(1)} is ${below ? 'below' : 'above'} ${value.toLocaleString('en')}: {value} ${currency.toUpperCase()}`;
  return [{
    id: `${coin}-alert`,
    when: { kind: 'schedule', everyMinutes: 5, times: [], weekdays: [], offsetMinutes: 0 },
    if: [threshold],
    do: [{ kind: 'post', to: toOwner ? 'owner' : 'channel', text }],
    ...(channel && !toOwner ? { channel } : {}),
    source: plain.trim(),
  }];
}
