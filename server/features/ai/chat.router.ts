// The chat with the assistant in the builder: a bot's messages, a message sent (the reply whole), and
// the same message with its reply streamed over SSE. REST: GET /api/chat/messages, POST /api/ai/chat.
import { router, authedProcedure } from '../../trpc';
import { followWork } from '../../follow-work';
import { chatInput, messagesInput } from '../../../shared/workspace.schema';
import { chat, chatMessages } from './ai.service';

export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; result: Awaited<ReturnType<typeof chat>> };

export const chatRouter = router({
  messages: authedProcedure.input(messagesInput).query(({ ctx, input }) => chatMessages(ctx, input)),

  send: authedProcedure.meta({ rateLimit: [{ max: 20, window: '1 minute', key: 'user' }] }).input(chatInput).mutation(({ ctx, input, signal }) => chat(ctx, input, undefined, signal)),

  /** `send`, streamed: the reply's text as it is written, then the stored result. */
  stream: authedProcedure.meta({ countsAs: 'chat.send' }).input(chatInput).subscription(async function* ({ ctx, input, signal }): AsyncGenerator<ChatStreamEvent> {
    for await (const event of followWork<string, Awaited<ReturnType<typeof chat>>>((push) => chat(ctx, input, push, signal))) {
      yield event.type === 'items' ? { type: 'delta', text: event.items.join('') } : event;
    }
  }),
});
