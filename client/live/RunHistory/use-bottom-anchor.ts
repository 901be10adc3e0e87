// The history drawer's scroll, as in a terminal: a history is first shown scrolled to its newest line
// at the bottom, and lines put above what the reader sees (an earlier page) leave the reader where
// they were. The scroller keeps its distance from the bottom across each change of `content`; the
// browser's own scroll anchoring is off on it (RunHistory.module.css) so the two never both move it.
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useBottomAnchor<T extends HTMLElement>(opened: boolean, content: unknown) {
  const scroller = useRef<T>(null);
  /** How far the reader is from the bottom: 0 sticks to the newest line. */
  const fromBottom = useRef(0);

  // Declared first, so an opening resets the distance before the content below is placed.
  useLayoutEffect(() => {
    if (opened) fromBottom.current = 0;
  }, [opened]);

  // Before the browser paints the new lines.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current;
  }, [content]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) fromBottom.current = Math.max(0, el.scrollHeight - el.clientHeight - el.scrollTop);
  }, []);

  return { scroller, onScroll };
}
