// The bot plan: what a bot does, as rules `when <trigger> [if <conditions>] -> do <actions>`, in the
// person's own words. It is the one contract between understanding (the builtin or a model) and
// code (the renderer writes the bot from it), shown as the plan card, edited in place, and the
// source of the bot's checks. A text the person did not give is `null`: a blank. A rule with a blank
// is left out of the code until the blank is filled, and the card asks for it.
//
// Texts may hold placeholders, filled when the bot answers:
//   {name}    the sender's (or the member's) first name        {args}  the command's argument
//   {count}   the counter the rule just counted, or how many   {list}  the list the rule touched, one item per line
//             are on the list it touched
//   {value}   what a data source or conversion gave            {top}   the top N of a counter, one per line
//   {answers} the answers collected by a sequence of questions {item}  the item added to or removed from a list
//   {text}    the whole message
import { z } from 'zod';

export const PLAN_PLATFORMS = ['telegram', 'discord', 'slack', 'whatsapp', 'twitter', 'generic'] as const;
export type PlanPlatform = (typeof PLAN_PLATFORMS)[number];
export const PLAN_LANGUAGES = ['python', 'javascript'] as const;
export type PlanLanguage = (typeof PLAN_LANGUAGES)[number];

export const PLAN_LIMITS = { rules: 60, text: 4000, items: 50, name: 60 } as const;

/** A text the bot sends; null while the person has not given it (a blank). */
const words = z.string().max(PLAN_LIMITS.text).nullable();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:30');
/** 0 = Monday ... 6 = Sunday; empty means every day. */
const weekdays = z.array(z.number().int().min(0).max(6)).max(7);
const id = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'Use lowercase letters, digits, - and _');
/** A list or counter kept per chat by the bot, in a JSON file beside it (survives a restart). */
const storeName = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lowercase letters, digits and _');

export const TriggerSchema = z.discriminatedUnion('kind', [
  /** `/order latte`: name without the prefix; the rest of the message is {args}. */
  z.object({ kind: z.literal('command'), name: z.string().regex(/^[a-zA-Z0-9_]{1,32}$/, 'A command is letters, digits and _') }),
  /**
   * A message containing any of the words (case-insensitive, at word boundaries); `whole`: the message
   * is exactly one of them. No words yet is a blank (the person named the rule, not its words).
   */
  z.object({ kind: z.literal('keyword'), words: z.array(z.string().min(1).max(200)).max(PLAN_LIMITS.items), whole: z.boolean().default(false) }),
  /**
   * Any message no command or keyword rule answered; with `always`, every message that is not a
   * command, whatever else answers it (counting, copying to the owner, reacting).
   */
  z.object({ kind: z.literal('message'), always: z.boolean().default(false) }),
  /** A message that mentions the bot (or a direct message where the platform has them). */
  z.object({ kind: z.literal('mention') }),
  z.object({ kind: z.literal('join') }),
  z.object({ kind: z.literal('leave') }),
  /** A press of a button shown by a `buttons` action with this id. */
  z.object({ kind: z.literal('button'), id }),
  /** A reaction to a message; any emoji when `emoji` is absent. */
  z.object({ kind: z.literal('reaction'), emoji: z.string().min(1).max(40).optional() }),
  /**
   * Every `everyMinutes`, or at each of `times` (in the plan's time zone) on `weekdays` (every day when
   * empty), moved by `offsetMinutes` ("30 min before Thursday 21:00": times 21:00, weekdays [3],
   * offset -30). Once a day is one time, never a time plus an interval.
   */
  z.object({
    kind: z.literal('schedule'),
    everyMinutes: z.number().int().min(1).max(7 * 24 * 60).optional(),
    times: z.array(hhmm).max(24).default([]),
    weekdays: weekdays.default([]),
    offsetMinutes: z.number().int().min(-24 * 60).max(24 * 60).default(0),
  }),
]);
export type Trigger = z.infer<typeof TriggerSchema>;

export const DataSourceSchema = z.discriminatedUnion('kind', [
  /** Open-Meteo (no key): the city, or the command's argument when absent; null: a blank (a schedule has no argument). */
  z.object({
    kind: z.literal('weather'),
    city: z.string().max(100).nullable().optional(),
    /** The number a threshold compares: the temperature (°C, the default) or the wind (km/h). */
    measure: z.enum(['temperature', 'wind']).optional(),
  }),
  /** CoinGecko (no key): a coin id (bitcoin) in a currency (usd). */
  z.object({ kind: z.literal('price'), coin: z.string().max(60).optional(), currency: z.string().max(10).default('usd') }),
  /** The newest items of an RSS/Atom feed. */
  /**
   * An RSS or Atom feed: its `count` newest items; with `onlyNew`, each item not posted before, one
   * message each as {value} (the first check only remembers what the feed holds).
   */
  z.object({ kind: z.literal('news'), feedUrl: z.string().url().max(500).nullable(), count: z.number().int().min(1).max(10).default(3), onlyNew: z.boolean().optional() }),
  /** The model's answer to the message (or the argument), with the person's instructions. */
  z.object({ kind: z.literal('ai'), instructions: words }),
  /** The message (or argument) translated into `to` (a language code). */
  z.object({ kind: z.literal('translate'), to: z.string().min(2).max(10) }),
]);
export type DataSource = z.infer<typeof DataSourceSchema>;

export const ConditionSchema = z.discriminatedUnion('kind', [
  /** Only in the named channel, group or chat (`ask-here` for #ask-here). */
  z.object({ kind: z.literal('chat'), name: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('admins') }),
  /** Only between `from` and `to` on `weekdays` (all days when empty); `outside`: only outside them. */
  z.object({ kind: z.literal('hours'), from: hhmm, to: hhmm, weekdays: weekdays.default([]), outside: z.boolean().default(false) }),
  /** A data source's number below/above a value (either, when both are set); {value} holds the source's answer. On a schedule it fires once per crossing; on a message whenever it holds. */
  z.object({ kind: z.literal('threshold'), source: DataSourceSchema, below: z.number().optional(), above: z.number().optional() }),
  /** The sender has been warned at least this many times (counted by `warn`). */
  z.object({ kind: z.literal('warnings'), atLeast: z.number().int().min(1).max(100) }),
]);
export type Condition = z.infer<typeof ConditionSchema>;

export const ActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reply'), text: words }),
  z.object({ kind: z.literal('replyOneOf'), texts: z.array(words).min(1).max(PLAN_LIMITS.items), order: z.enum(['random', 'inTurn']).default('random') }),
  /** A message with buttons; a press runs the rules whose trigger is `{kind: 'button', id}`. */
  z.object({ kind: z.literal('buttons'), text: words, buttons: z.array(z.object({ id, label: z.string().min(1).max(64) })).min(1).max(12) }),
  /** Asks the questions one at a time in this chat, then says `done` and sends {answers} to the owner. */
  z.object({ kind: z.literal('ask'), questions: z.array(words).min(1).max(10), done: words }),
  /**
   * A list kept per chat. `add`/`remove` take the argument, or the sender's name when `item` is `sender`;
   * `next` takes the first item off (a queue: "!next calls the next one"), as {item}, and says `empty`
   * when there is none.
   */
  z.object({
    kind: z.literal('list'),
    list: storeName,
    op: z.enum(['add', 'remove', 'show', 'clear', 'next']),
    item: z.enum(['argument', 'sender']).default('argument'),
    text: words,
    empty: words.optional(),
    /** At most this many items: an add to a full list says `full` instead ("Sorry, class is full"). */
    max: z.number().int().min(1).max(10000).optional(),
    full: words.optional(),
  }),
  /**
   * Adds one to a counter per user or per chat, or (`add: 'number'`) the number written after the
   * command ("!ran 5.2" logs 5.2 km); {count} is the new total.
   */
  z.object({ kind: z.literal('count'), counter: storeName, per: z.enum(['user', 'chat']).default('user'), add: z.enum(['one', 'number']).optional() }),
  /** Sets a counter back to 0 for everyone in this chat ("/reset sets all wins back to 0"). */
  z.object({ kind: z.literal('resetCount'), counter: storeName }),
  /** The top N users of a counter in this chat, as {top}. */
  z.object({ kind: z.literal('top'), counter: storeName, n: z.number().int().min(1).max(50).default(10), text: words, empty: words.optional() }),
  /**
   * Asks the questions in turn; an answer is right when it matches `answer` (case-insensitive). With a
   * `counter`, each right answer counts one for the sender there (a `top` of it is the quiz's leaderboard).
   */
  z.object({
    kind: z.literal('quiz'),
    questions: z.array(z.object({ question: words, answer: words })).min(1).max(PLAN_LIMITS.items),
    right: words,
    wrong: words,
    done: words,
    counter: storeName.optional(),
  }),
  /** Converts the number in the argument; {value} holds the result. Currencies use a keyless rate API. */
  z.object({
    kind: z.literal('convert'),
    from: z.string().min(1).max(10),
    to: z.string().min(1).max(10),
    text: words,
  }),
  /** Sends to the channel set in the bot's settings (`channel`) or to the owner's chat. */
  z.object({ kind: z.literal('post'), to: z.enum(['channel', 'owner']).default('channel'), text: words }),
  /** Copies the message to the owner's chat, with who sent it. */
  z.object({ kind: z.literal('forward'), to: z.literal('owner').default('owner') }),
  z.object({ kind: z.literal('react'), emoji: z.string().min(1).max(40) }),
  z.object({ kind: z.literal('delete') }),
  /** Counts a warning for the sender (see the `warnings` condition) and says `text`. */
  z.object({ kind: z.literal('warn'), text: words }),
  z.object({ kind: z.literal('mute'), minutes: z.number().int().min(1).max(40320), text: words.optional() }),
  z.object({ kind: z.literal('kick'), text: words.optional() }),
  z.object({ kind: z.literal('ban'), text: words.optional() }),
  /**
   * A poll; with `fromArgument` the options come from the command's argument, and so does the question
   * when `question` is '' ("/poll Pizza or burgers?"; with a question: "/motm Jay, Kev, Tom").
   */
  z.object({
    kind: z.literal('poll'),
    question: words,
    options: z.array(words).max(10).default([]),
    fromArgument: z.boolean().default(false),
  }),
  /** Fetches a data source and says `text` with {value} (the whole answer when `text` is absent). */
  z.object({ kind: z.literal('data'), source: DataSourceSchema, text: words.optional() }),
  /** Code the plan cannot say, written in a marked region of the file that re-rendering keeps. */
  z.object({ kind: z.literal('custom'), name: id, description: z.string().max(500) }),
]);
export type Action = z.infer<typeof ActionSchema>;

export const RuleSchema = z.object({
  id,
  when: TriggerSchema,
  if: z.array(ConditionSchema).max(5).default([]),
  do: z.array(ActionSchema).min(1).max(10),
  /**
   * The named channel this rule posts in ("post in #hall-of-fame"), without the '#': a scheduled rule
   * runs there and its `post` actions go there. Platforms with named channels (Discord, Slack) find it
   * by name; elsewhere the configured channel is used.
   */
  channel: z.string().regex(/^[\w-]{1,80}$/, 'A channel name is letters, digits, - and _').optional(),
  /** The person's words this rule came from, shown on the card. */
  source: z.string().max(1000).optional(),
  /** Why the platform cannot do this rule (it stays on the card, out of the code). */
  unsupported: z.string().max(300).optional(),
});
export type Rule = z.infer<typeof RuleSchema>;

/** A setting that is not content (time zone, warnings before a mute), each listed when defaulted. */
export const PlanSettingsSchema = z.object({
  timeZone: z.string().max(60).default('UTC'),
  /** Commands start with this on platforms that have no native commands. */
  prefix: z.enum(['/', '!']).default('/'),
  /** Said to a command no rule knows; null: stay silent. */
  unknownCommand: words.optional(),
  /**
   * Settings the person wrote in the request that are no secret (a channel's @name, their own chat id
   * or number), by name: the bot uses each when its environment has none.
   */
  values: z.record(z.string().regex(/^[A-Z][A-Z0-9_]{1,40}$/), z.string().min(1).max(200)).optional(),
});

export const BotPlanSchema = z.object({
  version: z.literal(1).default(1),
  name: z.string().min(1).max(PLAN_LIMITS.name),
  platform: z.enum(PLAN_PLATFORMS),
  language: z.enum(PLAN_LANGUAGES),
  rules: z.array(RuleSchema).max(PLAN_LIMITS.rules),
  settings: PlanSettingsSchema.default({ timeZone: 'UTC', prefix: '/' }),
  /** Which settings were chosen for the person, one sentence each. */
  defaults: z.array(z.string().max(300)).max(20).default([]),
  /** What was asked and not built, quoted back with the reason. */
  notBuilt: z.array(z.object({ words: z.string().max(1000), reason: z.string().max(300) })).max(30).default([]),
});
export type BotPlan = z.infer<typeof BotPlanSchema>;
export type BotPlanInput = z.input<typeof BotPlanSchema>;
