// A settable clock for buildApp's `clock` option: real time plus an offset that tests move forward
// (code expiry, session expiry). Rate limits keep real time: they live in @fastify/rate-limit.
import type { Clock } from '../clock';

export type FakeClock = Clock & { advance(ms: number): void; reset(): void };

export function fakeClock(): FakeClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}
