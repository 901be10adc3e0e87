// A helper of the sandbox's set-up that never says it is ready (slirp4netns, the bridge's relay)
// fails the set-up once the deadline passes, and is killed, rather than leaving the run 'starting'
// for ever. The helpers here are stand-in programs that write their pid and sleep; the clock is
// vitest's, moved past the deadline.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { attachNetwork } from './network';
import { attachBridge } from './service-bridge';
import { SETUP_STEP_DEADLINE_MS } from './setup-deadline';

const dir = mkdtempSync(path.join(os.tmpdir(), 'botwright-deadline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

/** A program that records its pid in `pidFile` and then sleeps without a word. */
function silentHelper(name: string): { program: string; pidFile: string } {
  const program = path.join(dir, name);
  const pidFile = `${program}.pid`;
  writeFileSync(program, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 60\n`);
  chmodSync(program, 0o755);
  return { program, pidFile };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function pidOnceStarted(pidFile: string): Promise<number> {
  for (let i = 0; i < 20_000 && !(existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n')); i++) await tick();
  return Number(readFileSync(pidFile, 'utf8'));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `attach` with the clock faked, moves it past the deadline, and returns the failure and the helper's pid. */
async function pastTheDeadline(attach: () => Promise<unknown>, pidFile: string): Promise<{ message: string; pid: number }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const outcome = attach().then(
    () => 'ready',
    (err: unknown) => (err as Error).message,
  );
  const pid = await pidOnceStarted(pidFile);
  await vi.advanceTimersByTimeAsync(SETUP_STEP_DEADLINE_MS - 1);
  expect(alive(pid)).toBe(true);
  await vi.advanceTimersByTimeAsync(1);
  const message = await outcome;
  vi.useRealTimers();
  for (let i = 0; i < 20_000 && alive(pid); i++) await tick();
  return { message, pid };
}

describe('a set-up helper that never becomes ready', () => {
  it("slirp4netns: the set-up fails after the deadline, saying which step, and the helper is killed", async () => {
    const slirp = silentHelper('slirp4netns');
    const { message, pid } = await pastTheDeadline(() => attachNetwork({ slirp4netns: slirp.program, nsenter: '/bin/true', ip: '/bin/true' }, process.pid, false), slirp.pidFile);
    expect(message).toBe(`slirp4netns was not ready after ${SETUP_STEP_DEADLINE_MS / 1000} s`);
    expect(alive(pid)).toBe(false);
  });

  it('the route set-up (ip -batch under nsenter): the same, with slirp4netns ready and then taken down', async () => {
    const ready = path.join(dir, 'ready-slirp4netns');
    writeFileSync(ready, '#!/bin/sh\necho 1 >&3\nexec sleep 60\n');
    chmodSync(ready, 0o755);
    const nsenter = silentHelper('nsenter-routes');
    const { message, pid } = await pastTheDeadline(() => attachNetwork({ slirp4netns: ready, nsenter: nsenter.program, ip: '/bin/true' }, process.pid, false), nsenter.pidFile);
    expect(message).toBe(`the route set-up (ip -batch) was not ready after ${SETUP_STEP_DEADLINE_MS / 1000} s`);
    expect(alive(pid)).toBe(false);
  });

  it("the bridge's relay: the same", async () => {
    const relay = silentHelper('python3');
    const { message, pid } = await pastTheDeadline(() => attachBridge({ python3: relay.program }, process.pid, { inboundSocket: path.join(dir, 'in.sock') }), relay.pidFile);
    expect(message).toBe(`the sandbox bridge's relay was not ready after ${SETUP_STEP_DEADLINE_MS / 1000} s`);
    expect(alive(pid)).toBe(false);
  });
});
