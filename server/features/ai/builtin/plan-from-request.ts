// The builtin's reading of a message (BotRequest) as the bot plan: one rule per thing asked, the
// person's words carried as they wrote them, and a blank (null) wherever they gave none. Settings
// that are not content (time zone, warnings before a mute, the /start greeting) get a default, each
// listed in `defaults`; nothing asked for is replaced by sample content.
import type { BotPlan, DataSource, Rule } from '../../../../shared/bot-plan.schema';
import type { RuleDraft } from './understanding/rule-draft';
import { markUnsupported } from '../../../../shared/bot-plan-platforms';
import { PLATFORM_INFO } from './platforms';
import type { BotRequest } from './request';
import { ASKING_WORDS, COPY_LEFT } from './understanding/answers';
import { finishRules } from './understanding/finishing';
import { addFeatureRules } from './feature-rules';
import { featuresAsked } from './features-asked';
import { type Building, command, readRulesOf, RuleList } from './plan-building';

/**
 * The plan of a request; `name` is the bot's name (its project's, or one made from the request).
 * `followUp`: the request changes a bot that exists, so it adds no /start rule of its own.
 */
export function planFromRequest(request: BotRequest, name: string, options: { followUp?: boolean } = {}): BotPlan {
  // Telegram commands are always /; elsewhere the prefix the person wrote (a Slack /lunchpoll stays /).
  const p = request.platform === 'telegram' ? '/' : (request.prefixWritten ?? PLATFORM_INFO[request.platform].commandPrefix);
  const read = readRulesOf(request);
  const b: Building = { request, name, p, features: featuresAsked(request, read), read, list: new RuleList(), defaults: [] };
  const defaults = b.defaults;

  if (!options.followUp) defaults.push(...choicesMade(request));
  if (!options.followUp) addStart(b);
  addReadRules(b);
  addCommandReplies(b);
  addKeywordReplies(b);
  addFeatureRules(b);

  const notBuilt = [
    ...request.impossible.map((i) => ({ words: i.what, reason: i.why })),
    ...read.rules.flatMap((r) => (r.gap ? [r.gap] : [])),
    ...(b.features.has('reminders') ? [{ words: 'reminders', reason: 'reminders at a time someone names are not in the plan language yet' }] : []),
  ];
  const rules = keptRules(b);
  // "my chat id is 518834201", "our channel @morningstoa": settings the bot uses when none is set.
  const values = request.settingValues ?? {};
  for (const [setting, value] of Object.entries(values)) defaults.push(`${setting} is ${value}, from your message: set the variable to use another.`);
  // Times are the person's own when they named a zone; else UTC, said where times matter.
  const timed = rules.some((r) => (r.when.kind === 'schedule' && r.when.everyMinutes === undefined) || r.if.some((c) => c.kind === 'hours'));
  if (timed && !request.timeZone && !options.followUp) defaults.push('Times are in UTC: tell me your time zone ("Berlin time", "Europe/Berlin") to use yours.');
  return markUnsupported({
    version: 1,
    name,
    platform: request.platform,
    language: request.language,
    rules: finishRules(rules),
    settings: { timeZone: request.timeZone ?? 'UTC', prefix: p, ...(Object.keys(values).length > 0 ? { values } : {}) },
    defaults,
    notBuilt,
  });
}

/** /start greets and points at /help; a start the person wrote (buttons on /start, their own greeting) is theirs, not the default one. */
function addStart({ request, name, p, features, read, list, defaults }: Building): void {
  const ownStart = read.rules.some((r) => r.when.kind === 'command' && r.when.name === 'start');
  if (features.has('commands') && request.platform !== 'twitter' && !ownStart) {
    list.add('start', command('start'), [{ kind: 'reply', text: `Hi! I am ${name}. Send ${p}help to see what I can do.` }]);
    defaults.push(`${p}start greets people with a short hello and ${p}help lists the commands: edit the ${p}start rule to say something else.`);
  }
}

/** The rules read straight from the person's sentences, as read. */
function addReadRules({ request, read, list, defaults }: Building): void {
  // The place a weather rule without one is about: the request's, or another rule's.
  const sources = read.rules.flatMap((r) => [...r.if.flatMap((c) => (c.kind === 'threshold' ? [c.source] : [])), ...r.do.flatMap((a) => (a.kind === 'data' ? [a.source] : []))]);
  const city = request.city ?? sources.flatMap((s) => (s.kind === 'weather' && s.city ? [s.city] : []))[0] ?? null;
  for (const r of read.rules) {
    // A rule read only to say what could not be built ("copy it to #hall-of-fame") has nothing to do.
    if (r.do.length === 0) continue;
    if (city) withCity(r, city);
    list.add(r.id, r.when, r.do, { if: r.if, ...(r.channel ? { channel: r.channel } : {}), ...(r.source ? { source: r.source } : {}) });
    if (r.note) defaults.push(r.note);
  }
}

/** The older reading's commands with their answers (a blank where none was given), but not the commands read as rules. */
function addCommandReplies({ request, read, list }: Building): void {
  for (const c of request.commandReplies) {
    if (read.commands.has(c.name.toLowerCase())) continue;
    if (c.name === 'start' && c.reply) list.rules.splice(0, list.rules.length, ...list.rules.filter((r) => r.id !== 'start'));
    if (c.name === 'help' && !c.reply) continue;
    list.add(c.name, command(c.name), [{ kind: 'reply', text: c.reply || null }]);
  }
}

/** The older reading's keywords with their answers: keywords with one answer are one rule ("puncture or flat tyre" -> "Walk-in repair takes 20 min"). */
function addKeywordReplies({ request, features, read, list }: Building): void {
  const byReply = new Map<string, { words: string[]; chat: string | null }>();
  // A word inside a phrase a read rule listens for ("open" in "are you open") is that rule's.
  const readPhrases = [...read.words];
  // The older reading's keyword that is a say-word ("answer with one of") or holds a read one ("us with commission") is noise.
  // So is an answer that is questions a read rule asks ("cita → ask ¿Nombre? then ...").
  const asked = read.kinds.has('ask');
  const noise = (k: { keyword: string; reply: string }) =>
    /\b(?:answer|reply|say|respond|send)\b/.test(k.keyword) || /^(?:me|us|it|the bot|bot)$/i.test(k.keyword) || /^(?:message|messages|msg|text|it|them|that)$/i.test(k.reply) || (k.keyword.split(/\s+/).length >= 3 && readPhrases.some((w) => k.keyword.includes(w))) || (asked && ASKING_WORDS.test(k.reply)) || COPY_LEFT.test(k.reply);
  for (const k of request.keywordReplies.filter((k) => !read.texts.has(k.reply) && !readPhrases.some((w) => w.includes(k.keyword)) && !noise(k))) {
    byReply.set(k.reply, { words: [...(byReply.get(k.reply)?.words ?? []), k.keyword], chat: byReply.get(k.reply)?.chat ?? k.chat ?? null });
  }
  for (const [reply, { words, chat }] of byReply) {
    list.add(words[0]!, { kind: 'keyword', words: [...new Set(words)], whole: false }, [{ kind: 'reply', text: reply || null }], chat ? { if: [{ kind: 'chat', name: chat }] } : {});
  }
  if (features.has('keywords') && request.keywordReplies.length === 0) {
    list.add('faq', { kind: 'keyword', words: [], whole: false }, [{ kind: 'reply', text: null }]);
  }
}

/** The rules built, fitted together: at an "only" rule's hours the other answers wait, and a rule a read one replaces goes. */
function keptRules({ request, read, list }: Building): Rule[] {
  const readIds = new Set(read.rules.map((r) => r.id));
  // "between 9pm and 8am just reply X": at those hours the other answers wait.
  for (const only of read.rules.filter((r) => r.only)) {
    const hours = only.if.filter((c) => c.kind === 'hours').map((c) => ({ ...c, outside: !c.outside }));
    for (const r of list.rules) {
      if (r.when.kind === 'schedule' || r.when.kind === 'join' || r.when.kind === 'leave' || r.if.some((c) => c.kind === 'hours') || r.do.every((a) => a.kind === 'count' || a.kind === 'react')) continue;
      r.if = [...r.if, ...hours];
    }
  }
  // On X every message the bot gets is a mention: "any other mention" is any other message.
  if (request.platform === 'twitter') for (const r of list.rules) if (r.when.kind === 'mention') r.when = { kind: 'message', always: false };
  // A command a sentence said in its own words is that rule, not a behaviour of the same name ("/quote
  // starts the questions" is no quotes command); a FAQ without words is no rule when others were read.
  const rules = list.rules.filter(
    (r) =>
      readIds.has(r.id) ||
      !(r.when.kind === 'command' && read.commands.has(r.when.name.toLowerCase())) && !(r.id === 'faq' && read.rules.some((x) => x.when.kind === 'keyword')),
  );
  // "a /prices command with my price list, i send you the prices later": a list no rule adds to is
  // words still to come (a blank), not a list kept per chat.
  const filled = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'list' && a.op === 'add' ? [a.list] : []))));
  const toCome = (r: Rule) => /\b(?:price ?list|prices|menu|later|soon|tbd)\b/i.test(r.source ?? '');
  for (const r of rules) if (r.do.length === 1 && r.do[0]!.kind === 'list' && r.do[0].op === 'show' && !filled.has(r.do[0].list) && toCome(r)) r.do = [{ kind: 'reply', text: null }];
  return rules;
}

/** A weather rule read without its place ("if wind is over 30 km/h") is about the place the request names elsewhere (else a blank). */
function withCity(rule: RuleDraft, city: string): void {
  const placed = (source: DataSource): DataSource => (source.kind === 'weather' && !source.city ? { ...source, city } : source);
  rule.if = rule.if.map((c) => (c.kind === 'threshold' ? { ...c, source: placed(c.source) } : c));
  rule.do = rule.do.map((a) => (a.kind === 'data' ? { ...a, source: placed(a.source) } : a));
}

/** The platform and language chosen for the person, when they named none (or one without a template). */
function choicesMade(request: BotRequest): string[] {
  const said: string[] = [];
  if (request.platformSource === 'default') {
    said.push('No platform was named, so this is a Telegram bot. Say "for Discord", "for WhatsApp", "for Slack", "for Twitter" or "as a webhook" to get another one.');
  } else if (request.platformSource === 'guessed') {
    const why = request.platform === 'discord' ? 'a server with !commands reads as Discord' : 'a workspace reads as Slack';
    said.push(`No platform was named, but ${why}, so this is a ${PLATFORM_INFO[request.platform].label} bot. Say "for Telegram", "for WhatsApp" or another platform to get another one.`);
  } else if (request.platformSource === 'substitute') {
    said.push(`I have no template for ${request.requestedPlatform}, so this is a generic HTTP webhook bot you can connect to it (or to any service that calls webhooks).`);
  }
  if (request.otherPlatforms.length > 0) {
    const others = request.otherPlatforms.map((o) => PLATFORM_INFO[o].label).join(' and ');
    said.push(`I build one bot per request: this one is for ${PLATFORM_INFO[request.platform].label}. Ask again for ${others}.`);
  }
  if (!request.languageStated) said.push('It is written in Python; say "in Node.js" or "in JavaScript" if you prefer JavaScript.');
  return said;
}
