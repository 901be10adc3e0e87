// The rules of the behaviours the request asks for (features-asked.ts): welcome and goodbye, moderation,
// scheduled posts, jokes and polls, away hours, data commands, the AI; each setting the person gave none
// for gets a default, said in the answer.
import type { Action, Trigger } from '../../../../shared/bot-plan.schema';
import { PLATFORM_INFO } from './platforms';
import { type Building, command, commandName, type RuleList } from './plan-building';
import type { BotRequest, Feature } from './request';
import { priceAsked } from './understanding/answers';
import { timesIn } from './understanding/times';
import { BUILTIN_FACTS, BUILTIN_JOKES, BUILTIN_QUOTES, DEFAULT_OPEN_HOURS } from './plan-content';
import { awayText, DEFAULT_MUTE_MINUTES, DEFAULT_WARN_LIMIT, nonEmpty, timeOfDay, weekdays } from './plan-content';

/** The behaviours' rules, in the order the plan lists them. */
export function addFeatureRules(b: Building): void {
  addMemberRules(b);
  addScheduledPost(b);
  addFunRules(b);
  addAway(b);
  addDataCommands(b);
  addMessageRules(b);
}

/** Welcome, goodbye, the group's rules and moderation of banned words. */
function addMemberRules({ request, features: f, list, defaults }: Building): void {
  const cmd = (feature: Feature) => commandName(request, feature);
  if (f.has('welcome')) list.add('welcome', { kind: 'join' }, [{ kind: 'reply', text: request.welcomeText }]);
  if (f.has('goodbye')) list.add('goodbye', { kind: 'leave' }, [{ kind: 'reply', text: request.goodbyeText }]);
  if (f.has('rules')) list.add('rules', command(cmd('rules')), [{ kind: 'reply', text: request.rulesText?.trim() || null }]);

  if (f.has('moderation')) {
    const words = nonEmpty(request.bannedWords);
    const banned: Trigger = { kind: 'keyword', words, whole: false };
    list.add('banned-words', banned, [
      { kind: 'delete' },
      { kind: 'warn', text: '{name}, please keep the chat friendly: that message contained a word that is not allowed here.' },
    ]);
    const limit = request.warnLimit ?? DEFAULT_WARN_LIMIT;
    const minutes = Math.max(1, request.muteMinutes ?? DEFAULT_MUTE_MINUTES);
    if (limit > 0 && request.platform !== 'slack' && request.platform !== 'whatsapp' && request.platform !== 'twitter') {
      list.add('mute-after-warnings', banned, [{ kind: 'mute', minutes, text: `{name} is muted for ${minutes} minutes.` }], { if: [{ kind: 'warnings', atLeast: limit }] });
      if (request.warnLimit === null || request.muteMinutes === null) {
        defaults.push(`After ${limit} warnings someone is muted for ${minutes} minutes: edit the mute rule to change either.`);
      }
    }
    defaults.push('The warning text is a default: edit the banned-words rule to say it your way.');
  }
}

/** The posts the older reading found: at the times asked (not times inside the person's own texts), else every so often. */
function addScheduledPost({ request, features: f, read, list, defaults }: Building): void {
  // Times written inside a rule's own words ("gates open 8:00") are not posting times.
  const textTimes = new Set([...request.commandReplies.map((c) => c.reply), ...request.keywordReplies.map((k) => k.reply), ...read.texts].flatMap((t) => timesIn(t).map((x) => x.time)));
  // ... nor are the ends of hours a rule keeps ("between 9pm and 8am just reply ...").
  for (const r of read.rules) for (const c of r.if) if (c.kind === 'hours') [c.from, c.to].forEach((t) => textTimes.add(t));
  const postTimes = request.postTimes.filter((t) => !textTimes.has(timeOfDay(t) ?? t));
  if (request.postTimes.length > 0 && postTimes.length === 0 && request.intervalMinutes === null) f.delete('scheduled');
  if (!f.has('scheduled')) return;
  const times = [...new Set(postTimes.map(timeOfDay).filter((t): t is string => t !== null))].sort();
  const when: Trigger =
    times.length > 0
      ? { kind: 'schedule', times, weekdays: weekdays(request.postWeekdays), offsetMinutes: 0 }
      : { kind: 'schedule', everyMinutes: request.intervalMinutes ?? 60, times: [], weekdays: [], offsetMinutes: 0 };
  if (times.length === 0 && request.intervalMinutes === null) defaults.push('It posts every 60 minutes: edit the schedule to change it.');
  const texts = nonEmpty(request.postTexts);
  const action: Action = texts.length > 1 ? { kind: 'replyOneOf', texts, order: 'inTurn' } : { kind: 'post', to: 'channel', text: texts[0] ?? null };
  list.add('scheduled-post', when, [action]);
}

/** Jokes, quotes, facts, a random pick, a poll and a menu of buttons. */
function addFunRules({ request, features: f, list, defaults, p }: Building): void {
  const cmd = (feature: Feature) => commandName(request, feature);
  if (f.has('jokes')) oneOf(list, cmd('jokes'), request.jokes, BUILTIN_JOKES, 'jokes', defaults, p);
  if (f.has('quotes')) oneOf(list, cmd('quotes'), request.quotes, BUILTIN_QUOTES, 'quotes', defaults, p);
  if (f.has('facts')) oneOf(list, cmd('facts'), request.facts, BUILTIN_FACTS, 'facts', defaults, p);
  if (f.has('random')) {
    const choices = nonEmpty(request.choices);
    list.add(cmd('random'), command(cmd('random')), [{ kind: 'replyOneOf', texts: choices.length >= 2 ? choices : [null], order: 'random' }]);
  }
  if (f.has('polls')) {
    // A question without choices ("Community race this Saturday?") is answered yes or no.
    const yesNo = request.poll !== null && request.poll.question.trim() !== '' && nonEmpty(request.poll.options).length < 2;
    if (yesNo) defaults.push('The poll is answered Yes or No: edit the poll rule to give it your own choices.');
    const own = request.poll && request.poll.question.trim() ? { ...request.poll, options: yesNo ? ['Yes', 'No'] : request.poll.options } : null;
    list.add(cmd('polls'), command(cmd('polls')), [
      own
        ? { kind: 'poll', question: own.question.trim(), options: nonEmpty(own.options).slice(0, 10), fromArgument: false }
        : { kind: 'poll', question: '', options: [], fromArgument: true },
    ]);
  }
  if (f.has('menu')) addMenu(list, cmd('menu'), request.menu);
}

/** The away answer outside the open hours (the person's, else the default hours). */
function addAway({ request, features: f, list, defaults }: Building): void {
  if (!f.has('away')) return;
  const own = request.openHours && timeOfDay(request.openHours.from) && timeOfDay(request.openHours.to) ? request.openHours : null;
  const hours = own ? { from: timeOfDay(own.from)!, to: timeOfDay(own.to)!, weekdays: weekdays(own.weekdays) } : DEFAULT_OPEN_HOURS;
  if (!own) defaults.push(`Open hours are Monday to Friday, ${hours.from} to ${hours.to}: edit the away rule's hours.`);
  list.add('away', { kind: 'message', always: false }, [{ kind: 'reply', text: request.awayText?.trim() || awayText(hours) }], {
    if: [{ kind: 'hours', from: hours.from, to: hours.to, weekdays: hours.weekdays, outside: true }],
  });
}

/** The weather, a price, the news (asked or posted as it comes) and translations. */
function addDataCommands({ request, features: f, list, defaults, p }: Building): void {
  const cmd = (feature: Feature) => commandName(request, feature);
  // "1 hour before the run post the weather for Bern": a rule of the person's reads it already; a command
  // for it only when one is named ("/weather").
  const read = new Set(request.rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'data' ? [a.source.kind] : []))));
  const asked = (feature: 'weather' | 'prices', source: 'weather' | 'price') => f.has(feature) && (!read.has(source) || request.commandNames[feature] !== undefined);
  if (asked('weather', 'weather')) list.add(cmd('weather'), command(cmd('weather')), [{ kind: 'data', source: { kind: 'weather', ...(request.city ? { city: request.city } : {}) } }]);
  if (asked('prices', 'price')) {
    // "!btc same for bitcoin": a command named after a coin is that coin's price.
    const coin = priceAsked(`${cmd('prices')} price`)?.coin ?? request.coins[0]?.trim().toLowerCase();
    const currency = (request.currencies[0] ?? 'usd').toLowerCase();
    list.add(cmd('prices'), command(cmd('prices')), [{ kind: 'data', source: { kind: 'price', ...(coin ? { coin } : {}), currency } }]);
  }
  if (f.has('news')) {
    const source = { kind: 'news' as const, feedUrl: request.feedUrl?.trim() || null, count: request.feedPost.count ?? 3 };
    const post = request.feedPost;
    // "post new articles": each new item once, in the person's words; a command still gives the newest.
    if (!post.onlyNew || request.commandNames.news) list.add(cmd('news'), command(cmd('news')), [{ kind: 'data', source }]);
    const every = request.intervalMinutes ?? (post.onlyNew ? 30 : null);
    if (every !== null) {
      const posted = post.onlyNew ? { ...source, onlyNew: true } : source;
      list.add('news-post', { kind: 'schedule', everyMinutes: every, times: [], weekdays: [], offsetMinutes: 0 }, [{ kind: 'data', source: posted, ...(post.text ? { text: post.text } : {}) }], post.channel ? { channel: post.channel } : {});
      if (request.intervalMinutes === null) defaults.push('The feed is checked every 30 minutes: tell me another interval ("every hour") to change it.');
    }
  }
  if (f.has('translate')) {
    list.add(cmd('translate'), command(cmd('translate')), [{ kind: 'data', source: { kind: 'translate', to: request.targetLanguage?.trim() || 'English' } }]);
    if (!request.targetLanguage) defaults.push(`${p}${cmd('translate')} translates into English: edit the rule to choose another language.`);
  }
}

/** What every message gets: counted, echoed, or answered by the AI. */
function addMessageRules({ request, features: f, list, defaults, name }: Building): void {
  const cmd = (feature: Feature) => commandName(request, feature);
  if (f.has('counter')) {
    list.add('count-messages', { kind: 'message', always: true }, [{ kind: 'count', counter: 'messages', per: 'user' }]);
    list.add(cmd('counter'), command(cmd('counter')), [{ kind: 'top', counter: 'messages', n: 10, text: 'Most messages:\n{top}' }]);
  }
  if (f.has('echo')) list.add('echo', { kind: 'message', always: false }, [{ kind: 'reply', text: '{text}' }]);
  if (f.has('llm')) {
    const about = request.purpose ? ` for ${/^[aeiou]/i.test(request.purpose) ? 'an' : 'a'} ${request.purpose}` : '';
    const trigger: Trigger = request.platform === 'discord' || request.platform === 'slack' ? { kind: 'mention' } : { kind: 'message', always: false };
    list.add('ai-answer', trigger, [{ kind: 'data', source: { kind: 'ai', instructions: `You are ${name}, a friendly ${PLATFORM_INFO[request.platform].label} bot${about}. Answer briefly and politely.` } }]);
    defaults.push('The AI is told to be a short, friendly helper: edit the AI rule to give it your own instructions.');
  }
}

function oneOf(list: RuleList, name: string, own: string[], builtin: string[], what: string, defaults: string[], p: string): void {
  const texts = nonEmpty(own);
  list.add(name, command(name), [{ kind: 'replyOneOf', texts: texts.length > 0 ? texts : builtin, order: 'random' }]);
  if (texts.length === 0) defaults.push(`${p}${name} tells one of ${builtin.length} built-in ${what}: edit the rule to use your own.`);
}

function addMenu(list: RuleList, name: string, menu: BotRequest['menu']): void {
  const items = menu.filter((m) => m.label.trim()).slice(0, 12);
  if (items.length === 0) {
    list.add(name, command(name), [{ kind: 'reply', text: null }]);
    return;
  }
  const buttons = items.map((m, i) => ({ id: `${name}-${i + 1}`.toLowerCase().replace(/[^a-z0-9_-]/g, '-'), label: m.label.trim().slice(0, 64) }));
  list.add(name, command(name), [{ kind: 'buttons', text: 'Pick one:', buttons }]);
  items.forEach((m, i) => list.add(buttons[i]!.id, { kind: 'button', id: buttons[i]!.id }, [{ kind: 'reply', text: m.reply.trim() || null }]));
}
