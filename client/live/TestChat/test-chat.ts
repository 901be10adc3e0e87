// The test chat's server calls, through the app's one tRPC client: the conversation, and the saved
// chats as a query that saving and deleting invalidate. A document the bot sent is the one thing
// fetched directly (bytes, not JSON), with the same sign-in token.
import { useMemo } from 'react';
import type { PostTestChatMessageInput, TestChatKind, TestChatMessage, TestChatResult } from '../../../shared/test-chat.schema';
import { restBlob } from '../../lib/rest';
import { trpc } from '../../lib/trpc';

/**
 * The user's side of the chat, for the pane's own state: the shown chat's history, a text (as
 * yourself or, in the group, as a member), a button tap, a member joining or leaving, Clear.
 */
export function useTestChatCalls() {
  const utils = trpc.useUtils();
  return useMemo(
    () => ({
      load: (fileId: string, chat: TestChatKind, signal?: AbortSignal) => utils.client.testChat.messages.query({ fileId, chat }, { signal }),
      /** The posted message, shown at once (the socket's copy of it then replaces it in place). */
      post: async (fileId: string, body: PostTestChatMessageInput): Promise<TestChatMessage> => (await utils.client.testChat.post.mutate({ fileId, ...body })).message,
      clear: (fileId: string, chat: TestChatKind) => utils.client.testChat.clear.mutate({ fileId, chat }),
    }),
    [utils],
  );
}

/** A document the bot sent, fetched with the token (only from this server: it never leaves it). */
export async function downloadDocument(url: string, filename: string): Promise<void> {
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin) throw new Error('The document is not on this server');
  const blob = await restBlob(target.pathname + target.search);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the time the click returns; give slow browsers a moment.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

// ---------------------------------------------------------------------------------------------
// Saved chats

export function useSavedChats(fileId: string, enabled = true) {
  return trpc.testChat.saved.useQuery({ fileId }, { enabled, select: (answer) => answer.saved });
}

export function useSaveChat(fileId: string) {
  const utils = trpc.useUtils();
  return trpc.testChat.save.useMutation({ onSettled: () => utils.testChat.saved.invalidate({ fileId }) });
}

export function useDeleteSavedChat(fileId: string) {
  const utils = trpc.useUtils();
  const remove = trpc.testChat.deleteSaved.useMutation({ onSettled: () => utils.testChat.saved.invalidate({ fileId }) });
  return { ...remove, mutate: (name: string) => remove.mutate({ fileId, name }), mutateAsync: (name: string) => remove.mutateAsync({ fileId, name }) };
}

/** Replays every saved chat: against the saved file, or against `content` (an AI edit's preview). */
export function useRunSavedChats(fileId: string) {
  const run = trpc.testChat.runSaved.useMutation();
  return {
    ...run,
    data: run.data?.results as TestChatResult[] | undefined,
    mutate: (content?: string) => run.mutate({ fileId, ...(content === undefined ? {} : { content }) }),
    mutateAsync: async (content?: string) => (await run.mutateAsync({ fileId, ...(content === undefined ? {} : { content }) })).results,
  };
}
