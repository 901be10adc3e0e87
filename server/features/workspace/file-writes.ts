// Writes that change a bot file's text. Every write that replaces text keeps the previous text as a
// version first, so nothing a person wrote is lost to a save, an AI reply or a restore; every write
// that adds or grows a file checks the storage caps in its own transaction (see storage.ts).
import type { Kysely } from 'kysely';
import type { BotFile, Database, VersionReason } from '../../db/schema';
import type { Deps } from '../../deps';
import { newId, type Clock } from '../../clock';
import { assertRoom, byteSize, makeRoomInHistory, type StorageCheck } from './storage';
import { storedOnDisk, type DiskReaders } from './storage-used';
import { keepVersion, pruneVersions } from './versions';
import { fileByName, insertFile, updateContent } from './files';

/** What a write needs besides its transaction: the time, the storage caps, the person's packages and logs. */
export type FileWriting = StorageCheck & { clock: Clock };

/**
 * Gets a person's writes ready: their packages and logs are measured now, before the write's
 * transaction (walking folders inside it would hold the database for everyone meanwhile).
 */
export async function fileWriting(deps: DiskReaders & Pick<Deps, 'clock' | 'config'>, userId: string): Promise<FileWriting> {
  return { clock: deps.clock, config: deps.config, onDisk: await storedOnDisk(deps, userId) };
}

/**
 * Replaces a file's text, keeping the old text as a version when it changes (with `prompt`, the
 * request of the AI change that replaces it). 409 past a cap.
 */
export async function replaceContent(trx: Kysely<Database>, w: FileWriting, file: BotFile, content: string, reason: VersionReason, prompt: string | null = null): Promise<BotFile> {
  if (file.content === content) return file;
  const size = byteSize(content);
  await assertRoom(trx, w, { userId: file.user_id, projectId: file.project_id, files: 0, bytes: size - file.size });
  await keepVersion(trx, w.clock, file, reason, prompt);
  const updated_at = w.clock.now().toISOString();
  await updateContent(trx, file.id, { content, size, updated_at });
  await pruneVersions(trx, w.clock, w.config.quota, file.id);
  await makeRoomInHistory(trx, w, file.user_id);
  return { ...file, content, size, updated_at };
}

/** Creates the file, or updates it (keeping a version) when the project already has that name. */
export async function writeFile(
  trx: Kysely<Database>,
  w: FileWriting,
  input: { userId: string; projectId: string; filename: string; content: string; reason: VersionReason },
): Promise<{ file: BotFile; created: boolean }> {
  const existing = await fileByName(trx, input.projectId, input.filename);
  if (existing) return { file: await replaceContent(trx, w, existing, input.content, input.reason), created: false };
  const size = byteSize(input.content);
  await assertRoom(trx, w, { userId: input.userId, projectId: input.projectId, files: 1, bytes: size });
  const now = w.clock.now().toISOString();
  const file: BotFile = {
    id: newId(),
    project_id: input.projectId,
    user_id: input.userId,
    filename: input.filename,
    content: input.content,
    created_at: now,
    updated_at: now,
    size,
  };
  await insertFile(trx, file);
  // A new file may leave less room for history than there was.
  await makeRoomInHistory(trx, w, input.userId);
  return { file, created: true };
}
