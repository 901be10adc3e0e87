// The assistant's other work: code edits in the editor (previewed, then accepted or rejected), the
// plan card (a file's plan, edited without the AI) and AI Help on the runner page. The builder's chat
// is chat.router.ts.
import { router, authedProcedure } from '../../trpc';
import { editPlanInput, modifyCodeInput, planOfFileInput, rejectModificationInput } from '../../../shared/workspace.schema';
import { aiHelpInput } from '../../../shared/runner.schema';
import { modifyCode } from './ai.service';
import { aiHelp } from './ai-help.service';
import { rejectModification } from './code-edit-proposals';
import { editPlan, planOfFile } from './plan-card.service';
import { ONE_FILE_BODY } from '../../procedure-meta';

export const aiRouter = router({
  modifyCode: authedProcedure.meta({ rateLimit: [{ max: 20, window: '1 minute', key: 'user' }], body: ONE_FILE_BODY }).input(modifyCodeInput).mutation(({ ctx, input, signal }) => modifyCode(ctx, input, signal)),

  /** 'Reject Changes' on a Modify preview: refunds its charge once (see code-edit-proposals.ts). */
  rejectModification: authedProcedure.meta({ rateLimit: [{ max: 30, window: '1 minute', key: 'user' }] }).input(rejectModificationInput).mutation(({ ctx, input }) => rejectModification(ctx, input)),

  /** The plan card of a file the assistant built: its rules in plain words, blanks, what was not built. */
  plan: authedProcedure.input(planOfFileInput).query(({ ctx, input }) => planOfFile(ctx, input)),

  /** A plan edited on the card, rendered without the AI (free) and offered as a proposal to review. */
  editPlan: authedProcedure.meta({ rateLimit: [{ max: 60, window: '1 minute', key: 'user' }] }).input(editPlanInput).mutation(({ ctx, input }) => editPlan(ctx, input)),

  /** AI Help on the runner page: the last log lines and the file explained, paid like a chat message. */
  help: authedProcedure.meta({ rateLimit: [{ max: 20, window: '1 minute', key: 'user' }], body: ONE_FILE_BODY }).input(aiHelpInput).mutation(({ ctx, input, signal }) => aiHelp(ctx, input, signal)),
});
