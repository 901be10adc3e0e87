// The test chat's live state for one file: the shown chat's history (loaded when first shown and
// again after the runner's socket comes back), the socket's test_chat_update frames, and the
// user's side of the conversation (tRPC).
import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import type { TestChatKind, TestChatMember, TestChatMessage, TestChatUpdateFrame } from '../../../shared/test-chat.schema';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifyInfo } from '../../lib/notify';
import { useTestChatCalls } from './test-chat';
import { chatsReducer, initialChats, TYPING_MS, type ChatsAction } from './chat-log';

type TestChatCalls = ReturnType<typeof useTestChatCalls>;

export type SubscribeTestChat = (listener: (frame: TestChatUpdateFrame) => void) => () => void;

interface UseTestChatOptions {
  fileId: string;
  chat: TestChatKind;
  /** The runner's socket is signed in: frames flow. A return to true reloads the history. */
  ready: boolean;
  subscribe: SubscribeTestChat;
}

/** True until `until` (ms since epoch) has passed. */
function useUntil(until: number | null): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const left = until === null ? 0 : until - Date.now();
    setActive(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setActive(false), left);
    return () => clearTimeout(timer);
  }, [until]);
  return active;
}

/** Keeps the shown chat's history: loaded when first shown and after the socket comes back, then followed through the socket's frames. */
function useChatHistory({ fileId, chat, ready, subscribe }: UseTestChatOptions, dispatch: Dispatch<ChatsAction>, calls: TestChatCalls) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  // A socket that comes back may have missed frames: read the history again.
  const wasReady = useRef(ready);
  useEffect(() => {
    if (ready && !wasReady.current) setReloads((n) => n + 1);
    wasReady.current = ready;
  }, [ready]);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    calls
      .load(fileId, chat, controller.signal)
      .then((answer) => dispatch({ type: 'loaded', chat, messages: answer.messages, hint: answer.hint, members: answer.members }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(err, 'Could not load the conversation.'));
      });
    return () => controller.abort();
  }, [fileId, chat, reloads, calls, dispatch]);

  useEffect(
    () =>
      subscribe((frame) => {
        if (frame.fileId !== fileId) return;
        if (frame.cleared) dispatch({ type: 'cleared', chat: frame.chat });
        if (frame.message) dispatch({ type: 'message', chat: frame.chat, message: frame.message });
        if (frame.typing) dispatch({ type: 'typing', chat: frame.chat, until: Date.now() + TYPING_MS });
        if (frame.toast) notifyInfo(frame.toast);
      }),
    [subscribe, fileId, dispatch],
  );

  return { loadError, retry: () => setReloads((n) => n + 1) };
}

export function useTestChat(options: UseTestChatOptions) {
  const { fileId, chat } = options;
  const [state, dispatch] = useReducer(chatsReducer, initialChats);
  const calls = useTestChatCalls();
  const { loadError, retry } = useChatHistory(options, dispatch, calls);

  const log = state[chat];
  const typing = useUntil(log.typingUntil);

  const show = useCallback((target: TestChatKind, message: TestChatMessage | null) => {
    if (message) dispatch({ type: 'message', chat: target, message });
  }, []);

  /** Sends a text as yourself, or in the group as a member; false when it did not go. */
  const sendText = useCallback(
    async (text: string, as?: TestChatMember): Promise<boolean> => {
      if (as) dispatch({ type: 'postedAs', member: as });
      try {
        show(chat, await calls.post(fileId, { text, chat, ...(as ? { as } : {}) }));
        return true;
      } catch (err) {
        notifyError('Message not sent', errorMessage(err, 'Please try again.'));
        return false;
      }
    },
    [fileId, chat, show, calls],
  );

  const tapButton = useCallback(
    async (messageId: number, callbackData: string): Promise<void> => {
      try {
        // The answer is the tapped message; what the tap changes comes over the socket.
        await calls.post(fileId, { callbackData, messageId, chat });
      } catch (err) {
        notifyError('Button not sent', errorMessage(err, 'Please try again.'));
      }
    },
    [fileId, chat, calls],
  );

  const changeMember = useCallback(
    async (event: 'join' | 'leave', member: TestChatMember): Promise<boolean> => {
      try {
        const message = await calls.post(fileId, { event, member, chat: 'group' });
        dispatch({ type: 'member', event, member });
        show('group', message && message.event && !message.author ? { ...message, author: member } : message);
        return true;
      } catch (err) {
        notifyError(event === 'join' ? 'Member not added' : 'Member not removed', errorMessage(err, 'Please try again.'));
        return false;
      }
    },
    [fileId, show, calls],
  );

  const clear = useCallback(async () => {
    try {
      await calls.clear(fileId, chat);
      dispatch({ type: 'cleared', chat });
    } catch (err) {
      notifyError('Could not clear the conversation', errorMessage(err, 'Please try again.'));
    }
  }, [fileId, chat, calls]);

  return {
    messages: log.messages,
    loaded: log.loaded,
    loadError,
    retry,
    hint: log.hint,
    typing,
    members: state.members,
    others: state.others,
    sendText,
    tapButton,
    addMember: (member: TestChatMember) => changeMember('join', member),
    removeMember: (member: TestChatMember) => changeMember('leave', member),
    clear,
  };
}
