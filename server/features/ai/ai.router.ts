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
  modifyCode: authedProcedure
    .meta({
      rateLimit: [{ max: 20, window: '1 minute', key: 'user' }],
      body: ONE_FILE_BODY,
      doc: {
        summary: 'Ask the assistant to change a file',
        description: 'Costs credits. Nothing is saved: the answer is a proposal to review, then save or reject.',
        answers: 'The changed code, the proposal id and your credits left.',
        errors: [402],
      },
    })
    .input(modifyCodeInput)
    .mutation(({ ctx, input, signal }) => modifyCode(ctx, input, signal)),

  /** 'Reject Changes' on a Modify preview: refunds its charge once (see code-edit-proposals.ts). */
  rejectModification: authedProcedure
    .meta({
      rateLimit: [{ max: 30, window: '1 minute', key: 'user' }],
      doc: { summary: 'Reject a proposed change', description: 'Refunds what the proposal cost, once.', answers: 'That the charge was refunded, and your credits now.', errors: [409] },
    })
    .input(rejectModificationInput)
    .mutation(({ ctx, input }) => rejectModification(ctx, input)),

  /** The plan card of a file the assistant built: its rules in plain words, blanks, what was not built. */
  plan: authedProcedure
    .meta({
      doc: {
        summary: "Read a file's bot plan",
        description: 'Only for files the assistant built. Each rule comes with its plain words; blanks are the texts still to be given.',
        answers: 'The plan, its rules in words, its blanks, what was not built and the defaults chosen.',
      },
    })
    .input(planOfFileInput)
    .query(({ ctx, input }) => planOfFile(ctx, input)),

  /** A plan edited on the card, rendered without the AI (free) and offered as a proposal to review. */
  editPlan: authedProcedure
    .meta({
      rateLimit: [{ max: 60, window: '1 minute', key: 'user' }],
      doc: {
        summary: "Change a file's bot plan",
        description:
          "The body is the whole plan. It is written as code without the AI (free), keeping the code written in custom regions, and nothing is saved: the answer is a proposal to review, then save or reject. Saving it makes the plan the file's.",
        answers: 'The proposal id, the new code and the file name.',
      },
    })
    .input(editPlanInput)
    .mutation(({ ctx, input }) => editPlan(ctx, input)),

  /** AI Help on the runner page: the last log lines and the file explained, paid like a chat message. */
  help: authedProcedure
    .meta({
      rateLimit: [{ max: 20, window: '1 minute', key: 'user' }],
      body: ONE_FILE_BODY,
      doc: {
        summary: "AI Help: explain a run's log",
        description: 'Costs credits, like a chat message.',
        answers: 'The explanation, your credits left and, when there is one, a proposed fix.',
        errors: [402],
      },
    })
    .input(aiHelpInput)
    .mutation(({ ctx, input, signal }) => aiHelp(ctx, input, signal)),
});
