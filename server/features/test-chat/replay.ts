// Replaying saved chats: the bot restarts in test mode (the saved file, or a proposed version of
// it) against a test chat of the replay's own, each saved chat is played step by step into a
// cleared conversation, and the bot's answers are compared with the saved ones. The run is stopped
// at the end. A step waits for as many answers as were saved (then a short quiet time for extra
// ones), so a replay takes about as long as the bot needs to answer.
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import type { PostTestChatMessageInput, TestChatKind, TestChatResult } from '../../../shared/test-chat.schema';
import { startRun } from '../runner/runs/run.service';
import type { TestChatSession } from './emulator/test-chats';
import { transcriptOf } from './transcripts';
import type { TranscriptInput, TranscriptStep } from './transcript';

/** How long the bot may take to start listening, and to give each saved answer. */
const START_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 10_000;
/** Quiet time after the last expected answer, for answers beyond the saved ones. */
const SETTLE_MS = 300;


/** A saved chat as kept: its name, its chat, the person's steps and the bot's expected answers. */
export type SavedChat = { name: string; chat: TestChatKind; steps: TranscriptStep[]; createdAt: string };

export async function replaySavedChats(ctx: ServiceCtx, input: { fileId: string; content?: string; saved: SavedChat[] }): Promise<TestChatResult[]> {
  const { deps, userId } = ctx;
  const { replaying } = deps.testChat;
  if (replaying.has(input.fileId)) throw new AppError('CONFLICT', 'The saved chats of this file are already being run');
  replaying.add(input.fileId);
  const chatKey = `${input.fileId}~replay`;
  const session = deps.testChat.chats.session({ userId, fileId: chatKey });
  try {
    session.clear();
    await startRun(ctx, { fileId: input.fileId, mode: 'test', content: input.content, chatKey });
    const stopped = () => {
      const state = deps.runs.state(userId, input.fileId);
      return !state?.live ? (state?.exit?.message ?? 'The bot is not running') : null;
    };
    await waitUntil(() => session.botListening() || stopped() !== null, START_TIMEOUT_MS);
    const results: TestChatResult[] = [];
    for (const saved of input.saved) results.push(await replayOne(session, saved, stopped));
    return results;
  } finally {
    await deps.runs.stop(userId, input.fileId).catch(() => false);
    deps.testChat.chats.forget({ userId, fileId: chatKey });
    replaying.delete(input.fileId);
  }
}

async function replayOne(session: TestChatSession, saved: SavedChat, stopped: () => string | null): Promise<TestChatResult> {
  session.clear();
  const transcript = transcriptOf(session, saved.chat);
  transcript.clear();
  const expected = saved.steps.flatMap((s) => s.replies);
  const notes: string[] = [];
  for (const step of saved.steps) {
    const why = stopped();
    if (why) {
      notes.push(`(the bot stopped: ${why})`);
      break;
    }
    let post: PostTestChatMessageInput;
    try {
      post = toPostInput(session, saved.chat, step.input);
      transcript.input(post);
      session.post(post);
    } catch (err) {
      notes.push(`(could not replay ${describeInput(step.input)}: ${(err as Error).message})`);
      break;
    }
    await waitUntil(() => transcript.lastReplies() >= step.replies.length || stopped() !== null, STEP_TIMEOUT_MS);
    // Answers beyond the saved ones count too: wait until the bot has been quiet for a moment.
    for (let seen = -1; seen !== transcript.lastReplies(); ) {
      seen = transcript.lastReplies();
      await sleep(SETTLE_MS);
    }
  }
  const actual = [...transcript.snapshot().flatMap((s) => s.replies), ...notes];
  return { name: saved.name, passed: notes.length === 0 && sameList(expected, actual), expected, actual };
}

/** A saved step as the user's action now: a button tap finds the latest message with that button. */
function toPostInput(session: TestChatSession, chat: TestChatKind, input: TranscriptInput): PostTestChatMessageInput {
  if ('callbackData' in input) {
    const message = session
      .messages(chat)
      .filter((m) => m.from === 'bot' && !m.deleted && hasButton(m.replyMarkup, input.callbackData))
      .at(-1);
    if (!message) throw new AppError('BAD_REQUEST', 'the bot did not show that button');
    return { callbackData: input.callbackData, messageId: message.id, chat };
  }
  if ('event' in input) return { event: input.event, member: input.member, chat };
  return input.as ? { text: input.text, as: input.as, chat } : { text: input.text, chat };
}

function hasButton(markup: Record<string, unknown> | undefined, data: string): boolean {
  const rows = markup?.inline_keyboard;
  return Array.isArray(rows) && rows.some((row) => Array.isArray(row) && row.some((b) => (b as { callback_data?: unknown })?.callback_data === data));
}

function describeInput(input: TranscriptInput): string {
  if ('callbackData' in input) return `the button tap '${input.callbackData}'`;
  if ('event' in input) return `${input.member.firstName} ${input.event === 'join' ? 'joining' : 'leaving'}`;
  return `'${input.text}'`;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(25);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
