// What happened in a test chat, step by step: each thing the user did (a message, a button tap, a
// member joining or leaving) and what the bot answered after it (new messages, edits, deletions,
// button-tap toasts). Saved chats keep this; replays record a new one and compare the answers.
import type { PostTestChatMessageInput, TestChatKind, TestChatMessage, TestChatUpdateFrame } from '../../../shared/test-chat.schema';

/** A user action as it is replayed: a button tap names its data, not a message id (ids differ between runs). */
export type TranscriptInput =
  | { text: string; as?: { firstName: string; username?: string } }
  | { callbackData: string }
  | { event: 'join' | 'leave'; member: { firstName: string; username?: string } };

export type TranscriptStep = { input: TranscriptInput; replies: string[] };

const MAX_STEPS = 200;
const MAX_REPLIES_PER_STEP = 50;

export class Transcript {
  private readonly steps: TranscriptStep[] = [];

  constructor(readonly chat: TestChatKind) {}

  /** The user did something: later bot frames are its answer. */
  input(input: PostTestChatMessageInput): void {
    if (this.steps.length >= MAX_STEPS) this.steps.shift();
    this.steps.push({ input: toTranscriptInput(input), replies: [] });
  }

  /** A frame of this chat: bot messages, edits, deletions and toasts answer the last step. */
  frame(frame: TestChatUpdateFrame): void {
    if (frame.chat !== this.chat) return;
    const step = this.steps.at(-1);
    if (!step || step.replies.length >= MAX_REPLIES_PER_STEP) return;
    const reply = describeFrame(frame);
    if (reply !== null) step.replies.push(reply);
  }

  snapshot(): TranscriptStep[] {
    return this.steps.map((s) => ({ input: s.input, replies: [...s.replies] }));
  }

  /** Replies to the last step so far. */
  lastReplies(): number {
    return this.steps.at(-1)?.replies.length ?? 0;
  }

  clear(): void {
    this.steps.length = 0;
  }
}

export function toTranscriptInput(input: PostTestChatMessageInput): TranscriptInput {
  if ('text' in input) return input.as ? { text: input.text, as: input.as } : { text: input.text };
  if ('callbackData' in input) return { callbackData: input.callbackData };
  return { event: input.event, member: input.member };
}

/** One line per bot-side change, comparable between runs (message ids left out). */
export function describeFrame(frame: TestChatUpdateFrame): string | null {
  if (frame.toast !== undefined) return `(toast) ${frame.toast}`;
  const message = frame.message;
  if (!message) return null;
  // Moderation deletes the user's messages: that is the bot's answer too.
  if (message.deleted) return message.from === 'bot' ? '(deleted a message)' : "(deleted the user's message)";
  if (message.from !== 'bot') return null;
  return `${message.edited ? '(edited) ' : ''}${describeMessage(message)}`;
}

export function describeMessage(message: TestChatMessage): string {
  const parts: string[] = [];
  if (message.photoUrl) parts.push('[photo]');
  if (message.documentName) parts.push(`[document ${message.documentName}]`);
  if (message.text) parts.push(message.text);
  const buttons = buttonLabels(message.replyMarkup);
  if (buttons.length) parts.push(buttons.map((b) => `[${b}]`).join(' '));
  return parts.join('\n');
}

function buttonLabels(markup: Record<string, unknown> | undefined): string[] {
  const rows = (markup?.inline_keyboard ?? markup?.keyboard) as unknown;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => (Array.isArray(row) ? row : [])).map((b) => (typeof b === 'string' ? b : String((b as { text?: unknown })?.text ?? '')));
}
