// Post images, the `uploads` table: stored once by content hash under DATA_DIR/uploads (on PostgreSQL
// in the row itself, so every node serves them) and served back with their type, nosniff and long
// caching. Names come from the hash, never from input, and writes never follow a path that already
// exists (no symlink tricks).
import { closeSync, constants, createReadStream, existsSync, fchmodSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { checkImageDataUrl, ImageError, type CheckedImage } from './image-upload';
import { privateDir } from '../../data-dir';
import { isPostgres } from '../../db/dialect';

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function imageUrl(id: string, ext: string): string {
  return `/uploads/${id}.${ext}`;
}

/** Checks a data URL (type allow list, strict base64, size, magic bytes, pixel size). */
export function checkImage(dataUrl: string): CheckedImage {
  try {
    return checkImageDataUrl(dataUrl);
  } catch (err) {
    if (err instanceof ImageError) throw new AppError(err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', err.message);
    throw err;
  }
}

/** Writes the bytes (once per hash) and returns the row to insert with the post. */
export function saveImageFile(dataDir: string, image: CheckedImage): void {
  const dir = uploadsDir(dataDir);
  // Only the server reads these files (it serves them itself): 0700 and 0600, like all of DATA_DIR.
  privateDir(dir);
  const file = path.join(dir, `${image.sha256}.${image.ext}`);
  if (existsSync(file)) return;
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw err;
  }
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, image.bytes);
  } finally {
    closeSync(fd);
  }
}

export async function insertUpload(trx: Kysely<Database>, clock: Clock, image: CheckedImage): Promise<void> {
  await trx
    .insertInto('uploads')
    .values({
      id: image.sha256,
      mime: image.mime,
      ext: image.ext,
      bytes: image.bytes.length,
      width: image.width,
      height: image.height,
      created_at: clock.now().toISOString(),
      ...(isPostgres(trx) ? { data: Buffer.from(image.bytes) } : {}),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Removes an image (row and file) that no post uses any more. */
export async function dropImage(trx: Kysely<Database>, dataDir: string, imageId: string): Promise<void> {
  const row = await trx.deleteFrom('uploads').where('id', '=', imageId).returning('ext').executeTakeFirst();
  if (row) {
    try {
      unlinkSync(path.join(uploadsDir(dataDir), `${imageId}.${row.ext}`));
    } catch {
      /* already gone */
    }
  }
}

const UPLOAD_NAME = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

export function registerUploadRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const match = UPLOAD_NAME.exec(req.params.name);
    const row = match
      ? await deps.db.selectFrom('uploads').select(['mime', 'ext', 'data']).where('id', '=', match[1]!).executeTakeFirst()
      : undefined;
    if (!match || !row || row.ext !== match[2]) return reply.status(404).send({ error: 'Not found' });
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(row.data ?? createReadStream(path.join(uploadsDir(deps.config.dataDir), req.params.name)));
  });
}
