// A project's saved environment variables (the `project_env_vars` table: every query on it): sealed
// on write (secret-box.ts), opened only when a run starts (and to mask them in its output, or to
// seal them again for a copy of the bot); the client only ever learns which keys are set.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Deps } from '../../../deps';
import { AppError } from '../../../errors';
import { MAX_ENV_VARS, type SavedEnvVar } from '../../../../shared/runner.schema';
import { SealedValueError, secretBox } from './secret-box';
import { projectIdsOfUser } from '../../workspace/projects';
import { inTransaction as transaction } from '../../../db/transaction';

export type EnvVarChanges = {
  /** Values to store; an empty string keeps what is stored. */
  set: Record<string, string>;
  /** Keys to delete; a key also in `set` with a value ends up holding that value. */
  clear: string[];
};

export async function listEnvVars(deps: Deps, projectId: string): Promise<SavedEnvVar[]> {
  const rows = await deps.db
    .selectFrom('project_env_vars')
    .select(['key', 'updated_at'])
    .where('project_id', '=', projectId)
    .orderBy('key')
    .execute();
  return rows.map((r) => ({ key: r.key, isSet: true as const, updatedAt: r.updated_at }));
}

/** Runs a write in one transaction (the service's runs it within the person's storage quota). */
export type InTransaction = (write: (trx: Kysely<Database>) => Promise<void>) => Promise<void>;

/**
 * Applies the changes in one transaction; more than MAX_ENV_VARS afterwards undoes them all (400),
 * and so does anything `inTransaction` refuses after the write.
 */
export async function saveEnvVars(
  deps: Deps,
  projectId: string,
  changes: EnvVarChanges,
  inTransaction: InTransaction = (write) => transaction(deps.db, write),
): Promise<SavedEnvVar[]> {
  const box = secretBox(deps.config.jwtSecret);
  const now = deps.clock.now().toISOString();
  await inTransaction(async (trx) => {
    if (changes.clear.length > 0) {
      await trx.deleteFrom('project_env_vars').where('project_id', '=', projectId).where('key', 'in', changes.clear).execute();
    }
    for (const [key, value] of Object.entries(changes.set)) {
      if (value === '') continue;
      const sealed = box.seal({ projectId, key }, value);
      await trx
        .insertInto('project_env_vars')
        .values({ project_id: projectId, key, ...sealed, updated_at: now })
        .onConflict((oc) => oc.columns(['project_id', 'key']).doUpdateSet({ ...sealed, updated_at: now }))
        .execute();
    }
    const { count } = await trx
      .selectFrom('project_env_vars')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    if (Number(count) > MAX_ENV_VARS) {
      throw new AppError('BAD_REQUEST', `A project can hold at most ${MAX_ENV_VARS} environment variables; clear some before adding more`);
    }
  });
  return listEnvVars(deps, projectId);
}

/**
 * The project's saved values, decrypted: for the environment of a run and for masking its output.
 * A value that does not decrypt (moved, edited, or sealed under another server secret) is an error,
 * never a wrong value handed to the bot.
 */
export async function loadProjectSecrets(deps: Deps, projectId: string): Promise<Record<string, string>> {
  const rows = await deps.db
    .selectFrom('project_env_vars')
    .select(['key', 'ciphertext', 'nonce', 'tag'])
    .where('project_id', '=', projectId)
    .orderBy('key')
    .execute();
  const box = secretBox(deps.config.jwtSecret);
  const values: Array<[string, string]> = [];
  for (const row of rows) {
    try {
      values.push([row.key, box.open({ projectId, key: row.key }, row)]);
    } catch (err) {
      if (!(err instanceof SealedValueError)) throw err;
      deps.log.warn({ projectId, key: row.key }, 'a saved environment variable could not be decrypted');
      throw new AppError('UNPROCESSABLE_CONTENT', `${err.message}. Please enter it again under Environment Variables.`);
    }
  }
  return Object.fromEntries(values);
}

/**
 * Copies a project's saved values to another (a duplicated bot), opened and sealed again under the
 * copy's id: a sealed value is bound to its project. A value that no longer opens (another server
 * secret) is not copied; the original keeps it. Answers how many were copied and the keys skipped.
 */
export async function copyEnvVars(
  trx: Kysely<Database>,
  deps: Pick<Deps, 'config' | 'clock'>,
  from: string,
  to: string,
): Promise<{ copied: number; skipped: string[] }> {
  const box = secretBox(deps.config.jwtSecret);
  const sealed = await trx.selectFrom('project_env_vars').selectAll().where('project_id', '=', from).orderBy('key').execute();
  const now = deps.clock.now().toISOString();
  const skipped: string[] = [];
  for (const row of sealed) {
    let value: string;
    try {
      value = box.open({ projectId: from, key: row.key }, row);
    } catch (err) {
      if (!(err instanceof SealedValueError)) throw err;
      skipped.push(row.key);
      continue;
    }
    const resealed = box.seal({ projectId: to, key: row.key }, value);
    await trx.insertInto('project_env_vars').values({ project_id: to, key: row.key, ...resealed, updated_at: now }).execute();
  }
  return { copied: sealed.length - skipped.length, skipped };
}

/** Bytes the person's saved variables take in the database: names and sealed values (ciphertext, nonce, tag). */
export async function variableBytesOfUser(trx: Kysely<Database>, userId: string): Promise<number> {
  // length() of a blob is its size, read without loading the value; names are ASCII.
  const row = await trx
    .selectFrom('project_env_vars')
    .select(sql<number>`coalesce(sum(length(key) + length(ciphertext) + length(nonce) + length(tag)), 0)`.as('bytes'))
    .where('project_id', 'in', projectIdsOfUser(trx, userId))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Deletes a project's saved values (with the bot); answers how many. */
export async function deleteProjectEnvVars(trx: Kysely<Database>, projectId: string): Promise<number> {
  return Number((await trx.deleteFrom('project_env_vars').where('project_id', '=', projectId).executeTakeFirstOrThrow()).numDeletedRows);
}
