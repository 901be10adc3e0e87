// Saved test chats (golden chats), the `saved_test_chats` table: 'Save as test' keeps the user's
// side of a conversation and the bot's answers; 'Run tests' (and 'Check with saved chats' on an AI
// edit) replays them (replay.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileIds } from '../workspace/files';
import type { SavedTestChat, TestChatKind, TestChatResult } from '../../../shared/test-chat.schema';
import type { ServiceCtx } from '../../trpc';
import { withinStorage } from '../workspace/storage';
import { testChatOf } from './test-chat.service';
import { transcriptOf } from './transcripts';
import type { TranscriptStep } from './transcript';
import { replaySavedChats, type SavedChat } from './replay';

/** Saved chats per file: each replays in its own chat, one after another. */
export const MAX_SAVED_CHATS = 30;


export async function listSaved(ctx: ServiceCtx, { fileId }: { fileId: string }): Promise<{ saved: SavedTestChat[] }> {
  await testChatOf(ctx, fileId);
  const saved = await loadSaved(ctx, fileId);
  return { saved: saved.map(toDto) };
}

/** Saves (or replaces, by name) the current conversation of the chat as a test. */
export async function saveChat(ctx: ServiceCtx, { fileId, ...input }: { fileId: string; name: string; chat?: TestChatKind }): Promise<{ saved: SavedTestChat }> {
  const { session } = await testChatOf(ctx, fileId);
  const chat = input.chat ?? 'private';
  const steps = transcriptOf(session, chat).snapshot();
  if (steps.length === 0) throw new AppError('BAD_REQUEST', 'Nothing to save yet: send the bot a message in the test chat first');
  return { saved: await storeSavedChat(ctx, { fileId, name: input.name, chat, steps }) };
}

/** Keeps these steps under a name (replacing one so named), within the person's storage. */
export async function storeSavedChat(ctx: ServiceCtx, input: { fileId: string; name: string; chat: TestChatKind; steps: TranscriptStep[] }): Promise<SavedTestChat> {
  const { fileId, chat, steps } = input;
  const createdAt = ctx.deps.clock.now().toISOString();
  const json = JSON.stringify(steps);
  const size = Buffer.byteLength(json) + Buffer.byteLength(input.name);
  const row = { file_id: fileId, user_id: ctx.userId, name: input.name, chat, steps: json, created_at: createdAt, size };
  // Within the person's storage: a saved chat may run to megabytes (refused, 409, past QUOTA_USER_MB).
  await withinStorage(ctx.deps, ctx.userId, async (trx) => {
    const { count } = await trx
      .selectFrom('saved_test_chats')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('file_id', '=', fileId)
      .where('name', '!=', input.name)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SAVED_CHATS) throw new AppError('CONFLICT', `A file can have at most ${MAX_SAVED_CHATS} saved chats: delete one first`);
    await trx
      .insertInto('saved_test_chats')
      .values(row)
      .onConflict((oc) => oc.columns(['file_id', 'name']).doUpdateSet({ chat: row.chat, steps: row.steps, created_at: row.created_at, size: row.size }))
      .execute();
  });
  return toDto({ name: input.name, chat, steps, createdAt });
}

export async function deleteSaved(ctx: ServiceCtx, { fileId, name }: { fileId: string; name: string }): Promise<{ message: string }> {
  await testChatOf(ctx, fileId);
  const result = await ctx.deps.db.deleteFrom('saved_test_chats').where('file_id', '=', fileId).where('user_id', '=', ctx.userId).where('name', '=', name).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'Saved chat not found');
  return { message: `Deleted the saved chat '${name}'` };
}

/** Replays every saved chat against the file (or `content`, a proposed version of it). Free. */
export async function runSaved(ctx: ServiceCtx, { fileId, content }: { fileId: string; content?: string }): Promise<{ results: TestChatResult[] }> {
  await testChatOf(ctx, fileId);
  const saved = await loadSaved(ctx, fileId);
  if (saved.length === 0) throw new AppError('BAD_REQUEST', "No saved chats yet: talk to the bot in the test chat, then press 'Save as test'");
  return { results: await replaySavedChats(ctx, { fileId, content, saved }) };
}

/** Replays the file's saved chats against a proposed version of it; null when it has none. Free. */
export async function replaySavedOn(ctx: ServiceCtx, { fileId, content }: { fileId: string; content: string }): Promise<TestChatResult[] | null> {
  const saved = await loadSaved(ctx, fileId);
  return saved.length === 0 ? null : replaySavedChats(ctx, { fileId, content, saved });
}

async function loadSaved(ctx: ServiceCtx, fileId: string): Promise<SavedChat[]> {
  const rows = await ctx.deps.db.selectFrom('saved_test_chats').selectAll().where('file_id', '=', fileId).where('user_id', '=', ctx.userId).orderBy('created_at').orderBy('name').execute();
  return rows.map((r) => ({ name: r.name, chat: r.chat, steps: JSON.parse(r.steps) as TranscriptStep[], createdAt: r.created_at }));
}

function toDto(chat: SavedChat): SavedTestChat {
  return { name: chat.name, createdAt: chat.createdAt, steps: chat.steps.length };
}

/** Deletes the saved chats of these files (a bot being deleted); answers how many. */
export async function deleteSavedChatsOf(trx: Kysely<Database>, fileIds: FileIds): Promise<number> {
  return Number((await trx.deleteFrom('saved_test_chats').where('file_id', 'in', fileIds).executeTakeFirstOrThrow()).numDeletedRows);
}

// Said where the storage figure reads it (saved-chat-bytes.ts), named here too.
export { savedChatBytesOfUser } from './saved-chat-bytes';
