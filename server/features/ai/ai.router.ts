import { router, authedProcedure } from '../../trpc';
import { chatInput, modifyCodeInput, rejectModificationInput } from '../../../shared/workspace.schema';
import { assistantInput } from '../../../shared/runner.schema';
import { chat, modifyCode } from './ai.service';
import { aiHelp } from './ai-help.service';
import { rejectModification } from './code-edit-proposals';

export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; result: Awaited<ReturnType<typeof chat>> };

export const aiRouter = router({
  chat: authedProcedure.input(chatInput).mutation(({ ctx, input, signal }) => chat({ deps: ctx.deps, userId: ctx.user.id }, input, undefined, signal)),

  /** The same chat, streamed over SSE: the reply's text as it is written, then the stored result. */
  chatStream: authedProcedure.input(chatInput).subscription(async function* ({ ctx, input, signal }): AsyncGenerator<ChatStreamEvent> {
    const pending: string[] = [];
    let finished = false;
    let wake: (() => void) | null = null;
    const run = chat({ deps: ctx.deps, userId: ctx.user.id }, input, (text) => {
      pending.push(text);
      wake?.();
    }, signal).finally(() => {
      finished = true;
      wake?.();
    });
    run.catch(() => {}); // observed below; this only keeps an early failure from going unhandled
    while (pending.length || !finished) {
      if (pending.length) {
        yield { type: 'delta', text: pending.splice(0).join('') };
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    yield { type: 'done', result: await run };
  }),

  modifyCode: authedProcedure
    .input(modifyCodeInput)
    .mutation(({ ctx, input, signal }) => modifyCode({ deps: ctx.deps, userId: ctx.user.id }, input, signal)),

  /** 'Reject Changes' on a Modify preview: refunds its charge once (see code-edit-proposals.ts). */
  rejectModification: authedProcedure
    .input(rejectModificationInput)
    .mutation(({ ctx, input }) => rejectModification({ deps: ctx.deps, userId: ctx.user.id }, input)),

  /** AI Help on the runner page: the last log lines and the file explained, paid like a chat message. */
  assistant: authedProcedure.input(assistantInput).mutation(({ ctx, input, signal }) => aiHelp({ deps: ctx.deps, userId: ctx.user.id }, input, signal)),
});
