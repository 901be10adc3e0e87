// The test chat's REST calls (/api/test-chat/:fileId/...), each answer checked against the shared
// schemas, plus the saved chats as a React Query cache that the save and delete calls invalidate.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  savedTestChat,
  testChatMessage,
  testChatResult,
  type PostTestChatMessageInput,
  type TestChatKind,
  type TestChatMessage,
  type TestChatResult,
} from '../../shared/test-chat.schema';
import { restBlob, restJson } from './rest';

const base = (fileId: string) => `/api/test-chat/${encodeURIComponent(fileId)}`;

const messagesAnswer = z.object({ messages: z.array(testChatMessage), hint: z.string().optional() });
const messageAnswer = z.object({ message: z.unknown() });
const textAnswer = z.object({ message: z.string() });
const savedAnswer = z.object({ saved: z.array(savedTestChat) });
const resultsAnswer = z.object({ results: z.array(testChatResult) });

export function loadMessages(fileId: string, chat: TestChatKind, signal?: AbortSignal) {
  return restJson('GET', `${base(fileId)}/messages?chat=${chat}`, messagesAnswer, { signal });
}

/**
 * The user's side: a text (as yourself or, in the group, as a member), a button tap or a member
 * joining or leaving. The answer's message, when it is one, is shown at once (the socket's copy of
 * it then replaces it in place).
 */
export async function postMessage(fileId: string, body: PostTestChatMessageInput): Promise<TestChatMessage | null> {
  const answer = await restJson('POST', `${base(fileId)}/messages`, messageAnswer, { body });
  const parsed = testChatMessage.safeParse(answer.message);
  return parsed.success ? parsed.data : null;
}

export function clearMessages(fileId: string, chat: TestChatKind) {
  return restJson('DELETE', `${base(fileId)}/messages?chat=${chat}`, textAnswer);
}

export function runSavedChats(fileId: string, content?: string): Promise<TestChatResult[]> {
  return restJson('POST', `${base(fileId)}/saved/run`, resultsAnswer, { body: content === undefined ? {} : { content } }).then((a) => a.results);
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

export const savedChatsKey = (fileId: string) => ['test-chat', fileId, 'saved'] as const;

export function useSavedChats(fileId: string, enabled = true) {
  return useQuery({
    queryKey: savedChatsKey(fileId),
    queryFn: ({ signal }) => restJson('GET', `${base(fileId)}/saved`, savedAnswer, { signal }).then((a) => a.saved),
    enabled,
  });
}

export function useSaveChat(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; chat: TestChatKind }) => restJson('POST', `${base(fileId)}/saved`, z.object({ saved: z.unknown() }), { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedChatsKey(fileId) }),
  });
}

export function useDeleteSavedChat(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => restJson('DELETE', `${base(fileId)}/saved/${encodeURIComponent(name)}`, textAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedChatsKey(fileId) }),
  });
}

/** Replays every saved chat: against the saved file, or against `content` (an AI edit's preview). */
export function useRunSavedChats(fileId: string) {
  return useMutation({ mutationFn: (content?: string) => runSavedChats(fileId, content) });
}
