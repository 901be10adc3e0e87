// The `token_claims` table (migrations/018): the platform tokens held by live runs on every node, as
// keyed hashes (runner/runs/token-claims.ts), so that no two runs anywhere poll with one token. A
// claim lasts one lease time and its node renews it with its leases; a node that cannot renew stops
// its runs before its claims expire (cluster/lease-keeper.ts), so an expired claim is free to take.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseNow } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';

export type TokenHolder = { userId: string; botName: string };

/** Takes the run's tokens for this node, or answers who holds one of them now (nothing is taken then). */
export async function holdTokens(
  db: Kysely<Database>,
  nodeId: string,
  leaseMs: number,
  run: { runId: string; fileId: string; userId: string; botName: string; tokens: string[] },
): Promise<TokenHolder | null> {
  if (run.tokens.length === 0) return null;
  return inTransaction(db, async (trx) => {
    const held = await tokenHolder(trx, run.fileId, run.tokens);
    if (held) return held;
    const now = databaseNow(trx);
    const expiresAt = sql<number>`${now} + ${leaseMs}`;
    for (const token of run.tokens) {
      await trx
        .insertInto('token_claims')
        .values({ token_hash: token, file_id: run.fileId, run_id: run.runId, user_id: run.userId, bot_name: run.botName, node_id: nodeId, expires_at: expiresAt })
        .onConflict((oc) => oc.column('token_hash').doUpdateSet({ file_id: run.fileId, run_id: run.runId, user_id: run.userId, bot_name: run.botName, node_id: nodeId, expires_at: expiresAt }))
        .execute();
    }
    return null;
  });
}

/** Who holds one of these tokens now for a run of another file, if anyone (a deploy asks before it places the bot). */
export async function tokenHolder(db: Kysely<Database>, fileId: string, tokens: string[]): Promise<TokenHolder | null> {
  if (tokens.length === 0) return null;
  const held = await db
    .selectFrom('token_claims')
    .select(['user_id', 'bot_name'])
    .where('token_hash', 'in', tokens)
    .where('file_id', '!=', fileId)
    .where('expires_at', '>', databaseNow(db))
    .executeTakeFirst();
  return held ? { userId: held.user_id, botName: held.bot_name } : null;
}

/** Keeps this node's claims for one more lease time. */
export async function renewTokens(db: Kysely<Database>, nodeId: string, leaseMs: number): Promise<void> {
  const now = databaseNow(db);
  await db.updateTable('token_claims').set({ expires_at: sql<number>`${now} + ${leaseMs}` }).where('node_id', '=', nodeId).where('expires_at', '>', now).execute();
}

/** This run has ended: its tokens are free (a newer run of its file keeps the ones it took). */
export async function letGoOfTokens(db: Kysely<Database>, runId: string): Promise<void> {
  await db.deleteFrom('token_claims').where('run_id', '=', runId).execute();
}

/** Every claim of this node (its runs ended with the last server; a fenced node's runs are gone). */
export async function letGoOfAllTokens(db: Kysely<Database>, nodeId: string): Promise<void> {
  await db.deleteFrom('token_claims').where('node_id', '=', nodeId).execute();
}
