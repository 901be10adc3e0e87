// Runs a bot's plan checks (checks-of-plan.ts) in the test chat: the bot starts in test mode (the
// saved file, or a proposed version of it in a chat of its own), each check's steps are posted as a
// person would, and the bot's answers (in either chat: a copy for the owner lands in the private one)
// must hold the words the plan gives. A check stops at its first failing step. The saved file keeps
// running in test mode afterwards, its conversation in the test chat, so "Try it" finds it ready.
import type { ServiceCtx } from '../../../trpc';
import { AppError } from '../../../errors';
import type { PostTestChatMessageInput, TestChatKind, TestChatUpdateFrame } from '../../../../shared/test-chat.schema';
import { startRun } from '../../runner/runs/run.service';
import type { OutputLine } from '../../runner/runs/run-output';
import { botNames } from '../emulator/chat-identities';
import type { TestChatSession } from '../emulator/test-chats';
import { describeFrame, toTranscriptInput, type TranscriptStep } from '../transcript';
import type { CheckPost, CheckStep, Expectation, PlanCheck } from './checks-of-plan';
import { momentInWords } from './schedule-moments';

const START_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 8_000;
/**
 * Quiet time after the expected answer, for the rest of it (a copy to the owner, a second message: a
 * bot sends those back to back, milliseconds apart).
 */
const SETTLE_MS = 60;
/** Between two posts: with a message or two answered per post, Telegram's 30 messages a second stay far away. */
const POST_GAP_MS = 20;
/** After the clock moved: the bot's schedules look every second. */
const CLOCK_SETTLE_MS = 3_000;

export type CheckResult = { ruleId: string; words: string; passed: boolean; lines: string[] };
/** `transcripts`: each chat's exchanges as a saved chat keeps them (the clock's moves aside), to replay later. */
/** `errors`: the bot's last error lines while it was checked. */
export type ChecksRun = { results: CheckResult[]; transcripts: Record<TestChatKind, TranscriptStep[]>; errors: string[] } | { notStarted: string };

export async function runPlanChecks(
  ctx: ServiceCtx,
  input: { fileId: string; filename: string; checks: PlanCheck[]; content?: string },
): Promise<ChecksRun> {
  const { deps, userId } = ctx;
  const { replaying } = deps.testChat;
  if (replaying.has(input.fileId)) throw new AppError('CONFLICT', 'The saved chats of this file are already being run');
  // A test run would end the bot's live run: a change of a bot that is live is checked when it is stopped.
  const state = deps.runs.state(userId, input.fileId);
  if (state?.live && state.mode === 'live') return { notStarted: 'the bot is running live, and a test run would stop it (stop it, then press Check with saved chats)' };
  replaying.add(input.fileId);
  // A proposed version talks in a chat of its own and stops at the end; the saved file stays on.
  const proposed = input.content !== undefined;
  const chatKey = proposed ? `${input.fileId}~checks` : input.fileId;
  const session = deps.testChat.chats.session({ userId, fileId: chatKey, botName: input.filename });
  const errors: string[] = [];
  let detach: (() => void) | null = null;
  try {
    session.clear();
    await startRun(ctx, { fileId: input.fileId, mode: 'test', ...(proposed ? { content: input.content, chatKey } : {}) });
    detach = deps.runs.attach(userId, input.fileId, {
      lines: (lines: OutputLine[]) => {
        for (const line of lines) if (line.kind === 'error') errors.push(...line.text.split('\n').filter(Boolean).slice(-10));
        errors.splice(0, Math.max(0, errors.length - 10));
      },
      exit: () => {},
    });
    const stopped = () => {
      const state = deps.runs.state(userId, input.fileId);
      return !state?.live ? (state?.exit?.message ?? 'The bot is not running') : null;
    };
    await waitUntil(() => session.botListening() || stopped() !== null, START_TIMEOUT_MS);
    const why = stopped() ?? (session.botListening() ? null : 'it did not connect to the test chat within 20 seconds');
    if (why) return { notStarted: [why, ...errors.slice(-2)].join(': ') };
    const bot = `@${botNames(input.filename).username}`;
    const results: CheckResult[] = [];
    const transcripts: Record<TestChatKind, TranscriptStep[]> = { private: [], group: [] };
    const record = (chat: TestChatKind, step: TranscriptStep) => transcripts[chat].push(step);
    for (const check of input.checks) results.push(await runCheck(session, check, bot, stopped, record));
    return { results, transcripts, errors: [...errors] };
  } finally {
    detach?.();
    if (proposed) {
      await deps.runs.stop(userId, input.fileId).catch(() => false);
      deps.testChat.chats.forget({ userId, fileId: chatKey });
    }
    replaying.delete(input.fileId);
  }
}

type Recorder = (chat: TestChatKind, step: TranscriptStep) => void;

async function runCheck(session: TestChatSession, check: PlanCheck, bot: string, stopped: () => string | null, record: Recorder): Promise<CheckResult> {
  const lines: string[] = [];
  for (const step of check.steps) {
    const why = stopped();
    if (why) {
      lines.push(`(the bot stopped: ${why})`);
      return { ruleId: check.ruleId, words: check.words, passed: false, lines };
    }
    const problem = await runStep(session, step, bot, lines, record);
    if (problem) {
      lines.push(problem);
      return { ruleId: check.ruleId, words: check.words, passed: false, lines };
    }
  }
  return { ruleId: check.ruleId, words: check.words, passed: true, lines };
}

/** Posts one step (or moves the clock) and waits for its answer; the problem, or null when the answer holds. */
async function runStep(session: TestChatSession, step: CheckStep, bot: string, lines: string[], record: Recorder): Promise<string | null> {
  if ('clock' in step.post) return clockStep(session, step, step.post, lines);
  const answers: string[] = [];
  /** The answer in the step's own chat, as a saved chat keeps it. */
  const own: string[] = [];
  let deleted = false;
  const stop = session.onChange((frame: TestChatUpdateFrame) => {
    const said = describeFrame(frame);
    if (said && frame.chat === step.post.chat) own.push(said);
    if (said === "(deleted the user's message)") deleted = true;
    if (said && said !== "(deleted the user's message)") answers.push(frame.chat === step.post.chat ? said : `${said} (${frame.chat === 'group' ? 'in the group' : 'to you'})`);
  });
  try {
    let post: PostTestChatMessageInput;
    try {
      post = toPost(session, step.post, bot);
    } catch (err) {
      return `(could not ${describePost(step.post, bot)}: ${(err as Error).message})`;
    }
    lines.push(describePost(step.post, bot));
    await sleep(POST_GAP_MS);
    session.post(post);
    const holds = () => step.expect.every((e) => met(e, answers)) && (!step.deletes || deleted);
    await waitUntil(holds, STEP_TIMEOUT_MS);
    for (let seen = answers.length, first = true; first || seen !== answers.length; first = false) {
      seen = answers.length;
      await sleep(SETTLE_MS);
    }
    record(step.post.chat, { input: toTranscriptInput(post), replies: own });
    lines.push(...(answers.length ? answers.map((a) => `bot: ${a.length > 300 ? `${a.slice(0, 297)}...` : a}`) : ['bot: (no answer)']));
    if (step.deletes && deleted) lines.push("bot: (deleted the message)");
    const missing = step.expect.filter((e) => !met(e, answers)).map((e) => e.anyOf[0]!.filter((w) => !answers.join('\n').includes(w)));
    if (missing.length > 0) return `missing: ${missing.flat().map((w) => `"${w}"`).join(', ')}`;
    if (step.deletes && !deleted) return 'missing: the message was not deleted';
    return null;
  } finally {
    stop();
  }
}

/**
 * The clock moves to a moment: the bot looks at it every second, so after a few seconds it has posted
 * what was due, as many times as it will. Each expectation must be held by exactly `count` messages.
 */
async function clockStep(session: TestChatSession, step: CheckStep, post: { clock: number; timeZone: string }, lines: string[]): Promise<string | null> {
  const answers: string[] = [];
  const stop = session.onChange((frame) => {
    const said = describeFrame(frame);
    if (said && frame.message?.from === 'bot') answers.push(said);
  });
  try {
    session.setTestClock(post.clock);
    lines.push(`the test clock moves to ${momentInWords(post.clock, post.timeZone)}`);
    const count = step.count ?? 1;
    const holding = (e: Expectation) => answers.filter((a) => met(e, [a])).length;
    await waitUntil(() => count > 0 && step.expect.every((e) => holding(e) >= count), STEP_TIMEOUT_MS);
    // The bot looks at the clock every second: a second post would come within a few.
    await sleep(CLOCK_SETTLE_MS);
    lines.push(...(answers.length ? answers.map((a) => `bot: ${a.length > 300 ? `${a.slice(0, 297)}...` : a}`) : ['bot: (nothing)']));
    const wrong = step.expect.find((e) => holding(e) !== count);
    if (!wrong) return null;
    const times = holding(wrong);
    return count === 0 ? `posted when nothing was due (${times === 1 ? 'once' : `${times} times`})` : times === 0 ? `missing: ${wrong.anyOf[0]!.map((w) => `"${w}"`).join(', ')}` : `posted ${times} times instead of once`;
  } finally {
    stop();
  }
}

function met(expectation: Expectation, answers: string[]): boolean {
  const said = answers.join('\n');
  return expectation.anyOf.some((words) => (words.length === 0 ? answers.length > 0 : words.every((w) => said.includes(w))));
}

function toPost(session: TestChatSession, post: Exclude<CheckPost, { clock: number }>, bot: string): PostTestChatMessageInput {
  if ('press' in post) {
    const found = latestButton(session, post.chat, post.label);
    if (!found) throw new Error(`no message shows the button '${post.label}'`);
    return { callbackData: found.data, messageId: found.messageId, chat: post.chat };
  }
  if ('event' in post) return { event: post.event, member: post.member, chat: 'group' };
  const text = post.text.replaceAll('@{bot}', bot);
  return post.as ? { text, as: post.as, chat: post.chat } : { text, chat: post.chat };
}

/** The newest message of the bot with a button so labelled. */
function latestButton(session: TestChatSession, chat: TestChatKind, label: string): { data: string; messageId: number } | null {
  for (const m of session.messages(chat).reverse()) {
    if (m.from !== 'bot' || m.deleted) continue;
    const rows = (m.replyMarkup as { inline_keyboard?: Array<Array<{ text?: string; callback_data?: string }>> } | undefined)?.inline_keyboard ?? [];
    const button = rows.flat().find((b) => b.text === label && b.callback_data);
    if (button) return { data: button.callback_data!, messageId: m.id };
  }
  return null;
}

function describePost(post: Exclude<CheckPost, { clock: number }>, bot: string): string {
  if ('press' in post) return `you press [${post.label}]`;
  if ('event' in post) return `${post.member.firstName} ${post.event === 'join' ? 'joins' : 'leaves'} the group`;
  const who = post.as ? post.as.firstName : 'you';
  return `${who}${post.chat === 'group' ? ' (in the group)' : ''}: ${post.text.replaceAll('@{bot}', bot)}`;
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(5);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
