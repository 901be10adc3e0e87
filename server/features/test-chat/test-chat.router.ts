// The test chat's tRPC calls (the REST paths /api/test-chat/... map onto these, rest.ts).
import { authedProcedure, router } from '../../trpc';
import {
  clearTestChatInput,
  deleteSavedTestChatInput,
  postTestChatMessageCall,
  runSavedTestChatsInput,
  saveTestChatInput,
  testChatFileInput,
  testChatMessagesInput,
} from '../../../shared/test-chat.schema';
import { clearMessages, listMessages, postMessage, type TestChatContext } from './test-chat.service';
import { deleteSaved, listSaved, runSaved, saveChat } from './saved-chats';

const ctxOf = (ctx: { deps: TestChatContext['deps']; user: { id: string } }): TestChatContext => ({ deps: ctx.deps, userId: ctx.user.id });

export const testChatRouter = router({
  messages: authedProcedure.input(testChatMessagesInput).query(({ ctx, input }) => listMessages(ctxOf(ctx), input)),
  post: authedProcedure.input(postTestChatMessageCall).mutation(({ ctx, input: { fileId, ...message } }) => postMessage(ctxOf(ctx), fileId, message)),
  clear: authedProcedure.input(clearTestChatInput).mutation(({ ctx, input }) => clearMessages(ctxOf(ctx), input)),
  saved: authedProcedure.input(testChatFileInput).query(({ ctx, input }) => listSaved(ctxOf(ctx), input.fileId)),
  save: authedProcedure.input(saveTestChatInput).mutation(({ ctx, input: { fileId, ...save } }) => saveChat(ctxOf(ctx), fileId, save)),
  deleteSaved: authedProcedure.input(deleteSavedTestChatInput).mutation(({ ctx, input }) => deleteSaved(ctxOf(ctx), input.fileId, input.name)),
  runSaved: authedProcedure.input(runSavedTestChatsInput).mutation(({ ctx, input }) => runSaved(ctxOf(ctx), input.fileId, { content: input.content })),
});
