// Modify with AI is paid when the proposal is made (as before) and refunded when the person rejects
// it. A refund is safe against abuse and double refunds because it is only possible:
// - for the caller's own proposal (another user's id answers 404, like an unknown one);
// - once: the refund flips the row from 'open' to 'rejected' with a conditional UPDATE in the same
//   transaction as its ledger row, so a second or concurrent reject finds nothing open (409);
// - within REFUND_WINDOW_MS of the proposal (a preview is reviewed in minutes, not days);
// - while the proposal is not accepted: once a file of that name holds the proposed text (saved
//   now, or kept as a version since the proposal), it is marked 'accepted' for good.
// The preview's text is visible before Reject, so a person could still copy it by hand; the short
// window and the modify rate limit bound that, and it takes no more than reading the screen.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import type { ServiceCtx } from '../../trpc';
import { newId } from '../../clock';
import { AppError } from '../../errors';
import { balanceOf, recordCredit } from '../credits/ledger';
import { filesNamed } from '../workspace/files';
import { versionTextsSince } from '../workspace/versions';
import { savePlan } from './bot-plans';
import type { GeneratedFrom } from './provider';
import { inTransaction } from '../../db/transaction';

export const REFUND_WINDOW_MS = 15 * 60_000;

export function codeHash(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Stores a paid proposal; call in the transaction that charges for it. Returns its id. */
export async function recordProposal(
  trx: Kysely<Database>,
  deps: Pick<Deps, 'clock'>,
  p: { userId: string; projectId?: string; filename: string; code: string; cost: number; fileId?: string; plan?: GeneratedFrom },
): Promise<string> {
  const now = deps.clock.now();
  // Proposals past the window can never be refunded: nothing to keep them for.
  await trx
    .deleteFrom('code_edit_proposals')
    .where('user_id', '=', p.userId)
    .where('created_at', '<', new Date(now.getTime() - REFUND_WINDOW_MS).toISOString())
    .execute();
  const id = newId();
  await trx
    .insertInto('code_edit_proposals')
    .values({
      id,
      user_id: p.userId,
      project_id: p.projectId ?? null,
      filename: p.filename,
      code_hash: codeHash(p.code),
      cost: p.cost,
      created_at: now.toISOString(),
      resolved_at: null,
      file_id: p.fileId ?? null,
      plan: p.plan ? JSON.stringify(p.plan) : null,
    })
    .execute();
  return id;
}

type Proposal = { id: string; user_id: string; project_id: string | null; filename: string; code_hash: string; created_at: string };

/** Whether a file of the proposal's name holds its text now or has held it since it was made. */
async function wasSaved(trx: Kysely<Database>, p: Proposal): Promise<boolean> {
  const rows = await filesNamed(trx, { userId: p.user_id, filename: p.filename, projectId: p.project_id });
  if (rows.some((f) => codeHash(f.content) === p.code_hash)) return true;
  if (rows.length === 0) return false;
  const versions = await versionTextsSince(trx, rows.map((f) => f.id), p.created_at);
  return versions.some((text) => codeHash(text) === p.code_hash);
}

type Outcome = { refunded: true; credits: number } | { refused: AppError };

export async function rejectModification({ deps, userId }: ServiceCtx, input: { proposalId: string }) {
  const outcome = await inTransaction(deps.db, async (trx): Promise<Outcome> => {
    const p = await trx
      .selectFrom('code_edit_proposals')
      .selectAll()
      .where('id', '=', input.proposalId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!p) return { refused: new AppError('NOT_FOUND', 'This proposal was not found.') };
    if (p.status === 'rejected') return { refused: new AppError('CONFLICT', 'This proposal was already rejected and refunded.') };
    if (p.status === 'accepted') return { refused: new AppError('CONFLICT', 'This proposal was accepted, so it is not refunded.') };
    const now = deps.clock.now();
    if (now.getTime() - Date.parse(p.created_at) > REFUND_WINDOW_MS) {
      return { refused: new AppError('CONFLICT', 'This proposal is too old to be refunded.') };
    }
    if (await wasSaved(trx, p)) {
      // Kept even though the answer is a refusal: the outcome is returned, not thrown, so it commits.
      await trx.updateTable('code_edit_proposals').set({ status: 'accepted', resolved_at: now.toISOString() }).where('id', '=', p.id).execute();
      return { refused: new AppError('CONFLICT', 'This proposal was saved, so it is not refunded.') };
    }
    const flipped = await trx
      .updateTable('code_edit_proposals')
      .set({ status: 'rejected', resolved_at: now.toISOString() })
      .where('id', '=', p.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) return { refused: new AppError('CONFLICT', 'This proposal was already rejected and refunded.') };
    // A chat follow-up's second proposal was never charged: rejecting it settles it, refunds nothing.
    if (p.cost === 0) return { refunded: true, credits: await balanceOf(trx, userId) };
    await recordCredit(trx, deps.clock, {
      userId,
      amount: p.cost,
      type: 'refund',
      description: `Refund: rejected code modification of ${p.filename}`,
    });
    return { refunded: true, credits: await balanceOf(trx, userId) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

/**
 * The person saved a file after accepting a chat follow-up's proposal for it: the proposal can no
 * longer be refunded, and the builtin assistant's new plan becomes the file's (bot-plans.ts). A
 * proposal of someone else, of another file, or already settled changes nothing.
 */
export async function acceptProposal(trx: Kysely<Database>, deps: Pick<Deps, 'clock'>, p: { userId: string; fileId: string; proposalId: string }) {
  const row = await trx
    .updateTable('code_edit_proposals')
    .set({ status: 'accepted', resolved_at: deps.clock.now().toISOString() })
    .where('id', '=', p.proposalId)
    .where('user_id', '=', p.userId)
    .where('file_id', '=', p.fileId)
    .where('status', '=', 'open')
    .returning(['plan'])
    .executeTakeFirst();
  if (row?.plan) await savePlan(trx, deps, p.fileId, JSON.parse(row.plan) as GeneratedFrom);
}

/** Deletes the person's proposals for a project (with the bot); answers how many. */
export async function deleteProjectProposals(trx: Kysely<Database>, userId: string, projectId: string): Promise<number> {
  const deleted = await trx.deleteFrom('code_edit_proposals').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(deleted.numDeletedRows);
}
