// The assistant's other work: code edits in the editor (previewed, then accepted or rejected) and AI
// Help on the runner page. The builder's chat is chat.router.ts.
import { router, authedProcedure } from '../../trpc';
import { modifyCodeInput, rejectModificationInput } from '../../../shared/workspace.schema';
import { aiHelpInput } from '../../../shared/runner.schema';
import { modifyCode } from './ai.service';
import { aiHelp } from './ai-help.service';
import { rejectModification } from './code-edit-proposals';

export const aiRouter = router({
  modifyCode: authedProcedure.input(modifyCodeInput).mutation(({ ctx, input, signal }) => modifyCode(ctx, input, signal)),

  /** 'Reject Changes' on a Modify preview: refunds its charge once (see code-edit-proposals.ts). */
  rejectModification: authedProcedure.input(rejectModificationInput).mutation(({ ctx, input }) => rejectModification(ctx, input)),

  /** AI Help on the runner page: the last log lines and the file explained, paid like a chat message. */
  help: authedProcedure.input(aiHelpInput).mutation(({ ctx, input, signal }) => aiHelp(ctx, input, signal)),
});
