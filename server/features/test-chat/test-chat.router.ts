// The test chat's tRPC calls (the REST paths /api/test-chat/... map onto these, rest.ts).
import { z } from 'zod';
import { runnerProcedure, router } from '../../trpc';
import {
  clearTestChatInput,
  deleteSavedTestChatInput,
  postTestChatMessageCall,
  runSavedTestChatsInput,
  savedTestChat,
  saveTestChatInput,
  testChatFileInput,
  testChatMember,
  testChatMessage,
  testChatMessagesInput,
  testChatResult,
} from '../../../shared/test-chat.schema';
import { answering, CONFIRMATION } from '../../procedure-meta';
import { clearMessages, listMessages, postMessage } from './test-chat.service';
import { deleteSaved, listSaved, runSaved, saveChat } from './saved-chats';

export const testChatRouter = router({
  messages: answering(
    z.object({ messages: z.array(testChatMessage), hint: z.string().optional(), members: z.array(testChatMember).optional() }),
    runnerProcedure
      .meta({ doc: { summary: 'Read the test chat', answers: 'The messages, oldest first; in the group also its members; a hint when the bot may not reach the test chat.' } })
      .input(testChatMessagesInput),
  ).query(({ ctx, input }) => listMessages(ctx, input)),
  post: answering(
    z.object({ message: testChatMessage }),
    runnerProcedure
      .meta({
        rateLimit: [{ max: 120, window: '1 minute', key: 'user' }],
        doc: { summary: 'Write in the test chat', description: 'Send a message, tap a button of the bot, or have a member join or leave the group.', answers: 'The message posted.' },
      })
      .input(postTestChatMessageCall),
  ).mutation(({ ctx, input }) => postMessage(ctx, input)),
  clear: runnerProcedure.meta({ doc: { summary: 'Clear the test chat', answers: CONFIRMATION } }).input(clearTestChatInput).mutation(({ ctx, input }) => clearMessages(ctx, input)),
  saved: answering(
    z.object({ saved: z.array(savedTestChat) }),
    runnerProcedure.meta({ doc: { summary: 'List saved test chats', answers: 'The saved chats of the file.' } }).input(testChatFileInput),
  ).query(({ ctx, input }) => listSaved(ctx, input)),
  save: answering(
    z.object({ saved: savedTestChat }),
    runnerProcedure
      .meta({
        doc: { summary: 'Save the test chat', description: 'Saves the current conversation under a name (replacing one of that name), to replay later.', answers: 'The saved chat.', errors: [409] },
      })
      .input(saveTestChatInput),
  ).mutation(({ ctx, input }) => saveChat(ctx, input)),
  deleteSaved: runnerProcedure
    .meta({ doc: { summary: 'Delete a saved test chat', answers: CONFIRMATION } })
    .input(deleteSavedTestChatInput)
    .mutation(({ ctx, input }) => deleteSaved(ctx, input)),
  runSaved: answering(
    z.object({ results: z.array(testChatResult) }),
    runnerProcedure
      .meta({
        rateLimit: [{ max: 10, window: '1 minute', key: 'user' }],
        doc: {
          summary: 'Replay the saved test chats',
          description: "Runs the file in test mode and compares the bot's replies with the saved ones.",
          answers: 'One result per saved chat: passed or not, the replies expected and given.',
          errors: [409],
        },
      })
      .input(runSavedTestChatsInput),
  ).mutation(({ ctx, input }) => runSaved(ctx, input)),
});
