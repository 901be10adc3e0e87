// The community feed: uploaded images (stored by content hash), posts and likes. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha256 of the bytes
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('telegram', 'twitter', 'whatsapp', 'discord', 'other')`))
    .addColumn('contact_telegram', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('contact_twitter', 'text')
    .addColumn('image_id', 'text', (c) => c.references('uploads.id'))
    .addColumn('public_access_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_content', 'text')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_recent').on('posts').columns(['created_at desc', 'id desc']).execute();
  await db.schema.createIndex('posts_popular').on('posts').columns(['likes_count desc', 'created_at desc', 'id desc']).execute();
  await db.schema.createIndex('posts_platform_recent').on('posts').columns(['platform', 'created_at desc', 'id desc']).execute();
  await db.schema.createIndex('posts_user').on('posts').column('user_id').execute();

  await db.schema
    .createTable('likes')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_user').on('likes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('likes').execute();
  await db.schema.dropTable('posts').execute();
  await db.schema.dropTable('uploads').execute();
}
