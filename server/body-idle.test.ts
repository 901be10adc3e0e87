// A body that stops arriving is cut: its reader gets 408, and a body nobody reads (the call failed
// before its parser ran) is cut without the failure being thrown as the process's own (that took
// the whole server down 15 s after such a call). Real streams, a short idle time.
import { PassThrough, type Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { limitBody } from './body-limits';

it('a stalled body read by its parser fails with 408', async () => {
  const payload = new PassThrough();
  payload.write('{"a":');
  const body = limitBody(payload, undefined, 1000, undefined, undefined, 50) as Readable;
  await expect(
    (async () => {
      for await (const _ of body) void _;
    })(),
  ).rejects.toMatchObject({ message: 'The request body stopped arriving. Please try again.' });
});

it('a stalled body nobody reads is cut quietly', async () => {
  const payload = new PassThrough();
  payload.write('{"a":');
  const body = limitBody(payload, undefined, 1000, undefined, undefined, 50) as Readable;
  const thrown: unknown[] = [];
  const onUncaught = (err: unknown) => thrown.push(err);
  process.on('uncaughtException', onUncaught);
  await new Promise((resolve) => setTimeout(resolve, 200));
  process.off('uncaughtException', onUncaught);
  expect(body.destroyed).toBe(true);
  expect(thrown).toEqual([]);
});
