// The community feed: posts with likes, searched, filtered, sorted and paged on the server with a
// cursor. The `posts` and `likes` tables: every query on them (reads join the author's name and the
// image's type for display). Posts never carry secrets; images are checked and stored by hash (uploads.ts).
import { sql, type Kysely } from 'kysely';
import type { Database, Post } from '../../db/schema';
import type { Deps } from '../../deps';
import type { ServiceCtx } from '../../trpc';
import { newId } from '../../clock';
import { AppError } from '../../errors';
import { FEED_PAGE_SIZE, type PostPlatform } from '../../../shared/feed.schema';
import { languageLabel } from '../../../shared/filenames';
import { describeFindings, findSecrets } from './secret-scan';
import { checkImage, dropImage, imageUrl, insertUpload, saveImageFile } from './uploads';
import { ownedFile } from '../workspace/files';
import { inTransaction } from '../../db/transaction';
import { isPostgres } from '../../db/dialect';

type Row = Post & { author_name: string; author_email: string; image_ext: string | null; liked_by: string | null };

export function toPostDto(r: Row) {
  return {
    id: r.id,
    userId: r.user_id,
    user: { name: r.author_name, email: r.author_email },
    title: r.title,
    description: r.description,
    platform: r.platform,
    contactInfo: { telegram: r.contact_telegram, email: r.contact_email, twitter: r.contact_twitter },
    imageUrl: r.image_id && r.image_ext ? imageUrl(r.image_id, r.image_ext) : null,
    publicAccessKey: r.public_access_key,
    likesCount: r.likes_count,
    isLiked: r.liked_by !== null,
    createdAt: r.created_at,
    file: r.file_name ? { filename: r.file_name, language: languageLabel(r.file_name) } : null,
  };
}
export type PostDto = ReturnType<typeof toPostDto>;

function postsFor(db: Kysely<Database>, viewerId: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('uploads as up', 'up.id', 'p.image_id')
    .leftJoin('likes as l', (join) => join.onRef('l.post_id', '=', 'p.id').on('l.user_id', '=', viewerId))
    .selectAll('p')
    .select(['u.name as author_name', 'u.email as author_email', 'up.ext as image_ext', 'l.user_id as liked_by']);
}

type Cursor = [likes: number, createdAt: string, id: string];
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (Array.isArray(c) && c.length === 3 && Number.isInteger(c[0]) && typeof c[1] === 'string' && typeof c[2] === 'string') return c as Cursor;
  } catch {
    /* falls through */
  }
  throw new AppError('BAD_REQUEST', 'Invalid cursor');
}

/** `%`, `_` and `\` in a search are literal characters, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPosts(
  { deps, userId: viewerId }: ServiceCtx,
  input: { search?: string; platform?: 'all' | PostPlatform; sort?: 'recent' | 'popular'; cursor?: string | null; limit?: number } = {},
) {
  const limit = input.limit ?? FEED_PAGE_SIZE;
  const popular = input.sort === 'popular';
  let q = postsFor(deps.db, viewerId);
  if (input.platform && input.platform !== 'all') q = q.where('p.platform', '=', input.platform);
  if (input.search) {
    const pattern = likePattern(input.search);
    // Letters match in either case: SQLite's like ignores the case of ASCII letters, PostgreSQL's ilike of every letter.
    const like = sql.raw(isPostgres(deps.db) ? 'ilike' : 'like');
    q = q.where(sql<boolean>`(p.title ${like} ${pattern} escape '\\' or p.description ${like} ${pattern} escape '\\')`);
  }
  if (input.cursor) {
    const [likes, createdAt, id] = decodeCursor(input.cursor);
    q = popular
      ? q.where(sql<boolean>`(p.likes_count, p.created_at, p.id) < (${likes}, ${createdAt}, ${id})`)
      : q.where(sql<boolean>`(p.created_at, p.id) < (${createdAt}, ${id})`);
  }
  if (popular) q = q.orderBy('p.likes_count', 'desc');
  const rows = (await q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit + 1).execute()) as Row[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map(toPostDto),
    nextCursor: rows.length > limit && last ? encodeCursor([last.likes_count, last.created_at, last.id]) : null,
  };
}

async function onePost(db: Kysely<Database>, viewerId: string, id: string): Promise<PostDto> {
  const row = (await postsFor(db, viewerId).where('p.id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Post not found');
  return toPostDto(row);
}

export async function createPost(
  { deps, userId }: ServiceCtx,
  input: {
    title: string;
    description: string;
    platform: PostPlatform;
    contactInfo?: { telegram?: string; email?: string; twitter?: string };
    imageUrl?: string;
    publicAccessKey?: string;
    fileId?: string;
  },
): Promise<PostDto> {
  const file = input.fileId ? await ownedFile(deps.db, userId, input.fileId) : null;
  const findings = findSecrets([
    { where: 'the bot name', text: input.title },
    { where: 'the description', text: input.description },
    { where: 'the public handle', text: input.publicAccessKey ?? '' },
    ...(file ? [{ where: `the attached file ${file.filename}`, text: file.content }] : []),
  ]);
  if (findings.length) throw new AppError('BAD_REQUEST', describeFindings(findings));
  const image = input.imageUrl ? checkImage(input.imageUrl) : null;
  // On PostgreSQL the bytes go in the upload's row (every node serves them), else in a file.
  if (image && !isPostgres(deps.db)) saveImageFile(deps.config.dataDir, image);
  const id = newId();
  await inTransaction(deps.db, async (trx) => {
    if (image) await insertUpload(trx, deps.clock, image);
    await trx
      .insertInto('posts')
      .values({
        id,
        user_id: userId,
        title: input.title,
        description: input.description,
        platform: input.platform,
        contact_telegram: input.contactInfo?.telegram ?? null,
        contact_email: input.contactInfo?.email ?? null,
        contact_twitter: input.contactInfo?.twitter ?? null,
        image_id: image?.sha256 ?? null,
        public_access_key: input.publicAccessKey ?? null,
        file_name: file?.filename ?? null,
        file_content: file?.content ?? null,
        created_at: deps.clock.now().toISOString(),
      })
      .execute();
  });
  return onePost(deps.db, userId, id);
}

/** Sets (liked: true/false) or, without `liked`, toggles the caller's like; one like per person. */
export async function likePost({ deps, userId }: ServiceCtx, { id: postId, liked }: { id: string; liked?: boolean }) {
  return inTransaction(deps.db, async (trx) => {
    const post = await trx.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst();
    if (!post) throw new AppError('NOT_FOUND', 'Post not found');
    const has = await trx.selectFrom('likes').select('post_id').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
    const want = liked ?? !has;
    if (want && !has) {
      await trx.insertInto('likes').values({ post_id: postId, user_id: userId, created_at: deps.clock.now().toISOString() }).execute();
      await trx.updateTable('posts').set((eb) => ({ likes_count: eb('likes_count', '+', 1) })).where('id', '=', postId).execute();
    } else if (!want && has) {
      await trx.deleteFrom('likes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
      await trx.updateTable('posts').set((eb) => ({ likes_count: eb('likes_count', '-', 1) })).where('id', '=', postId).execute();
    }
    const { likes_count } = await trx.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirstOrThrow();
    return { liked: want, likesCount: likes_count };
  });
}

/** Deletes the person's own post (another person's answers 404). */
export function deletePost({ deps, userId }: ServiceCtx, input: { id: string }) {
  return removePost(deps, input.id, userId);
}

/** The operator's delete: any post. */
export function deleteAnyPost({ deps }: Pick<ServiceCtx, 'deps'>, input: { id: string }) {
  return removePost(deps, input.id, null);
}

/** Deletes a post (its likes go with it, and its image if nothing else uses it). `ownerId` null: anyone's. */
async function removePost(deps: Deps, postId: string, ownerId: string | null) {
  await inTransaction(deps.db, async (trx) => {
    let q = trx.deleteFrom('posts').where('id', '=', postId);
    if (ownerId !== null) q = q.where('user_id', '=', ownerId);
    const deleted = await q.returning('image_id').executeTakeFirst();
    if (!deleted) throw new AppError('NOT_FOUND', 'Post not found');
    const imageId = deleted.image_id;
    if (imageId && !(await trx.selectFrom('posts').select('id').where('image_id', '=', imageId).executeTakeFirst())) {
      await dropImage(trx, deps.config.dataDir, imageId);
    }
  });
  return { message: 'Post deleted' };
}

/** The bot file a post carries (null name: none) and its title, if the post exists (remix.ts). */
export function postFile(db: Kysely<Database>, postId: string) {
  return db.selectFrom('posts').select(['title', 'file_name', 'file_content']).where('id', '=', postId).executeTakeFirst();
}

/** The newest posts with their authors, for the operator's moderation list. */
export async function postsForReview(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.platform', 'p.likes_count', 'p.title', 'p.description', 'p.created_at', 'u.email', 'u.name'])
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    user: { email: r.email, name: r.name },
    likesCount: r.likes_count,
    title: r.title,
    description: r.description,
    createdAt: r.created_at,
  }));
}

export async function countPosts(db: Kysely<Database>): Promise<number> {
  return Number((await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}
