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
import { clearMessages, listMessages, postMessage } from './test-chat.service';
import { deleteSaved, listSaved, runSaved, saveChat } from './saved-chats';

export const testChatRouter = router({
  messages: authedProcedure.input(testChatMessagesInput).query(({ ctx, input }) => listMessages(ctx, input)),
  post: authedProcedure.meta({ rateLimit: [{ max: 120, window: '1 minute', key: 'user' }] }).input(postTestChatMessageCall).mutation(({ ctx, input }) => postMessage(ctx, input)),
  clear: authedProcedure.input(clearTestChatInput).mutation(({ ctx, input }) => clearMessages(ctx, input)),
  saved: authedProcedure.input(testChatFileInput).query(({ ctx, input }) => listSaved(ctx, input)),
  save: authedProcedure.input(saveTestChatInput).mutation(({ ctx, input }) => saveChat(ctx, input)),
  deleteSaved: authedProcedure.input(deleteSavedTestChatInput).mutation(({ ctx, input }) => deleteSaved(ctx, input)),
  runSaved: authedProcedure.meta({ rateLimit: [{ max: 10, window: '1 minute', key: 'user' }] }).input(runSavedTestChatsInput).mutation(({ ctx, input }) => runSaved(ctx, input)),
});
