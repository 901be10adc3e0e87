// Sending a chat message: the person's message shows at once, the
// reply streams in over the chat.stream subscription, then messages, projects, files and credits
// reload. A message that fails stays in the list, marked as not sent, with the server's reason.
// A reply that changes an existing file opens that file with the change to accept or reject; a
// reply that made another bot opens that bot's file (its page). The file open in the editor goes
// with the message: a change the message asks for goes to it.
import { useCallback, useRef, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { offerChange } from '../../../lib/offered-changes';
import { trpc } from '../../../lib/trpc';
import { botInAddress, botOrFirst, useWorkspaceRefresh } from '../../../lib/workspace';

type ChatResult = inferRouterOutputs<AppRouter>['chat']['send'];

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** A local message the server never stored. */
  failed?: boolean;
}

interface Pending {
  message: ChatMessage;
  /** The reply so far; '' while the typing indicator shows. */
  reply: string;
}

// The subscription's input travels in the URL of a GET; past this size (long pasted code) the
// plain mutation carries it in a body instead, without streaming.
const MAX_STREAMED_INPUT = 6000;

let localIds = 0;

/** The file open in the editor (?file=ID), by name, when it belongs to the bot the message goes to. */
function openFilename(files: ReadonlyArray<{ id: string; projectId: string; filename: string }> | undefined, projectId: string): string | undefined {
  const id = new URLSearchParams(window.location.search).get('file');
  const file = files?.find((f) => f.id === id);
  return file && file.projectId === projectId ? file.filename : undefined;
}

/** What a reply did, said in toasts: files made, a change offered to the editor, another bot made. */
function announce(result: ChatResult, onChangeProposed?: (fileId: string) => void): void {
  if (result.createdFiles.length > 0) {
    notifySuccess('File created successfully', `Created: ${result.createdFiles.map((f) => f.filename).join(', ')}`);
  }
  for (const change of result.proposals) offerChange({ fileId: change.fileId, proposalId: change.proposalId, code: change.modifiedCode });
  const changed = result.proposals[0];
  if (changed) {
    notifyInfo('Change ready to review', `Accept or reject the change to ${changed.filename} in the editor.`);
    onChangeProposed?.(changed.fileId);
  } else if (result.newBot && result.createdFile) {
    notifyInfo('A new bot', 'It has a page of its own; the bot you were in stays as it was.');
    onChangeProposed?.(result.createdFile.id);
  }
}

type ChatClient = ReturnType<typeof trpc.useUtils>['client'];
type ChatInput = Parameters<ChatClient['chat']['send']['mutate']>[0];

/** Asks for the reply, streamed word by word (`onDelta`) unless the input is too long for a GET; exactly one of `succeed` and `fail` is called. */
function requestReply(client: ChatClient, input: ChatInput, on: { onDelta: (text: string) => void; succeed: (result: ChatResult) => void; fail: (err: unknown) => void }): void {
  if (encodeURIComponent(JSON.stringify(input)).length > MAX_STREAMED_INPUT) {
    client.chat.send.mutate(input).then(on.succeed, on.fail);
    return;
  }
  let settled = false;
  let subscription: { unsubscribe: () => void } | undefined;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    subscription?.unsubscribe();
    then();
  };
  subscription = client.chat.stream.subscribe(input, {
    onData(event) {
      if (settled) return;
      if (event.type === 'delta') on.onDelta(event.text);
      else settle(() => on.succeed(event.result));
    },
    onError: (err) => settle(() => on.fail(err)),
    // A dropped connection would make EventSource reconnect and send the message a second
    // time (and charge twice): stop instead and report the failure.
    onConnectionStateChange(state) {
      if (state.state === 'connecting' && state.error) settle(() => on.fail(state.error));
    },
    onComplete: () => settle(() => on.fail(new Error('The reply ended early'))),
  });
}

/**
 * `onChangeProposed`: a reply proposed a change to this file (already offered to its editor), or
 * made a new bot whose file this is (the page opens it).
 */
export function useChat(projectId: string | undefined, onChangeProposed?: (fileId: string) => void) {
  const utils = trpc.useUtils();
  const refresh = useWorkspaceRefresh();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failed, setFailed] = useState<ChatMessage[]>([]);
  const busy = useRef(false);

  const send = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (!text || busy.current) return false;
      busy.current = true;
      const message: ChatMessage = { id: `local-${++localIds}`, role: 'user', content: text, createdAt: new Date().toISOString() };
      setPending({ message, reply: '' });
      const current = botInAddress({ files: utils.files.list.getData(), bots: utils.projects.list.getData() });
      const botId = botOrFirst(current ?? projectId);
      const open = openFilename(utils.files.list.getData(), botId);
      requestReply(utils.client, { message: text, projectId: botId, ...(open ? { filename: open } : {}) }, {
        onDelta: (delta) => setPending((p) => (p && p.message.id === message.id ? { ...p, reply: p.reply + delta } : p)),
        succeed: async (result) => {
          announce(result, onChangeProposed);
          // The stored messages replace the local ones only once they have arrived: no flicker.
          await refresh().catch(() => undefined);
          setPending(null);
          busy.current = false;
        },
        fail: (err) => {
          notifyError('Failed to send message', errorMessage(err, 'Please check your connection and try again.'));
          setFailed((list) => [...list, { ...message, failed: true }]);
          setPending(null);
          busy.current = false;
          void refresh().catch(() => undefined);
        },
      });
      return true;
    },
    [projectId, refresh, utils, onChangeProposed],
  );

  /** Sends a failed message again, taking it out of the list first. */
  const retry = useCallback(
    (message: ChatMessage) => {
      if (busy.current) return;
      setFailed((list) => list.filter((m) => m.id !== message.id));
      send(message.content);
    },
    [send],
  );

  return { send, retry, pending, failed, isSending: pending !== null };
}
