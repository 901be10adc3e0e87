// Cross-component signals that do not belong in React state.

/** Asks the builder's chat box to take the focus (sent by the sidebar's 'Create New Bot/Agent'). */
export const FOCUS_CHAT_EVENT = 'botwright:focus-chat';

export function requestChatFocus(): void {
  // Two frames: the builder page may only mount after the navigation that precedes this call.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => window.dispatchEvent(new CustomEvent(FOCUS_CHAT_EVENT))),
  );
}
