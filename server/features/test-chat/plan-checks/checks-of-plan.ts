// The plan checks of a bot: one exchange per rule of its plan, derived from the plan alone, with the
// reply words the plan holds. A check posts what would start the rule in the test chat (a command
// with a sample argument, one of its keywords, a member joining, a press of the button after the
// message that shows it) and expects the rule's texts, placeholders aside: {name} and {args} are
// known (who posts, what was sent), the rest ({count}, {list}, {value}...) only split a text into the
// words around them. A rule the test chat cannot start or show (a reaction, the web's data, a
// named channel) is listed with the reason instead of being checked.
import type { Action, BotPlan, Rule } from '../../../../shared/bot-plan.schema';
import { blanksOf, ruleInWords } from '../../../../shared/bot-plan-words';
import type { TestChatKind } from '../../../../shared/test-chat.schema';
import { isUnitPair } from '../../ai/plan/render/plan-uses';
import { scheduleMoments } from './schedule-moments';

/** What a check does in the test chat. `{bot}` in a text is the bot's @username. */
export type CheckPost =
  | { text: string; chat: TestChatKind; as?: { firstName: string } }
  | { press: string; label: string; chat: TestChatKind }
  | { event: 'join' | 'leave'; member: { firstName: string }; chat: 'group' }
  /** The test chat's clock moves to this moment (Unix ms), where a scheduled rule is due or not; `chat`: where it posts. */
  | { clock: number; chat: TestChatKind; timeZone: string };

/**
 * Each expectation holds when one of its alternatives (all of its words) is in the bot's answers; an
 * empty alternative holds when the bot answered anything (a list shown as it is).
 */
export type Expectation = { anyOf: string[][] };
/** `count`: how many of the bot's messages must hold the expectation (a schedule posts once, or not at all). */
export type CheckStep = { post: CheckPost; expect: Expectation[]; deletes?: boolean; count?: number };
export type PlanCheck = { ruleId: string; words: string; steps: CheckStep[] };
export type SkippedCheck = { ruleId: string; words: string; reason: string };

/** Who posts in a check, and what a command gets after its name when the rule uses it. */
export const TESTER = 'Test user';
/** Members who break the rules, one a check: a kick or a ban leaves them out of the group. */
const GUESTS = ['Sam', 'Kim', 'Lee', 'Max', 'Ada', 'Tom', 'Eva', 'Ian'];
const NEWCOMER = 'Dana';
const LEAVER = 'Bob';
const POLL_SAMPLE = 'Pizza or burgers?';
const NEUTRAL_MESSAGES = ['Hello, is anyone here?', 'Good afternoon', 'Quick question 42'];

type Vars = { name: string; args: string; text: string };

/** `now`: when the checks run (a schedule's moments are the next ones after it). */
export function planChecks(plan: BotPlan, now = Date.now()): { checks: PlanCheck[]; skipped: SkippedCheck[] } {
  const checks: PlanCheck[] = [];
  const skipped: SkippedCheck[] = [];
  const waiting = new Set(blanksOf(plan).map((b) => b.ruleId));
  // The test clock only goes forward: each schedule's moments come after the last one moved to (a rule
  // every N minutes counts from its last post, which an earlier move may have made).
  const clock = { from: now };
  for (const rule of plan.rules) {
    const words = ruleInWords(rule, plan);
    const reason = rule.unsupported ?? (waiting.has(rule.id) ? 'it waits for your words' : whyNotChecked(rule));
    if (reason) {
      skipped.push({ ruleId: rule.id, words, reason });
      continue;
    }
    const steps = rule.when.kind === 'schedule' ? scheduleSteps(rule, plan, clock) : stepsOf(rule, plan, 0, GUESTS[checks.length % GUESTS.length]!);
    if (typeof steps === 'string') skipped.push({ ruleId: rule.id, words, reason: steps });
    else checks.push({ ruleId: rule.id, words, steps });
  }
  return { checks, skipped };
}

/** Why the test chat cannot start or see this rule, or null. */
function whyNotChecked(rule: Rule): string | null {
  if (rule.when.kind === 'reaction') return 'the test chat has no reactions';
  for (const condition of rule.if) {
    if (condition.kind === 'chat') return `it answers only in ${condition.name}, which the test chat does not have`;
    if (condition.kind === 'hours') return 'it depends on the time of day';
    if (condition.kind === 'threshold') return 'it depends on data read from the web';
    if (condition.kind === 'warnings') return 'it needs earlier warnings';
  }
  for (const action of rule.do) {
    if (action.kind === 'data') return `it reads ${action.source.kind === 'ai' ? 'an AI model' : 'data from the web'}, which checks do not call`;
    if (action.kind === 'convert' && !isUnitPair(action.from, action.to)) return 'it reads exchange rates from the web';
  }
  return null;
}

/** The steps that start the rule and see its answer; a string says why it cannot be checked. */
function stepsOf(rule: Rule, plan: BotPlan, depth: number, guest: string): CheckStep[] | string {
  const moderates = rule.do.some((a) => ['delete', 'warn', 'mute', 'kick', 'ban'].includes(a.kind));
  const chat: TestChatKind = moderates || rule.if.some((c) => c.kind === 'admins') || rule.when.kind === 'mention' ? 'group' : 'private';
  // Moderation is tried on a member who joins for it (the tester owns the group: no bot may ban them).
  const as = moderates ? { firstName: guest } : undefined;
  const joins: CheckStep[] = as ? [{ post: { event: 'join', member: as, chat: 'group' }, expect: [] }] : [];
  const name = as?.firstName ?? TESTER;
  const when = rule.when;
  let post: CheckPost;
  let vars: Vars;
  switch (when.kind) {
    case 'command': {
      const args = sampleArgument(rule.do);
      const text = `/${when.name}${args ? ` ${args}` : ''}`;
      post = { text, chat, ...(as ? { as } : {}) };
      vars = { name, args, text };
      break;
    }
    case 'keyword': {
      const text = when.words[0]!;
      post = { text, chat, ...(as ? { as } : {}) };
      vars = { name, args: '', text };
      break;
    }
    case 'message': {
      const text = neutralMessage(plan);
      if (!text) return 'every message the checks could send starts another rule';
      post = { text, chat, ...(as ? { as } : {}) };
      vars = { name, args: '', text };
      break;
    }
    case 'mention': {
      const text = '@{bot} hello';
      post = { text, chat };
      vars = { name, args: '', text };
      break;
    }
    case 'join':
    case 'leave': {
      const member = when.kind === 'join' ? NEWCOMER : LEAVER;
      post = { event: when.kind, member: { firstName: member }, chat: 'group' };
      vars = { name: member, args: '', text: '' };
      break;
    }
    case 'button': {
      if (depth > 3) return 'its button is shown too deep in menus';
      const shower = plan.rules.find((r) => r.id !== rule.id && r.do.some((a) => a.kind === 'buttons' && a.buttons.some((b) => b.id === when.id)));
      if (!shower) return 'no rule shows its button';
      const before = whyNotChecked(shower) ?? stepsOf(shower, plan, depth + 1, guest);
      if (typeof before === 'string') return `the message with its button cannot be checked: ${before}`;
      const label = (shower.do.find((a) => a.kind === 'buttons') as Extract<Action, { kind: 'buttons' }>).buttons.find((b) => b.id === when.id)!.label;
      const chatOfMenu = before.at(-1)!.post.chat;
      return [...before, ...answerSteps(rule, { press: when.id, label, chat: chatOfMenu }, { name: TESTER, args: '', text: label })];
    }
    default:
      return 'the test chat cannot start it';
  }
  const steps = answerSteps(rule, post, vars);
  if (steps.length > 0) return [...joins, ...steps];
  return rule.do.some((a) => a.kind === 'custom') ? 'it runs custom code: try it yourself' : 'it says nothing the test chat can show';
}

/** A scheduled rule: it posts once when due, not again a minute later, and once when next due. */
function scheduleSteps(rule: Rule, plan: BotPlan, clock: { from: number }): CheckStep[] | string {
  if (rule.when.kind !== 'schedule') return 'it is not a schedule';
  const moments = scheduleMoments(rule.when, plan.settings.timeZone, clock.from);
  if (!moments) return 'it is never due';
  const vars = { name: '', args: '', text: '' };
  const expect = rule.do.map((a) => expectationOf(a, vars)).filter((e): e is Expectation => e !== null);
  if (expect.length === 0) return 'it says nothing the test chat can show';
  const chat: TestChatKind = rule.do.some((a) => a.kind === 'post' && a.to === 'owner') ? 'private' : 'group';
  const timeZone = plan.settings.timeZone;
  const at = (moment: number, count: number): CheckStep => ({ post: { clock: moment, chat, timeZone }, expect, count });
  clock.from = moments.next + 20_000;
  return [at(moments.first + 10_000, 1), at(moments.between, 0), at(moments.next + 10_000, 1)];
}

/** The post, what it must answer, and the steps of a conversation it starts (questions, a quiz). */
function answerSteps(rule: Rule, post: CheckPost, vars: Vars): CheckStep[] {
  const expect: Expectation[] = [];
  let deletes = false;
  const more: CheckStep[] = [];
  const chat = post.chat;
  for (const action of rule.do) {
    const seen = expectationOf(action, vars);
    if (seen) expect.push(seen);
    if (action.kind === 'delete') deletes = true;
    if (action.kind === 'ask') {
      const rest = [...action.questions.slice(1), action.done];
      rest.forEach((text, i) => {
        const answer = `Answer ${i + 1}`;
        more.push({ post: { text: answer, chat }, expect: [{ anyOf: [pieces(text, { ...vars, text: answer })] }] });
      });
    }
    if (action.kind === 'quiz') {
      action.questions.forEach((q, i) => {
        const next = action.questions[i + 1];
        const said = [pieces(action.right, vars), ...(next ? [pieces(next.question, vars)] : [pieces(action.done, vars)])];
        more.push({ post: { text: q.answer ?? '', chat }, expect: said.filter((p) => p.length > 0).map((p) => ({ anyOf: [p] })) });
      });
    }
  }
  if (expect.length === 0 && !deletes) return [];
  return [{ post, expect, ...(deletes ? { deletes } : {}) }, ...more];
}

function expectationOf(action: Action, vars: Vars): Expectation | null {
  const one = (text: string | null | undefined) => {
    const words = pieces(text, vars);
    return words.length > 0 ? { anyOf: [words] } : null;
  };
  switch (action.kind) {
    case 'reply':
    case 'post':
    case 'warn':
    case 'convert':
      return one(action.text);
    case 'mute':
    case 'kick':
    case 'ban':
      return one(action.text);
    case 'replyOneOf': {
      const texts = action.order === 'inTurn' ? action.texts.slice(0, 1) : action.texts;
      const anyOf = texts.map((t) => pieces(t, vars)).filter((p) => p.length > 0);
      return anyOf.length > 0 ? { anyOf } : null;
    }
    case 'buttons':
      return { anyOf: [[...pieces(action.text, vars), ...action.buttons.map((b) => b.label)]] };
    case 'ask':
      return one(action.questions[0]);
    case 'quiz':
      return one(action.questions[0]?.question);
    case 'list':
    case 'top': {
      // A list of the senders ("I'm in") holds the name of who sent it.
      const own = action.kind === 'list' && action.item === 'sender' ? { ...vars, args: vars.name } : vars;
      const anyOf = [pieces(action.text, own), ...(action.empty ? [pieces(action.empty, own)] : [])];
      // Only the list itself ('{list}'): any answer will do, it depends on what is in it.
      return { anyOf: anyOf.some((p) => p.length === 0) ? [[]] : anyOf };
    }
    case 'poll':
      return action.fromArgument ? { anyOf: [[POLL_SAMPLE.split(' ')[0]!]] } : one(action.question);
    case 'forward':
      return vars.text ? { anyOf: [[vars.text]] } : null;
    default:
      return null;
  }
}

/** What a command is sent with, for the rule's actions to have an argument to use. */
function sampleArgument(actions: Action[]): string {
  for (const action of actions) {
    if (action.kind === 'convert') return '20';
    if (action.kind === 'poll' && action.fromArgument) return POLL_SAMPLE;
    if (action.kind === 'count' && action.add === 'number') return '5';
    if (action.kind === 'list' && (action.op === 'add' || action.op === 'remove') && action.item === 'argument') return 'test item';
  }
  const texts = JSON.stringify(actions);
  return /\{(?:args|item)\}/.test(texts) ? 'test' : '';
}

/** A message that starts no keyword rule of the plan (nor is a command). */
function neutralMessage(plan: BotPlan): string | null {
  const keywords = plan.rules.flatMap((r) => (r.when.kind === 'keyword' ? r.when.words : [])).map((w) => w.toLowerCase());
  return NEUTRAL_MESSAGES.find((m) => !keywords.some((k) => new RegExp(`(^|\\W)${escape(k)}($|\\W)`, 'i').test(m))) ?? null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of a text the answer must hold: {name}, {args}, {item} and {text} filled, the other
 * placeholders leaving gaps; each piece trimmed, pieces with no letter or digit dropped.
 */
export function pieces(text: string | null | undefined, vars: Vars): string[] {
  if (!text) return [];
  const filled = text
    .replaceAll('{name}', vars.name)
    .replaceAll('{args}', vars.args)
    .replaceAll('{item}', vars.args)
    .replaceAll('{text}', vars.text);
  return filled
    .split(/\{[a-z]+\}/)
    .flatMap((part) => part.split('\n'))
    .map((part) => part.trim())
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
}
