// Keeps a scrolling list at its newest entry while the reader is there (the console, the test chat,
// the builder's chat, AI Help, the install log), and lets go once they scroll up to read back. Only
// the person lets go: a scroll the page makes itself (content changing size and the browser keeping
// its place, a shrink clamping the end, a column narrowing as the editor opens) is not theirs, and
// every change of size is followed while following.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DependencyList } from 'react';

export interface FollowNewestOptions {
  /** Where following leaves the view (a scrollTop), or null to stay; the end unless given. */
  target?: (scroller: HTMLElement) => number | null;
  /** Glide to the target rather than jump. */
  smooth?: () => boolean;
  /** How near the end counts as at the end, in pixels. */
  slack?: number;
}

export type ScrollReading = 'let go' | 'follow again' | 'as before';

/**
 * What a scroll event says about the person: a move up away from the end lets go, reaching the end
 * follows again. A move while the page is changing sizes is the page's own (`pageMoving`).
 */
export function readScroll(s: { top: number; lastTop: number; maxTop: number; slack: number; pageMoving: boolean }): ScrollReading {
  if (s.pageMoving) return 'as before';
  const atEnd = s.maxTop - s.top < s.slack;
  if (atEnd) return 'follow again';
  return s.top < s.lastTop - 1 ? 'let go' : 'as before';
}

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** Listens to the scroller and its content; returns what stops listening. */
function watchScroller(
  scroller: HTMLElement,
  content: HTMLElement | null,
  on: { scrolled: () => void; wentUp: () => void; resized: () => void; pageMoving: { current: boolean } },
): () => void {
  // The person's own ways up let go at once, even while the page is moving.
  const onWheel = (event: WheelEvent) => {
    if (event.deltaY < 0 && scroller.scrollTop > 0) on.wentUp();
  };
  const onKey = (event: KeyboardEvent) => {
    if (UP_KEYS.has(event.key) && scroller.scrollTop > 0) on.wentUp();
  };
  // A size change moves the view (the browser keeps its place, or clamps the end): scroll events
  // until the next frame are the page's. Images decode after their row is placed: the same.
  let frame = 0;
  const resized = () => {
    on.pageMoving.current = true;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => (on.pageMoving.current = false));
    on.resized();
  };
  const onLoad = (event: Event) => {
    if (event.target instanceof HTMLImageElement) resized();
  };
  const observer = new ResizeObserver(resized);
  observer.observe(scroller);
  if (content) observer.observe(content);
  scroller.addEventListener('scroll', on.scrolled, { passive: true });
  scroller.addEventListener('wheel', onWheel, { passive: true });
  scroller.addEventListener('keydown', onKey);
  scroller.addEventListener('load', onLoad, true);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
    scroller.removeEventListener('scroll', on.scrolled);
    scroller.removeEventListener('wheel', onWheel);
    scroller.removeEventListener('keydown', onKey);
    scroller.removeEventListener('load', onLoad, true);
  };
}

/**
 * `deps`: what adds to the list (its lines, messages, a typing row): each change is followed.
 * Returns the refs for the scroller and, when it is a wrapper (Mantine's ScrollArea), the content
 * whose size changes are followed too.
 */
export function useFollowNewest(deps: DependencyList, options: FollowNewestOptions = {}) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [content, setContent] = useState<HTMLElement | null>(null);
  const [following, setFollowing] = useState(true);
  const stick = useRef(true);
  const lastTop = useRef(0);
  const pageMoving = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const setStick = useCallback((value: boolean) => {
    stick.current = value;
    setFollowing(value);
  }, []);

  const follow = useCallback(() => {
    if (!scroller) return;
    const { target, smooth } = optionsRef.current;
    const top = target ? target(scroller) : scroller.scrollHeight - scroller.clientHeight;
    if (top === null || Math.abs(top - scroller.scrollTop) < 1) return;
    scroller.scrollTo({ top, behavior: smooth?.() ? 'smooth' : 'auto' });
  }, [scroller]);

  // The caller names what adds to the list: each change is followed before it is painted.
  useLayoutEffect(() => {
    if (stick.current) follow();
  }, [follow, ...deps]);

  useEffect(() => {
    if (!scroller) return;
    return watchScroller(scroller, content, {
      scrolled: () => {
        const top = scroller.scrollTop;
        const reading = readScroll({ top, lastTop: lastTop.current, maxTop: scroller.scrollHeight - scroller.clientHeight, slack: optionsRef.current.slack ?? 32, pageMoving: pageMoving.current });
        lastTop.current = top;
        if (reading === 'let go' && stick.current) setStick(false);
        else if (reading === 'follow again' && !stick.current) setStick(true);
      },
      wentUp: () => {
        if (stick.current) setStick(false);
      },
      resized: () => {
        if (stick.current) follow();
      },
      pageMoving,
    });
  }, [scroller, content, follow, setStick]);

  /** Follows again from here (the Latest button, a message sent, a console cleared). */
  const jumpToNewest = useCallback(() => {
    setStick(true);
    follow();
  }, [follow, setStick]);

  return { scrollerRef: setScroller, contentRef: setContent, following, jumpToNewest };
}
