// The rules engine inside every rendered JavaScript bot, written from only the parts the plan uses.
// The behaviour (the same in Python; /work/engine-spec.md in full):
//
// - The file holds RULES (the plan's built rules as JSON, editable by hand), the engine and a
//   platform adapter. createEngine({ rules, settings, adapter, dataFile, now }) gives
//   { handle(event), tick() }; the adapter hands it events { type: message|join|leave|button|reaction,
//   chat, chatName, user, name, text, mentioned, buttonId?, emoji?, raw } and gives it send,
//   sendPoll, react, deleteMessage, mute, kick, ban, isAdmin, channel() and owner().
// - A message: a conversation in progress (ask/quiz of this person in this chat) takes it as its
//   answer, unless it is a command (then the conversation is dropped). A command (prefix, name cut
//   at '@', lowercase; {args} the rest) runs its rules; none: /help and /start list the commands with
//   the first 60 characters of their first text, other commands answer settings.unknownCommand.
//   Otherwise every keyword rule whose word it has (word boundaries, any case; `whole`: the whole
//   message), then the mention rules when mentioned, and only when none ran, the message rules.
// - Conditions, in this order: chat, admins, hours (in settings.timeZone, from <= t < to, past
//   midnight when to < from, `outside` inverts), warnings (>= atLeast), threshold (once per crossing).
// - Actions in order, placeholders filled ({name} {args} always; {count} {list} {item} {top} {value}
//   {answers} once set; unknown {x} left as is). Web calls time out after 10 s and say "Sorry, I could
//   not get that right now." A post with no target logs which setting to set.
// - tick() every 20 s: everyMinutes (first run one period after start), or times on weekdays moved by
//   offsetMinutes, each (rule, date, time) once; schedule rules say things in channel().
// - State: one JSON file (DATA_FILE or bot_data.json beside the bot), written atomically (temp file +
//   rename) after each change. The clock is read only through now().
import { code, lines, sections } from '../../../builtin/templates/compose';
import type { PlanUses } from '../plan-uses';
import { actions, stopsRules } from './engine-actions';
import { conditions, COMMANDS, FILL, handleEvent, KEYWORDS, LOCAL_TIME, LOGGING, onMessage, runningRules, STORE } from './engine-core';
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
    schedules(uses),
    (uses.conditions.has('hours') || uses.scheduleTimes) && LOCAL_TIME,
    FILL,
    STORE,
    LOGGING,
  );
}
