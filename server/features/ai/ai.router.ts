import { router, authedProcedure } from '../../trpc';
import { followWork } from '../../follow-work';
import { chatInput, modifyCodeInput, rejectModificationInput } from '../../../shared/workspace.schema';
import { assistantInput } from '../../../shared/runner.schema';
import { chat, modifyCode } from './ai.service';
import { aiHelp } from './ai-help.service';
import { rejectModification } from './code-edit-proposals';

export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; result: Awaited<ReturnType<typeof chat>> };

export const aiRouter = router({
  chat: authedProcedure.input(chatInput).mutation(({ ctx, input, signal }) => chat(ctx, input, undefined, signal)),

  /** The same chat, streamed over SSE: the reply's text as it is written, then the stored result. */
  chatStream: authedProcedure.input(chatInput).subscription(async function* ({ ctx, input, signal }): AsyncGenerator<ChatStreamEvent> {
    for await (const event of followWork<string, Awaited<ReturnType<typeof chat>>>((push) => chat(ctx, input, push, signal))) {
      yield event.type === 'items' ? { type: 'delta', text: event.items.join('') } : event;
    }
  }),

  modifyCode: authedProcedure.input(modifyCodeInput).mutation(({ ctx, input, signal }) => modifyCode(ctx, input, signal)),

  /** 'Reject Changes' on a Modify preview: refunds its charge once (see code-edit-proposals.ts). */
  rejectModification: authedProcedure.input(rejectModificationInput).mutation(({ ctx, input }) => rejectModification(ctx, input)),

  /** AI Help on the runner page: the last log lines and the file explained, paid like a chat message. */
  assistant: authedProcedure.input(assistantInput).mutation(({ ctx, input, signal }) => aiHelp(ctx, input, signal)),
});
