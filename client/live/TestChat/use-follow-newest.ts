// Keeps a scrolling list at its newest (bottom) entry while the reader is there, and lets go once
// they scroll up to read back. Scroll events arrive a frame late, after more may have been added or
// a photo may have grown, so a scroll to where the list itself put it never counts as the reader's.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DependencyList, type RefObject } from 'react';

export function useFollowNewest(listRef: RefObject<HTMLElement | null>, deps: DependencyList) {
  const stick = useRef(true);
  const pinnedAt = useRef<number | null>(null);
  const [following, setFollowing] = useState(true);

  const pin = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    pinnedAt.current = el.scrollTop;
  }, [listRef]);

  // The caller names what adds to the list (its messages, a typing row).
  useLayoutEffect(() => {
    if (stick.current) pin();
  }, deps);

  // A photo decodes after its message is placed: if the list was following, it still is.
  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const onLoad = (event: Event) => {
      if (stick.current && event.target instanceof HTMLImageElement) pin();
    };
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, [listRef, pin]);

  const onScroll = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 32;
    if (pinnedAt.current !== null && Math.abs(el.scrollTop - pinnedAt.current) < 2) {
      // Our own scroll, reported late: content that came since is followed too.
      if (stick.current && !atBottom) pin();
      return;
    }
    pinnedAt.current = null;
    stick.current = atBottom;
    setFollowing(atBottom);
  }, [listRef, pin]);

  const jumpToNewest = useCallback(() => {
    stick.current = true;
    setFollowing(true);
    pin();
  }, [pin]);

  return { following, onScroll, jumpToNewest };
}
