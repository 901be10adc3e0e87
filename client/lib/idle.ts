// Work for after the first paint (fetching code a click may soon need): when the browser is idle,
// or after a while where it cannot tell. Returns a cancel function, for an effect's clean-up.
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1000);
  return () => window.clearTimeout(id);
}
