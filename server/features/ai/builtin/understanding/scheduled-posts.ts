// Posts made on a schedule, read with their own words: "every wednesday at 17:00 post: Youth night
// tonight 19:00 in the crypt", "mon-fri 6:30 → Morning crew, hard hat + hi-vis", "1h before that post
// in #beat-battle: 1 hour left to submit!", "every monday 9:00 post 📷 This week's theme: <theme> going
// in order through Reflections, Shadows, Red", "once a day post one of these at random: cozy, awkward".
// The time is read only from the words before the post (a time inside the text is the text's), a text
// that only describes the post ("what films are on this week") is a blank, and a schedule without a
// time of day gets one, said as a default.
import type { Action, Trigger } from '../../../../../shared/bot-plan.schema';
import type { TimeOfDay, Weekday } from '../bot-request';
import type { RuleDraft } from './rule-draft';
import { priceAsked, UNFILLED } from './answers';
import { channelOfVerb, dataPostRules } from './data-posts';
import { dayPostRules } from './day-posts';
import { PLACEHOLDER, ROTATION, textsOfList } from './listed-texts';
import { saidWordsAt } from './said-words';
import { timesIn, weekdaysIn } from './times';
import { type Masked, restore } from './masked';

/** The verb that posts, where it goes, and what introduces the words ("post in #fpl:", "tweet", "→"). */
const VERB =
  '(?:(?:the bot |it |bot )?(?:should |will |to )?(?:post|posts|send|sends|tweet|tweets|share|shares|announce|announces|say|says|write|writes|drop|drops|(?:start|starts|run|runs|create|creates|make|makes)(?= an? poll))\\b)(?:\\s+(?:a message|it|the text))?';
const WHERE = '(?:\\s+(?:in|to|into|on|at)\\s+(?:#[\\w-]+|(?:the |our )?[\\w-]+ (?:channel|group|chat|server)|the (?:channel|group|chat|server)))?';
// The last alternative: no verb at all, a quote right after the schedule ("every Monday 8am 'New week!'").
const POST_AT = new RegExp(`(?:\\b${VERB}${WHERE}(?:\\s+(?:saying|that says|with|like))?\\s*(?::|→|->|-(?=\\s)|–)?|→|->|:(?=\\s)|\\s(?=\\u0001\\d+\\u0002\\s*(?:[.!;,]|$))|\\s(?=(?:an?\\s+)?(?:quick\\s+)?poll\\b))\\s*`, 'gi');
/** Words that start a description of the post, not its text. */
const DESCRIBES =
  /^(?:a|an|the|our|my|their|his|her|its|some|something|what|which|who(?:'s| is)?|whose|where|when|how|that|this week'?s|today'?s|the week'?s|new|latest|any|all|info|details|reminders?|updates?|stuff|them|it|nothing)\b/i;
/** A schedule in the words before a post. */
const SCHEDULED =
  /\b(?:(?:every|each|evry)\s+(?:other\s+)?(?:\d+|day|morning|evening|night|afternoon|week|weekday|weekend|hour|minute|month|(?:mon|tue|wed|thu|fri|sat|sun)\w*)|daily|weekly|hourly|once a|twice a|on (?:mon|tue|wed|thu|fri|sat|sun)\w*|mon(?:day)?s?\s*(?:-|–|to|through|thru)|week ?days|(?:mon|tue|wed|thu|fri|sat|sun)\w*\s+(?:morning|evening|night|afternoon)|before|after)\b/i;
/** Words of a post about a feed or data (news.ts and the data sources read those). */
const DATA = /\b(?:feed|rss|articles?|stories|headlines?|news|weather|forecast|price|prices|rate|temperature|wind)\b/i;
/** Words before a colon that make it a reply or open hours, not a post. */
const REPLIES = /\b(?:answer|answers|reply|replies|respond|responds|outside|out of hours|after hours|(?:office|opening|business|open) hours|open|closed|warn|delete)\b/i;
const BARE_HOUR = /\bat\s+(\d{1,2})(?:h\b)?(?![\d:.]|\s*(?:min|hours?|h\b|%|km|people|pm|am))|\b(\d{1,2})h(\d{2})?\b/gi;

/** The times of day in a schedule's words: "17:00", "7pm", "at 8", "19h". */
function scheduleTimes(lead: string): TimeOfDay[] {
  const times = new Set<TimeOfDay>(timesIn(lead).map((t) => t.time));
  if (times.size === 0) {
    for (const m of lead.matchAll(BARE_HOUR)) {
      const hour = Number(m[1] ?? m[2]);
      if (hour <= 23) times.add(`${String(hour).padStart(2, '0')}:${m[3] ?? '00'}` as TimeOfDay);
    }
  }
  return [...times].sort();
}

/** The trigger a schedule's words say, with a note when a time had to be chosen; null when they say none. */
export function scheduleOf(lead: string, context: string): { when: Trigger; also?: Trigger[]; note?: string } | null {
  const rel = /\b(\d{1,3}|two|three|four|five|six|ten|fifteen|twenty|thirty|forty-five)\s*(?:(min(?:ute)?s?|m)|(h|hrs?|hours?))\s+(before|after)\b|\b(an?|one|half an|half an?|half) (hour|minute)\s+(before|after)\b/i.exec(lead);
  if (rel) {
    const WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, fifteen: 15, twenty: 20, thirty: 30, 'forty-five': 45 };
    const half = rel[5] !== undefined && rel[5].toLowerCase().startsWith('half');
    const n = rel[1] ? (WORDS[rel[1].toLowerCase()] ?? Number(rel[1])) : 1;
    const minutes = half ? 30 : n * ((rel[3] ?? rel[6] ?? '').toLowerCase().startsWith('h') ? 60 : 1);
    const sign = (rel[4] ?? rel[7])!.toLowerCase() === 'before' ? -1 : 1;
    // The time it is relative to: after "before" in the same words, else the nearest one written before.
    const after = lead.slice(rel.index + rel[0].length);
    // "Every Wednesday, 2 hours before our 19:00 duplicate": the days may come before.
    const days = weekdaysIn(after).length > 0 ? weekdaysIn(after) : weekdaysIn(lead.slice(0, rel.index));
    if (scheduleTimes(after).length > 0) return { when: { kind: 'schedule', times: [scheduleTimes(after)[0]!], weekdays: days, offsetMinutes: sign * minutes } };
    // The nearest time written before, with the days of its own sentence.
    const earlier = `${context} ${lead.slice(0, rel.index)}`;
    const last = timesIn(earlier).pop();
    if (!last) return null;
    const sentence = earlier.slice(0, last.end).split(/[.!?\n]\s/).pop()!;
    // "classes are tuesday 18:30 and saturday 10:00. two hours before each class": one time per day.
    const pairs = timesIn(sentence).map((t) => ({ time: t.time, days: weekdaysIn(sentence.slice(Math.max(0, t.at - 20), t.at)) }));
    const [first, ...more] = pairs.length > 1 && pairs.every((p) => p.days.length > 0) ? pairs : [{ time: last.time, days: weekdaysIn(sentence) }];
    const at = (p: { time: TimeOfDay; days: Weekday[] }): Trigger => ({ kind: 'schedule', times: [p.time], weekdays: p.days, offsetMinutes: sign * minutes });
    return { when: at(first!), also: more.map(at) };
  }
  const every = /\bevery\s+(\d{1,3})\s*(min(?:ute)?s?|m|h|hrs?|hours?)\b|\b(hourly|every hour|each hour)\b/i.exec(lead);
  if (every) {
    const minutes = every[3] ? 60 : Number(every[1]) * (/^h/i.test(every[2]!) ? 60 : 1);
    return { when: { kind: 'schedule', everyMinutes: Math.max(1, minutes), times: [], weekdays: [], offsetMinutes: 0 } };
  }
  const times = scheduleTimes(lead);
  const days = weekdaysIn(lead) as Weekday[];
  if (times.length > 0) return { when: { kind: 'schedule', times, weekdays: days, offsetMinutes: 0 } };
  if (!SCHEDULED.test(lead)) return null;
  const time: TimeOfDay = /\b(?:evening|night|tonight)\b/i.test(lead) ? '18:00' : /\b(?:afternoon|lunch)\b/i.test(lead) ? '12:00' : '09:00';
  const on = days.length > 0 ? ` on ${days.length === 7 ? 'every day' : 'the days you named'}` : ' every day';
  return {
    when: { kind: 'schedule', times: [time], weekdays: days, offsetMinutes: 0 },
    note: `No time of day was given for a scheduled post, so it posts at ${time}${on}: tell me another time, or edit the rule.`,
  };
}

/** The post's words, a poll ("a poll Where do we hike? options Blue Lake, Red Rock"), or the texts of the list it goes through. */
function postAction(text: string, masked?: Masked): Action {
  // "This Sunday we sketch at ... (the spot changes)": words still to come are a blank.
  if (UNFILLED.test(text)) return { kind: 'post', to: 'channel', text: null };
  const poll = /^(?:an?\s+)?(?:quick\s+)?poll\s*:?\s*(.+?\?)\s*(?:(?:with\s+)?(?:(?:the\s+)?options?|choices)?\s*:?\s*)?(.+)$/i.exec(text);
  // '"What should I film next?" - Muscle-up tutorial / Handstand basics': the dash leads the options.
  const options = poll ? poll[2]!.replace(/^[-–—:]\s*/, '').split(/\s*(?:\/|,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|\|)\s*/u).map((o) => o.trim().replace(/(?<!\b[A-Z])\.$/, '')).filter(Boolean) : [];
  if (poll && options.length >= 2) return { kind: 'poll', question: poll[1]!.trim(), options: options.slice(0, 10), fromArgument: false };
  const listed = textsOfList(text, masked);
  return listed ? { kind: 'replyOneOf', ...listed } : { kind: 'post', to: 'channel', text };
}

/**
 * "posts one Italian idiom every day at 9:00, in this order (then repeat):" over one quoted text a line
 * ('"In bocca al lupo" = good luck 🐺'): each line as written, in turn.
 */
function textsUnder(p: Post): { texts: string[]; order: 'random' | 'inTurn' } | null {
  const line = p.rest.split('\n')[0]!;
  const rotation = ROTATION.exec(restore(line, p.m.quotes));
  if (!rotation || !/:\s*$/.test(line)) return null;
  const at = p.m.masked.indexOf(line);
  if (at < 0) return null;
  const lines = p.m.masked.slice(at + line.length).split('\n').slice(1);
  const texts: string[] = [];
  for (const under of lines) {
    if (!/^\s*(?:[-•*]\s*)?\u0001\d+\u0002/.test(under)) break;
    texts.push(restore(under, p.m.quotes).trim().replace(/^[-•*]\s*/, ''));
  }
  return texts.length >= 2 ? { texts, order: /random/i.test(rotation[0]) ? 'random' : 'inTurn' } : null;
}

/** The scheduled posts of a request, each with its own words (or a blank). */
export function scheduledPostRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  // Each line is read on its own (the words said run past their own full stops); the text before it
  // gives a relative post its base time.
  const parts = m.masked
    .split(/\n+/)
    .map((p) => p.replace(/^\s*(?:\d{1,2}[.)]|•|-|\*)\s+/, ''))
    .filter((p) => p.trim());
  // "at 11:30 each weekday:" over "Monday: ...", "Tuesday: ...": a post a day (day-posts.ts).
  const days = dayPostRules(parts, m, scheduleOf);
  rules.push(...days.rules);
  let seen = '';
  for (const [i, part] of parts.entries()) {
    const context = seen;
    seen += ` ${part}`;
    if (days.read.has(i)) continue;
    let readUpTo = 0;
    for (const post of part.matchAll(POST_AT)) {
      if (post.index! < readUpTo) continue;
      const read = postAt(m, part, context, post, readUpTo);
      if (!read) continue;
      // '... every weekday 14:30 in #dispatch: "..." and at 16:30 "..."': the second time keeps the first's days and channel.
      const earlierPost = readUpTo > 0 ? rules.at(-1) : undefined;
      if (earlierPost && /^\s*,?\s*(?:and|then|also)\s+(?:at\s+)?\d/i.test(part.slice(readUpTo, post.index))) {
        for (const r of read.rules) {
          if (r.when.kind === 'schedule' && earlierPost.when.kind === 'schedule' && r.when.weekdays.length === 0) r.when = { ...r.when, weekdays: earlierPost.when.weekdays };
          if (!r.channel && earlierPost.channel) r.channel = earlierPost.channel;
        }
      }
      rules.push(...read.rules);
      readUpTo = read.readUpTo;
    }
  }
  rules.push(...rotationWithoutVerb(parts, m, rules.length > 0));
  return rules;
}

/** A post as read at its verb: the words before it (`lead`), its schedule, and its words (`words`). */
interface Post {
  m: Masked;
  post: RegExpMatchArray;
  lead: string;
  /** What follows the verb, and the words said there. */
  rest: string;
  said: string | null;
  /** The quote the words are, when they are one. */
  quoted: RegExpExecArray | null;
  /** The colon (or arrow) of a schedule written after the verb, before the words. */
  colon: RegExpExecArray | null;
  /** The text before the verb (and the lines before), which a relative time is counted from. */
  earlier: string;
  schedule: NonNullable<ReturnType<typeof scheduleOf>>;
  words: string | null;
}

/** The rules of the post at one verb and where the reading goes on; null when the words there are no post this reading keeps. */
function postAt(m: Masked, part: string, context: string, post: RegExpMatchArray, readUpTo: number): { rules: RuleDraft[]; readUpTo: number } | null {
  const lead = part
    .slice(readUpTo, post.index)
    .replace(/^.*(?:[.;!?]|:)\s+/, '')
    // "... and every monday 9:00 post ...": the earlier clause is another rule's; "at 6:30 and 21:00" are two times.
    .replace(/^.*\b(?<![\d:]\s)(?<![ap]m\s)(?:and|also|plus)\s+(?=(?:every|each|on|once|\d))/i, '')
    // '... replies "Logged", at 21:45 every night it posts ...': a run-on sentence's earlier rule ends at its comma.
    .replace(/^.*(?:\u0002|\b(?:when(?:ever)?|if)\b.*),\s+(?=(?:at|every|each|on|once|daily)\s)/i, '');
  // A condition this reading cannot keep ("if it's windy", "on days over 28 degrees") leaves the post to others.
  if (REPLIES.test(lead.replace(/#[\w-]+/g, ' ')) || /\b(?:when(?:ever)?|if)\b|\bdays?\s+(?:over|above|below|under|warmer|colder)\b/i.test(lead) || /(?:^|\s)[/!][a-z]\w*/i.test(lead)) return null;
  // "tips (anyone says tips) → ...": what people say is a trigger, not the bot's post.
  if (/[a-z]/i.test(post[0]) && /\b(?:someone|anyone|somebody|anybody|people|ppl|they|users?|customers?|members?|a user|a customer|a member)\s*$/i.test(part.slice(0, post.index))) return null;
  // "!match → asks ... → send them to me and say Thanks, we match people every Sunday": a command's answer, not a post.
  if (/^\s*(?:[-•*]\s*|\d{1,2}[.)]\s*)?[/!][a-z]\w*[^\n]*(?:→|->)/i.test(part.slice(0, post.index))) return null;
  const rest = part.slice(post.index! + post[0].length);
  const said = saidWordsAt(rest, m.quotes);
  // "tweet my free dates every monday": the schedule after the words.
  const quoted = /^\s*\u0001\d+\u0002/.exec(rest);
  const after = quoted ? restore(rest.slice(quoted[0].length), m.quotes) : (said ?? '');
  const trailing =
    /[a-z]/i.test(post[0]) && !SCHEDULED.test(lead) && timesIn(lead).length === 0
      ? /\s((?:every|each|on|daily|weekly|at|(?:an?|one|half an|\d+)\s*(?:h|hours?|min(?:ute)?s?)\s+(?:before|after))\b.*)$/i.exec(` ${after.split(/[.!?]\s|,\s*(?:and\s+)?|\s+and\s+/)[0]!}`)
      : null;
  // "sends a reminder every tuesday at 6pm: Rehearsal tonight at 7:30": the words follow the schedule's colon.
  const colon = trailing ? /:\s+|\s*(?:→|->)\s*/.exec(trailing[1]!) : null;
  const earlier = `${context} ${part.slice(0, post.index)}`;
  let schedule = scheduleOf(trailing ? trailing[1]!.slice(0, colon ? colon.index : undefined) : lead, earlier);
  if (!schedule) return null;
  // 'clash is saturday 20:00, post "CLASH IN 30 MIN" 30 minutes before': the offset after the quoted words.
  const offsetAfter = quoted ? /^\s*((?:an?|one|half an|\d+)\s*(?:h|hrs?|hours?|min(?:ute)?s?)\s+(?:before|after))\b/i.exec(after) : null;
  const moved = offsetAfter && schedule.when.kind === 'schedule' && schedule.when.times.length > 0 ? scheduleOf(`${offsetAfter[1]} `, earlier) : null;
  if (moved) schedule = moved;
  const written = trailing && !quoted ? (colon ? saidWordsAt(trailing[1]!.slice(colon.index + colon[0].length), []) : said!.slice(0, trailing.index)) : said;
  const p: Post = { m, post, lead, rest, said, quoted, colon, earlier, schedule, words: withoutOffset(written, schedule, lead, earlier) };
  // A quote ends where its mark does (the words said are the quote's text, longer than its mark).
  const end = post.index! + post[0].length + (quoted ? quoted[0].length : (said?.length ?? 0));
  const data = dataPostRules(p, (id, action, channel) => rulesAtEachTime(p, id, action, channel));
  // "... post the top 5 boxing news headlines in the channel, and on sundays at 20:00 post "...": the next post is read on its own.
  const nextPost = /,?\s+and\s+(?=(?:on|every|each|at)\s)/i.exec(rest);
  if (data) return { rules: data, readUpTo: nextPost && !quoted ? Math.min(end, post.index! + post[0].length + nextPost.index) : end };
  // A post of a feed or of data is the data sources' (news.ts, weather.ts, prices.ts).
  if (p.words && DATA.test(p.words.split(/\s+/).slice(0, 4).join(' ')) && !/\bbefore|after\b/i.test(lead)) return null;
  return { rules: textPostRules(p), readUpTo: end };
}

/**
 * The words without the offset written in them, which moves the schedule (`schedule.when` is changed):
 * "plenum is every wednesday 20:00 → 1 hour before post: Plenum in 1h", "tweet Fill-a-bag sale in 1 hour! an hour before".
 */
function withoutOffset(written: string | null, schedule: Post['schedule'], lead: string, earlier: string): string | null {
  let words = written;
  // The offset leads the words.
  const leading = words ? /^((?:an?|one|half an|\d+)\s*(?:h|hrs?|hours?|min(?:ute)?s?)\s+(?:before|after))\b[,\s]*(?:(?:post|posts|send|sends|tweet|tweets|say|says)\b)?\s*:?\s*/i.exec(words) : null;
  if (leading && schedule.when.kind === 'schedule' && schedule.when.times.length > 0) {
    const moved = scheduleOf(`${leading[1]} ${lead}`, earlier);
    if (moved) schedule.when = moved.when;
    words = words!.slice(leading[0].length);
  }
  // The offset ends the words: before the lead's time.
  const before = words ? /\s+((?:an?|one|half an|\d+)\s*(?:h|hours?|min(?:ute)?s?)\s+(?:before|after))\s*$/i.exec(words) : null;
  if (before && schedule.when.kind === 'schedule' && schedule.when.times.length > 0) {
    const moved = scheduleOf(`${before[1]} `, earlier);
    if (moved) schedule.when = moved.when;
    words = words!.slice(0, before.index);
  }
  return words;
}

/** One rule for each time the post is made, all with the post's words as their source (and the schedule's note on the first). */
function rulesAtEachTime(p: Post, id: string, action: () => Action, channel: string | undefined, withNote = false): RuleDraft[] {
  return [p.schedule.when, ...(p.schedule.also ?? [])].map((when) => ({
    id,
    when,
    if: [],
    do: [action()],
    ...(channel ? { channel } : {}),
    source: restore(`${p.lead}${p.post[0]}${p.said ?? ''}`, p.m.quotes).trim(),
    ...(withNote && p.schedule.note && when === p.schedule.when ? { note: p.schedule.note } : {}),
  }));
}

/** A post of the person's words (a list gone through, a poll, a price with words), or a blank where the words only describe it. */
function textPostRules(p: Post): RuleDraft[] {
  const { m, post, lead } = p;
  // "a poll in #volunteers: Which shifts ...?": the channel, then the poll.
  const pollIn = p.words ? /^(an?\s+(?:quick\s+)?poll)\s+(?:in|to)\s+#([\w-]{1,80})\s*:?\s*/i.exec(p.words) : null;
  // "poll every thursday 19:00: "Next comp format?" A, B, C": the poll named before the time.
  const pollWords = p.quoted ? restore(p.rest.split('\n')[0]!, m.quotes).trim() : p.words;
  const pollFirst = !pollIn && pollWords && /\bpolls?\b/i.test(lead) && !/^(?:an?\s+)?poll\b/i.test(pollWords) && /\?/.test(pollWords) ? `a poll ${pollWords}` : null;
  const words = pollIn ? `${pollIn[1]} ${p.words!.slice(pollIn[0].length)}` : (pollFirst ?? p.words);
  // "GM Ljubljana ☀️ BTC is at + price in euro": the person's words with the price; other data a blank.
  // A quoted text is the person's own words, whatever they speak of ("... + deadline + rate").
  const aboutData = words !== null && !p.quoted && /(?:\bwith\b|\+)\s*(?:the |today'?s |our )?(?:current |latest )?\w*\s*(?:price|weather|forecast|news|rate|temperature)/i.test(words);
  const price = aboutData && words ? priceAsked(words.replace(/\+\s*/, ' ')) ?? (/\bprice\b/i.test(words) && /\b(?:btc|bitcoin|eth|ethereum)\b/i.test(words) ? priceAsked(`${/\b(btc|bitcoin|eth|ethereum)\b/i.exec(words)![1]} price ${/euro|€/i.test(words) ? 'in euro' : ''}`) : null) : null;
  const introduced = /[:→>–-]\s*$/.test(post[0]) || /^\s*\u0001/.test(p.rest) || p.colon !== null;
  // "each day at 9 one word of the day, in this order: a, b, c": the list is announced before the colon.
  const fromLead = words ? ROTATION.exec(restore(lead, m.quotes)) : null;
  let announcement = fromLead ? restore(lead, m.quotes).slice(fromLead.index) : null;
  let listWords = words;
  if (!fromLead && words && !ROTATION.test(words)) {
    // "post a fact every day 10am going through my list in order: ...", "... one linux command per day at 9:00
    // UTC, in order from my list: «...» / «...»": announced after the verb, before the line's colon.
    const line = p.rest.split('\n')[0]!;
    const colonAt = p.colon ? p.rest.indexOf(':') : line.search(/:\s*\u0001/);
    const before = colonAt >= 0 ? restore(line.slice(0, colonAt), m.quotes) : '';
    const said = ROTATION.exec(before);
    if (said) {
      announcement = before.slice(said.index);
      // Lines joined into one ("«A» / «B»") run to the line's end, commas in them and all.
      if (/\u0002\s*\/\s*\u0001/.test(line)) listWords = restore(line.slice(colonAt + 1), m.quotes).trim();
    }
  }
  // '"This week's release captain: {name}" — rotate through Priya, Tom in that order': the template quoted, its list after it.
  const tail = p.quoted && words ? restore(p.rest.slice(p.quoted[0].length).split('\n')[0]!, m.quotes) : '';
  const rotatesAfter = !announcement && PLACEHOLDER.test(words ?? '') ? ROTATION.exec(tail) : null;
  const listed0 = announcement
    ? textsOfList(`${announcement}: ${listWords}`)
    : !rotatesAfter && words
      ? textsUnder(p)
    : rotatesAfter && /^[\s,;—–-]*$/.test(tail.slice(0, rotatesAfter.index))
      ? textsOfList(`${words} ${tail.slice(rotatesAfter.index).replace(/\s+in (?:that|this|the same) order\b/i, '')}`)
      : null;
  // "add #linux at the end of each one": the same words after every text.
  const suffix = listed0 ? /\badd\s+(\S[^\n]{0,40}?)\s+at the end of (?:each|every) (?:one|post|tweet|message|line)\b/i.exec(restore(m.masked, m.quotes))?.[1] : undefined;
  const listed = listed0 && suffix ? { ...listed0, texts: listed0.texts.map((t) => (t === null ? t : `${t} ${suffix}`)) } : listed0;
  const said0 = words ? words.split(/\s*(?:\+|\bwith\b)\s*(?:the\s+)?(?:current\s+)?(?:\w+\s+)?(?:price|rate)\b/i)[0]!.trim() : '';
  let action: Action = price
    ? { kind: 'data', source: { kind: 'price', ...price }, text: said0 ? `${said0} {value}` : '{value}' }
    : listed
    ? { kind: 'replyOneOf', ...listed }
    : words && !aboutData && (ROTATION.test(words) || /^(?:an?\s+)?poll\b/i.test(words) || introduced || !DESCRIBES.test(words))
      ? postAction(words, { masked: p.rest, quotes: m.quotes })
      : { kind: 'post', to: 'channel', text: null };
  // "post this week's schedule in #cast": the channel may come after the words.
  // "... Journal club paper is in #papers": a channel the words speak of stays in them.
  const trailingChannel = words ? /(?<!\b(?:is|are|was|were|be|'s|pinned|posted|shared|lives?|found|it)\s*)\s+(?:in|to|into)\s+#([\w-]{1,80})\s*$/i.exec(words) : null;
  if (trailingChannel && words && action.kind === 'post' && action.text === words) action = { ...action, text: words.slice(0, trailingChannel.index) };
  // "every saturday 9:00 in #uebung: ...": the channel may come with the time, before the words.
  // 'Fridays 15:00 post "No deploys after 3pm" in #data-eng': the channel after the quoted words.
  const afterQuote = p.quoted ? /^\s*(?:in|to|into)\s+(?:the\s+)?#([\w-]{1,80})/.exec(p.rest.slice(p.quoted[0].length))?.[1] : undefined;
  // "post the weekly challenge in #announcements, random from: ...": the channel before the list.
  const listChannel = (listed || action.kind === 'replyOneOf') && words ? /\b(?:in|to|into)\s+#([\w-]{1,80})/.exec(words.split(':')[0]!)?.[1] : undefined;
  const channel = channelOfVerb(p) ?? pollIn?.[2] ?? trailingChannel?.[1] ?? afterQuote ?? listChannel ?? /\b(?:in|to|into)\s+#([\w-]{1,80})\s*$/.exec(lead)?.[1];
  return [...secondPost(p), ...rulesAtEachTime(p, 'scheduled-post', () => action, channel, true)];
}

/** "Tweet 'X' 30 minutes before, and 'Y' at 21:00": a second text with its own time, the same verb. */
function secondPost(p: Post): RuleDraft[] {
  const next = p.quoted ? /^[^\u0001]*?,?\s*(?:and|then)\s+(\u0001(\d+)\u0002)\s+((?:at|on|every)\b[^.,;\n]*)/i.exec(p.rest.slice(p.quoted[0].length)) : null;
  const second = next ? scheduleOf(next[3]!, p.earlier) : null;
  if (!next || !second) return [];
  const first = p.schedule.when;
  const base = second.when.kind === 'schedule' && second.when.weekdays.length === 0 && first.kind === 'schedule' ? { ...second.when, weekdays: first.weekdays } : second.when;
  return [{ id: 'scheduled-post', when: base, if: [], do: [{ kind: 'post', to: 'channel', text: p.m.quotes[Number(next[2])] ?? null }], source: restore(next[0], p.m.quotes).trim() }];
}

/** "each day at 9 o'clock one word of the day, in this order: saluton = hello, dankon = thank you": no verb, a list. */
function rotationWithoutVerb(parts: string[], m: Masked, found: boolean): RuleDraft[] {
  if (found) return [];
  for (const part of parts) {
    for (const sentence of part.split(/(?<=[.!?])\s+/)) {
      const at = /\b(?:every|each|daily)\b[^.,:]*?(?:\d{1,2}(?::\d{2})?\s*(?:o'?clock|h\b|am|pm)?|noon|morning|evening)/i.exec(sentence);
      if (!at || new RegExp(POST_AT.source, 'i').test(sentence.slice(0, at.index)) || !ROTATION.test(sentence.slice(at.index + at[0].length))) continue;
      const schedule = scheduleOf(at[0], '');
      const listed = textsOfList(restore(sentence.slice(at.index + at[0].length), m.quotes));
      if (schedule && listed) return [{ id: 'scheduled-post', when: schedule.when, if: [], do: [{ kind: 'replyOneOf', ...listed }], source: restore(sentence, m.quotes).trim() }];
    }
  }
  return [];
}
