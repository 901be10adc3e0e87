// The test chat (talk to your Telegram bot in the browser): the user's side of a conversation
// with a bot running in test mode against Botwright's Telegram Bot API emulator. Shared by REST,
// tRPC, the /ws frames and the client. Every `date` is Unix time in seconds.
import { z } from 'zod';
import { idField } from './workspace.schema';

/** The private chat with the bot, or the test group with simulated members. */
export const testChatKind = z.enum(['private', 'group'], { error: "Chat must be 'private' or 'group'" });

/** A simulated person: `{firstName, username?}`; a plain string is read as the first name. */
export const testChatMember = z.preprocess(
  (value) => (typeof value === 'string' ? { firstName: value } : value),
  z.strictObject({
    firstName: z.string().trim().min(1, { error: 'A member needs a first name' }).max(64, { error: 'Names can be at most 64 characters' }),
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, { error: 'Usernames are 5-32 letters, digits and underscores, starting with a letter' })
      .optional(),
  }),
);

/** An inline or reply keyboard as the bot sent it (Telegram's own reply_markup object). */
export const testChatReplyMarkup = z.record(z.string(), z.unknown());

export const testChatMessage = z.strictObject({
  id: z.number().int(),
  from: z.enum(['user', 'bot']),
  text: z.string(),
  date: z.number().int(),
  edited: z.boolean().optional(),
  deleted: z.boolean().optional(),
  replyMarkup: testChatReplyMarkup.optional(),
  photoUrl: z.string().optional(),
  documentName: z.string().optional(),
  /** Extensions: which chat, who wrote it in a group, how the text is formatted, join/leave notices. */
  chat: testChatKind.optional(),
  author: z.strictObject({ firstName: z.string(), username: z.string().optional() }).optional(),
  parseMode: z.enum(['HTML', 'Markdown', 'MarkdownV2']).optional(),
  entities: z.array(z.record(z.string(), z.unknown())).optional(),
  event: z.enum(['join', 'leave']).optional(),
  documentUrl: z.string().optional(),
});

const chatTarget = { chat: testChatKind.optional() };
const textInput = z.strictObject({
  text: z.string().min(1, { error: 'Type a message' }).max(4096, { error: 'Messages can be at most 4096 characters' }),
  /** In the group: post as this member instead of as yourself. */
  as: testChatMember.optional(),
  ...chatTarget,
});
const tapInput = z.strictObject({
  callbackData: z.string().max(64, { error: 'Button data can be at most 64 bytes' }),
  messageId: z.number().int().positive(),
  ...chatTarget,
});
const memberInput = z.strictObject({ event: z.enum(['join', 'leave']), member: testChatMember, ...chatTarget });
/** POST /api/test-chat/:fileId/messages: the user's side of the chat. */
export const postTestChatMessageInput = z.union([textInput, tapInput, memberInput]);
const withFile = { fileId: idField };
/** The same as a tRPC input (REST merges the path's fileId into the body). */
export const postTestChatMessageCall = z.union([textInput.extend(withFile), tapInput.extend(withFile), memberInput.extend(withFile)]);
/** Which chat a post goes to: people join and leave the test group, so a member event goes there unless told otherwise. */
export function chatOfPost(input: PostTestChatMessageInput): TestChatKind {
  return input.chat ?? ('event' in input ? 'group' : 'private');
}
export const testChatMessagesInput = z.strictObject({
  fileId: idField,
  chat: testChatKind.optional(),
  /** Only messages with a larger id. */
  after: z.coerce.number().int().nonnegative().optional(),
});
export const clearTestChatInput = z.strictObject({ fileId: idField, chat: testChatKind.optional() });

export const savedTestChat = z.strictObject({
  name: z.string(),
  createdAt: z.string(),
  /** How many of the user's messages it replays. */
  steps: z.number().int(),
});
export const saveTestChatInput = z.strictObject({
  fileId: idField,
  name: z.string().trim().min(1, { error: 'Give the saved chat a name' }).max(100, { error: 'Names can be at most 100 characters' }),
  chat: testChatKind.optional(),
});
export const testChatResult = z.strictObject({
  name: z.string(),
  passed: z.boolean(),
  /** The bot's replies as saved, and as given now: one entry per reply, in order. */
  expected: z.array(z.string()),
  actual: z.array(z.string()),
});
/** `content`: check a proposed version of the file (an AI edit's preview) instead of the saved one. */
export const runSavedTestChatsInput = z.strictObject({ fileId: idField, content: z.string().max(1024 * 1024).optional() });
export const deleteSavedTestChatInput = z.strictObject({ fileId: idField, name: z.string().min(1).max(100) });

/** Beside /ws `execute-file` frames: what changed in a test chat. */
export const testChatUpdateFrame = z.strictObject({
  type: z.literal('test_chat_update'),
  fileId: z.string(),
  chat: testChatKind,
  /** A new or changed message (edited, deleted). */
  message: testChatMessage.optional(),
  /** The bot called sendChatAction: show "typing..." for a few seconds. */
  typing: z.boolean().optional(),
  /** The bot answered a button tap with a text (answerCallbackQuery): show it as a toast. */
  toast: z.string().optional(),
  /** The conversation was cleared. */
  cleared: z.boolean().optional(),
});

export const testChatFileInput = z.strictObject({ fileId: idField });

export type TestChatKind = z.infer<typeof testChatKind>;
export type TestChatMember = z.infer<typeof testChatMember>;
export type TestChatMessage = z.infer<typeof testChatMessage>;
export type PostTestChatMessageInput = z.infer<typeof postTestChatMessageInput>;
export type SavedTestChat = z.infer<typeof savedTestChat>;
export type TestChatResult = z.infer<typeof testChatResult>;
export type TestChatUpdateFrame = z.infer<typeof testChatUpdateFrame>;
