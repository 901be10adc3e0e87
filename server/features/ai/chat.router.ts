// The chat with the assistant in the builder: a bot's messages, a message sent (the reply whole), and
// the same message with its reply streamed over SSE. REST: GET /api/chat/messages, POST /api/ai/chat.
import { router, authedProcedure, runnerProcedure } from '../../trpc';
import { followWork } from '../../follow-work';
import { chatInput, messagesInput } from '../../../shared/workspace.schema';
import { chat, chatMessages } from './ai.service';

export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; result: Awaited<ReturnType<typeof chat>> };

export const chatRouter = router({
  messages: authedProcedure
    .meta({ doc: { summary: "Read a bot's chat with the assistant", answers: 'The messages of the chat.', list: true } })
    .input(messagesInput)
    .query(({ ctx, input }) => chatMessages(ctx, input)),

  send: runnerProcedure
    .meta({
      rateLimit: [{ max: 20, window: '1 minute', key: 'user' }],
      doc: {
        summary: 'Send a message to the assistant',
        description: 'Costs credits. The assistant may write files into the bot, or propose changes to files it already has.',
        answers: 'The reply: a message, the files written, proposed changes, dependencies to install, your credits left and the bot it went to.',
        errors: [402, 409],
      },
    })
    .input(chatInput)
    .mutation(({ ctx, input, signal }) => chat(ctx, input, undefined, signal)),

  /** `send`, streamed: the reply's text as it is written, then the stored result. */
  stream: runnerProcedure.meta({ countsAs: 'chat.send' }).input(chatInput).subscription(async function* ({ ctx, input, signal }): AsyncGenerator<ChatStreamEvent> {
    for await (const event of followWork<string, Awaited<ReturnType<typeof chat>>>((push) => chat(ctx, input, push, signal))) {
      yield event.type === 'items' ? { type: 'delta', text: event.items.join('') } : event;
    }
  }),
});
