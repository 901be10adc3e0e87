// Where the chat scrolls as the conversation changes: to the bottom for the person's own message
// and the typing indicator, and for a reply only as far as its first line at the top of the view
// (a long reply is read from its start, not from the end of its code).

export interface ScrollState {
  scrollTop: number;
  /** scrollHeight - clientHeight: the bottom. */
  maxScrollTop: number;
  /** The newest turn is the assistant's (a reply, streaming or stored, or the typing indicator). */
  newestIsReply: boolean;
  /** The newest turn's top, measured from the top of the scrolled content. */
  newestOffset: number;
}

/** Room left above a reply's first line, so its avatar is not cut. */
export const REPLY_MARGIN = 12;

/** The scrollTop to move to, or null to stay. It only ever moves down: up is the person's move. */
export function scrollTargetFor({ scrollTop, maxScrollTop, newestIsReply, newestOffset }: ScrollState): number | null {
  const bottom = Math.max(0, maxScrollTop);
  const target = newestIsReply ? Math.min(bottom, Math.max(0, newestOffset - REPLY_MARGIN)) : bottom;
  return target > scrollTop + 1 ? target : null;
}
