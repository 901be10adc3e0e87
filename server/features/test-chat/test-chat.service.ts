// The user's side of the test chat (REST and tRPC): read the conversation, write in it, clear it,
// fetch a file the bot sent. Only the owner of a Telegram bot file gets anywhere (404 otherwise).
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { ownedFile } from '../workspace/files';
import { chatOfPost, type PostTestChatMessageInput, type TestChatKind, type TestChatMember, type TestChatMessage } from '../../../shared/test-chat.schema';
import { assertTestChatFile } from './test-chat-file';
import { transcriptOf } from './transcripts';
import type { TestChatSession } from './emulator/test-chats';
import { testChatHint } from './hints';

/** The file's test chat, once the file is known to be the person's Telegram bot. */
export async function testChatOf(ctx: ServiceCtx, fileId: string): Promise<{ session: TestChatSession; filename: string; content: string }> {
  const file = await ownedFile(ctx.deps.db, ctx.userId, fileId).catch(() => {
    throw new AppError('NOT_FOUND', 'File not found');
  });
  assertTestChatFile(file.filename, file.content);
  const session = ctx.deps.testChat.chats.session({ userId: ctx.userId, fileId, botName: file.filename });
  return { session, filename: file.filename, content: file.content };
}

/** The chat's messages, oldest first; for the group also who is in it; a hint when the bot may not reach the test chat. */
export async function listMessages(
  ctx: ServiceCtx,
  input: { fileId: string; chat?: TestChatKind; after?: number },
): Promise<{ messages: TestChatMessage[]; hint?: string; members?: TestChatMember[] }> {
  const { session, filename, content } = await testChatOf(ctx, input.fileId);
  const chat = input.chat ?? 'private';
  const hint = testChatHint({ filename, content, bridged: ctx.deps.sandbox.supportsBridge });
  return { messages: session.messages(chat, input.after), ...(hint ? { hint } : {}), ...(chat === 'group' ? { members: session.members() } : {}) };
}

export async function postMessage(ctx: ServiceCtx, { fileId, ...input }: PostTestChatMessageInput & { fileId: string }): Promise<{ message: TestChatMessage }> {
  const { session } = await testChatOf(ctx, fileId);
  const transcript = transcriptOf(session, chatOfPost(input));
  const message = session.post(input);
  transcript.input(input);
  return { message };
}

export async function clearMessages(ctx: ServiceCtx, input: { fileId: string; chat?: TestChatKind }): Promise<{ message: string }> {
  const { session } = await testChatOf(ctx, input.fileId);
  session.clear(input.chat);
  return { message: 'Conversation cleared' };
}

export async function sentFile(ctx: ServiceCtx, input: { fileId: string; telegramFileId: string }): Promise<{ bytes: Buffer; mimeType: string; name: string }> {
  const { session } = await testChatOf(ctx, input.fileId);
  const file = session.file(input.telegramFileId);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return file;
}
