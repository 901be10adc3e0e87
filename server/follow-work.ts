// Slow work followed over a tRPC subscription (SSE): what the work hands out as it goes (the AI's
// text, an installer's lines), then its result. Used by chat.stream and dependencies.installStream.

export type Followed<T, R> = { type: 'items'; items: T[]; dropped: number } | { type: 'done'; result: R };

/**
 * Starts `work` with a `push` for its output and yields that output in batches as it arrives (what
 * came while the reader was busy, together), then `{type: 'done', result}`; a failure of the work is
 * thrown after the output before it. Past `maxPending` items waiting for a slow reader, further
 * ones are only counted (`dropped`). The work goes on if the reader leaves.
 */
export async function* followWork<T, R>(work: (push: (item: T) => void) => Promise<R>, maxPending = Infinity): AsyncGenerator<Followed<T, R>> {
  const pending: T[] = [];
  let dropped = 0;
  let finished = false;
  let wake: (() => void) | null = null;
  const run = work((item) => {
    if (pending.length >= maxPending) dropped++;
    else pending.push(item);
    wake?.();
  }).finally(() => {
    finished = true;
    wake?.();
  });
  run.catch(() => {}); // observed below; this only keeps an early failure from going unhandled
  while (pending.length || dropped || !finished) {
    if (pending.length || dropped) {
      const batch = { type: 'items' as const, items: pending.splice(0), dropped };
      dropped = 0;
      yield batch;
      continue;
    }
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
  yield { type: 'done', result: await run };
}
