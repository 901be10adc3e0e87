// The gate in front of large bodies (pure logic): a few at a time, first come first served, a bounded
// line, one place per person, and a wait that ends with 429 or when the client leaves.
import { describe, expect, it } from 'vitest';
import { BodyGate } from './body-gate';
import { AppError } from './errors';

const gate = (over: Partial<ConstructorParameters<typeof BodyGate>[0]> = {}) =>
  new BodyGate({ atOnce: 2, waiting: 2, maxWaitMs: 5_000, busyMessage: 'busy', alreadyMessage: 'already', ...over });
const live = () => new AbortController().signal;
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 5));
  return done;
};

describe('BodyGate', () => {
  it('admits two at once; the third waits until one is released, then they go in order', async () => {
    const g = gate();
    const a = await g.enter('a', live());
    await g.enter('b', live());
    const c = g.enter('c', live());
    const d = g.enter('d', live());
    expect(await settled(c)).toBe(false);
    a();
    a(); // a second release changes nothing
    expect(await settled(c)).toBe(true);
    expect(await settled(d)).toBe(false);
    (await c)();
    expect(await settled(d)).toBe(true);
  });

  it('refuses with 429 when the line is full, and a person who already holds a place', async () => {
    const g = gate();
    await g.enter('a', live());
    await g.enter('b', live());
    // c and d wait in line until the end of the test, when they leave: a wait left running would
    // end in a 429 after the test, unheard.
    const leaving = new AbortController();
    const c = g.enter('c', leaving.signal);
    const d = g.enter('d', leaving.signal);
    await expect(g.enter('e', live())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'busy', retryAfterSeconds: 5 });
    await expect(g.enter('a', live())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'already' });
    await expect(g.enter('c', live())).rejects.toBeInstanceOf(AppError);
    leaving.abort();
    await expect(c).rejects.toThrow(/went away/);
    await expect(d).rejects.toThrow(/went away/);
  });

  it('a wait that runs out is a 429 and gives up its place in line', async () => {
    const g = gate({ atOnce: 1, maxWaitMs: 20 });
    const a = await g.enter('a', live());
    await expect(g.enter('b', live())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'busy' });
    a();
    // The slot is free again and b may come back.
    (await g.enter('b', live()))();
  });

  it('a client that leaves while waiting is taken out of the line', async () => {
    const g = gate({ atOnce: 1 });
    const a = await g.enter('a', live());
    const leaving = new AbortController();
    const b = g.enter('b', leaving.signal);
    const c = g.enter('c', live());
    leaving.abort();
    await expect(b).rejects.toThrow(/went away/);
    a();
    expect(await settled(c)).toBe(true);
    // b holds nothing any more.
    (await c)();
    (await g.enter('b', live()))();
  });
});
