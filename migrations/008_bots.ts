// One project per bot: chat history becomes per bot. Messages stored without a project
// (before the chat was per project) move to their person's oldest project, the one 'default'
// names, which is made as 'My Bots' for a person who has such messages and no project. Files and
// everything else already belong to a project and stay as they are. Frozen once landed.
import { sql, type Kysely } from 'kysely';
import { randomHexId } from './dialect-sql';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into projects (id, user_id, name, description, created_at)
    select ${randomHexId(db)}, m.user_id, 'My Bots', 'Default project for AI-created bots', min(m.created_at)
    from chat_messages m
    where m.project_id is null and not exists (select 1 from projects p where p.user_id = m.user_id)
    group by m.user_id
  `.execute(db);
  await sql`
    update chat_messages
    set project_id = (select p.id from projects p where p.user_id = chat_messages.user_id order by p.created_at, p.id limit 1)
    where project_id is null
  `.execute(db);
  // A bot's chat history, newest first, from the index alone.
  await db.schema.createIndex('chat_messages_project_created').on('chat_messages').columns(['project_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The messages keep their project: code before this migration reads them per project too.
  await db.schema.dropIndex('chat_messages_project_created').execute();
}
