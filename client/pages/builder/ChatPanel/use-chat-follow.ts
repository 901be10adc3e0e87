// The builder chat keeps the newest turn in view as messages arrive and as the reply streams in,
// unless the person has scrolled up to read; sending a message always brings the view back down.
// A reply is read from its start: the view follows it down only until its first line reaches the
// top, and never on to the end of its code (scroll-target.ts).
import { useLayoutEffect, useRef } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { useFollowNewest } from '../../../lib/use-follow-newest';
import { scrollTargetFor } from './scroll-target';

/** `turns`: the conversation's stored and failed turns; `pending`: the message being answered, and its reply so far. */
export function useChatFollow(turns: number, pending: { message: { id: string }; reply: string } | null) {
  const logRef = useRef<HTMLDivElement>(null);
  const scrolledOnce = useRef(false);
  const pendingId = pending?.message.id;
  const followed = useRef<{ id: string; length: number } | null>(null);
  const streaming = Boolean(pending?.reply);
  const follow = useFollowNewest([turns, pendingId, pending?.reply], {
    slack: 80,
    target: (viewport) => {
      // The stored turns arrive a moment before the streamed ones go: they take the same place, so
      // stay rather than chase the streamed copy below them down to its end.
      if (pendingId && turns > (followed.current?.length ?? 0)) return null;
      const newest = logRef.current?.lastElementChild;
      return scrollTargetFor({
        scrollTop: viewport.scrollTop,
        maxScrollTop: viewport.scrollHeight - viewport.clientHeight,
        newestIsReply: newest instanceof HTMLElement && newest.dataset.role === 'assistant',
        newestOffset: newest ? newest.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop : 0,
      });
    },
    // A streamed reply grows a few words at a time: jump, so the next word does not chase a glide.
    smooth: () => scrolledOnce.current && !streaming,
  });
  const { jumpToNewest } = follow;
  useLayoutEffect(() => {
    if (pendingId && followed.current?.id !== pendingId) {
      followed.current = { id: pendingId, length: turns };
      jumpToNewest();
    }
    if (turns > 0) scrolledOnce.current = true;
  }, [turns, pendingId, jumpToNewest]);
  return { viewportRef: follow.scrollerRef, conversationRef: useMergedRef(logRef, follow.contentRef) };
}
