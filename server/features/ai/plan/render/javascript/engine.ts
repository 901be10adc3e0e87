// The rules engine inside every rendered JavaScript bot, written from only the parts the plan uses.
// The behaviour (the same in Python; /work/engine-spec.md in full):
//
// - The file holds RULES (the plan's built rules as JSON, editable by hand), the engine and a
//   platform adapter. createEngine({ rules, settings, adapter, dataFile, now }) gives
//   { handle(event), tick() }; the adapter hands it events { type: message|join|leave|button|reaction,
//   chat, chatName, user, name, text, mentioned, buttonId?, emoji?, raw } and gives it send,
//   sendPoll, react, deleteMessage, mute, kick, ban, isAdmin, channel() and owner(); where the platform
//   finds channels by name (Discord, Slack), channelNamed(name) too (the chat, or null).
// - A message: a conversation in progress (ask/quiz of this person in this chat) takes it as its
//   answer, unless it is a command (then the conversation is dropped). A command (prefix, name cut
//   at '@', lowercase; {args} the rest) runs its rules; none: /help and /start list the commands with
//   the first 60 characters of their first text, other commands answer settings.unknownCommand.
//   Otherwise the message rules with `always`, every keyword rule whose word it has (word boundaries,
//   any case; `whole`: the whole message), the mention rules when mentioned, and only when none of
//   those ran, the other message rules.
// - Conditions, in this order: chat, admins, hours (in settings.timeZone, from <= t < to, past
//   midnight when to < from, `outside` inverts), warnings (>= atLeast), threshold (see below).
// - Actions in order, placeholders filled ({name} {args} {text} always; {count} {list} {item} {top} {value}
//   {answers} once set; unknown {x} left as is). Web calls time out after 10 s and say "Sorry, I could
//   not get that right now." A post with no target logs which setting to set.
// - tick() every 20 s: everyMinutes (first run one period after start), or times on weekdays moved by
//   offsetMinutes, each (rule, date, time) once; schedule rules say things in channel().
// - A rule with `channel` (a name, "hall-of-fame") posts there: a schedule runs in it and its posts to the
//   channel go there, when the adapter has channelNamed and knows the name; else (one log line when the
//   name is not found) in channel().
// - State: one JSON file (DATA_FILE or bot_data.json beside the bot), written atomically (temp file +
//   rename) after each change. The clock is read only through now().
// - Choices where the spec was open, the same in Python (render/engine-cases/cases-agreed.ts checks both):
//   * /help: "Commands:", then '/name - <first 60 characters of its first text, on one line>' (a question
//     counts as a text); no commands: "This bot has no commands yet."
//   * {value} of a price: '64,000.50 USD' (2 decimals, thousands separators; below 1: 4 digits, 0.0001234);
//     a threshold's {value} is the source's answer as a data action says it.
//   * A web failure (sorry), a missing number or argument, a place or coin not found (said plainly) and
//     any failing action end the rule: the later actions would build on them.
//   * threshold: with both below and above, either one (outside the range); once per crossing only on a
//     schedule; on a person's message whenever it holds.
//   * list add: an item already there (any case) is not added twice; {item} is as written.
//   * Keywords: word boundaries count letters and digits of every script (Unicode), any case.
//   * top: equal counts in name order (A-Z, any case). forward from a private chat: "... wrote in a private chat".
//   * Reactions: an emoji matches with or without its variation selector (U+FE0F). Polls: at most 10 options.
//   * message rules with always run first for every message that is no command and are no answer for the
//     plain message rules; {text} is the whole message in every rule.
import { code, lines, sections } from '../compose';
import type { PlanUses } from '../plan-uses';
import { actions, stopsRules } from './engine-actions';
import { conditions, COMMANDS, FILL, handleEvent, KEYWORDS, LOCAL_TIME, LOGGING, onMessage, runningRules, STORE } from './engine-core';
import { CHANNEL_FOR } from './engine-channels';
import { conversations } from './engine-conversations';
import { schedules } from './engine-schedules';
import { web } from './engine-web';

const INTRO = code`
// ==== The engine: runs RULES (the same for every platform) ====
// A platform adapter (below) turns what happens in the chat into events for handle(event), calls
// tick() every 20 seconds for the schedules, and does what the rules ask (send, react, mute...).`;

function createEngine(uses: PlanUses): string {
  const every = uses.scheduleEvery;
  return lines(
    'function createEngine({ rules, settings, adapter, dataFile, now }) {',
    `  const bot = { rules, settings, adapter, now, store: openStore(dataFile)${every ? ', started: now().getTime(), lastRuns: {}' : ''} };`,
    '  return { handle: (event) => handleEvent(bot, event), tick: () => tick(bot) };',
    '}',
  );
}

/** The engine core as JavaScript: only the helpers for the triggers, conditions and actions used. */
export function engineCode(uses: PlanUses): string {
  return sections(
    1,
    INTRO,
    createEngine(uses),
    handleEvent(uses),
    onMessage(uses),
    COMMANDS,
    uses.triggers.has('keyword') && KEYWORDS,
    runningRules(uses, stopsRules(uses)),
    conditions(uses),
    conversations(uses),
    actions(uses),
    web(uses),
    uses.namedChannels && CHANNEL_FOR,
    schedules(uses),
    (uses.conditions.has('hours') || uses.scheduleTimes) && LOCAL_TIME,
    FILL,
    STORE,
    LOGGING,
  );
}
