// AI Help on the runner page (POST /api/ai/assistant): the last log lines and the file that
// ran, with the project's saved secrets masked, explained by the assistant. Paid like a chat message:
// affordability first (402, nothing stored), the slow AI call outside any transaction, then one charge;
// a failed or refused answer charges nothing. The analysis the dialog starts by itself (`automatic`)
// is read by the builtin's log reader, never a model, and is free.
import type { ServiceCtx } from '../../trpc';
import type { AiHelpInput } from '../../../shared/runner.schema';
import { assertCanAfford, balanceOf, spendCredits } from '../credits/ledger';
import { loadProjectSecrets } from '../runner/env-vars/env-vars.store';
import { secretMask } from '../runner/secret-mask';
import { ownedFile } from '../workspace/files';
import { AI_MESSAGE_COST } from './ai.service';
import { recordProposal } from './code-edit-proposals';
import { builtinAiHelp, lastLogLines } from './ai-help';
import { inTransaction } from '../../db/transaction';

export async function aiHelp({ deps, userId }: ServiceCtx, input: AiHelpInput, signal?: AbortSignal) {
  const file = input.fileId ? await ownedFile(deps.db, userId, input.fileId) : null;
  const automatic = input.automatic === true;
  if (!automatic) await assertCanAfford(deps.db, userId, AI_MESSAGE_COST);
  // Only saved values are secrets we know of; values typed for one run are never stored.
  const secrets = file ? await loadProjectSecrets(deps, file.project_id) : {};
  const mask = secretMask(Object.values(secrets));
  const fileContent = input.fileContent ?? file?.content;
  const message = mask(input.message);

  const request = {
    message,
    // Masked before the cut too, so a value spanning lines is masked whole.
    logs: lastLogLines(input.logs.map(mask)).map(mask),
    filename: input.filename ?? file?.filename,
    fileContent: fileContent === undefined ? undefined : mask(fileContent),
    envVarNames: file ? Object.keys(secrets) : undefined,
  };
  const answer = automatic ? builtinAiHelp(request) : await deps.ai.help(request, signal);

  const credits = answer.billable && !automatic
    ? await spendCredits(deps.db, deps.clock, {
        userId,
        cost: AI_MESSAGE_COST,
        type: 'ai_message',
        description: `AI Help${input.filename ? ` on ${input.filename}` : ''}: ${message.slice(0, 80)}`,
      })
    : await balanceOf(deps.db, userId);
  // A fix of the saved file is offered as a change to review, free on top of the answer: only when
  // the answer read the saved text, unmasked (a fix made from a masked copy would write the mask).
  const readSaved = file && (input.fileContent === undefined || input.fileContent === file.content);
  const fixable = answer.fix && file && readSaved && mask(file.content) === file.content;
  if (!fixable) return { response: answer.reply, credits };
  const proposalId = await inTransaction(deps.db, (trx) =>
    recordProposal(trx, deps, { userId, projectId: file.project_id, fileId: file.id, filename: file.filename, code: answer.fix!.modifiedCode, cost: 0 }),
  );
  return { response: answer.reply, credits, fix: { proposalId, fileId: file.id, filename: file.filename, modifiedCode: answer.fix!.modifiedCode } };
}
