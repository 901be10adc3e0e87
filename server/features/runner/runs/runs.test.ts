// The run registry with the real sandbox: the wall-clock and output-volume limits end a run with
// their reason, a restart replaces the old run, and shutdown ends everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../../config';
import { createSandbox, limitsFor, type Sandbox } from '../sandbox';
import { eachLine } from '../../../testing/output-lines';
import { DEFAULT_OUTPUT_LIMITS, type OutputLine } from './run-output';
import { Runs, type RunExit } from './runs';
import type { BotLaunch } from './bot-command';

const config = loadConfig({ DATA_DIR: '/tmp/botwright-runs-test', RUNNER_STOP_GRACE_MS: '200' });
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox(config.runner, '/tmp/botwright-runs-test/runs', pino({ level: 'silent' }));
});

const python = (code: string): (() => Promise<BotLaunch>) => async () => ({
  argv: [config.runner.python, '-u', 'bot.py'],
  cwd: '/app',
  mounts: [],
  workdir: { path: '/app', files: [{ name: 'bot.py', content: code }] },
  env: { PATH: '/usr/bin:/bin', HOME: '/tmp' },
});

function watch(runs: Runs, userId: string, fileId: string) {
  const lines: OutputLine[] = [];
  let resolveExit!: (e: RunExit) => void;
  const exit = new Promise<RunExit>((r) => (resolveExit = r));
  runs.attach(userId, fileId, { lines: (l) => lines.push(...eachLine(l)), exit: (e) => resolveExit(e) });
  return { lines, exit };
}

const runsWith = (over: Partial<typeof config.runner> = {}, outputLimits = DEFAULT_OUTPUT_LIMITS) =>
  new Runs({ sandbox, config: { ...config.runner, ...over }, limits: limitsFor(config.runner), log: pino({ level: 'silent' }), outputLimits });

describe('run limits', () => {
  let runs: Runs;
  afterAll(async () => runs?.close());

  it('ends a run at the wall-clock limit with reason time', async () => {
    runs = runsWith({ wallClockMs: 400 });
    await runs.start({ userId: 'u1', fileId: 'f1', filename: 'bot.py', secrets: {} }, python('import time\nwhile True: time.sleep(1)\n'));
    const { exit, lines } = watch(runs, 'u1', 'f1');
    const ended = await exit;
    expect(ended, JSON.stringify(lines)).toMatchObject({ reason: 'time' });
    expect(lines.map((l) => l.text)).toContain('The bot was stopped: it reached the time limit of 0 minutes');
  });

  it('ends a run that prints more than the output volume allows, with reason output', async () => {
    runs = runsWith({}, { ...DEFAULT_OUTPUT_LIMITS, maxTotalBytes: 2 * 1024 * 1024 });
    await runs.start({ userId: 'u1', fileId: 'f2', filename: 'bot.py', secrets: {} }, python('import sys\nwhile True: sys.stdout.write("x" * 1000 + "\\n")\n'));
    const { exit } = watch(runs, 'u1', 'f2');
    expect(await exit).toMatchObject({ reason: 'output' });
  });

  it('restarts a running file: the old run ends as stopped, the new one runs', async () => {
    runs = runsWith();
    const loop = python('import time\nprint("up")\nwhile True: time.sleep(1)\n');
    await runs.start({ userId: 'u1', fileId: 'f3', filename: 'bot.py', secrets: {} }, loop);
    const first = watch(runs, 'u1', 'f3');
    await runs.start({ userId: 'u1', fileId: 'f3', filename: 'bot.py', secrets: {} }, loop);
    expect(await first.exit).toMatchObject({ reason: 'stopped' });
    expect(runs.list('u1')).toEqual([expect.objectContaining({ fileId: 'f3', status: 'running' })]);
    expect(runs.list('someone-else')).toEqual([]);
    expect(await runs.stop('someone-else', 'f3')).toBe(false);
    await runs.close();
    expect(runs.list('u1')).toEqual([expect.objectContaining({ status: 'exited' })]);
  });

  it('three starts of one file at once: each waits for the one before to end (even one still starting); one run is left', async () => {
    runs = runsWith();
    // A slow launch keeps the middle start in 'starting' while the third asks to end it.
    const slow = (code: string) => async () => {
      await new Promise((r) => setTimeout(r, 300));
      return python(code)();
    };
    await runs.start({ userId: 'u1', fileId: 'f5', filename: 'bot.py', secrets: {} }, python('import time\nprint("first")\nwhile True: time.sleep(1)\n'));
    const starts = [
      runs.start({ userId: 'u1', fileId: 'f5', filename: 'bot.py', secrets: {} }, slow('import time\nprint("second")\nwhile True: time.sleep(1)\n')),
      runs.start({ userId: 'u1', fileId: 'f5', filename: 'bot.py', secrets: {} }, slow('import time\nprint("third")\nwhile True: time.sleep(1)\n')),
    ];
    // Before the fix the third start spun on the second's unfinished run and the event loop stood still.
    const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('the starts did not settle')), 10_000));
    await Promise.race([Promise.all(starts), timer]);
    expect(runs.list('u1').filter((r) => r.fileId === 'f5' && r.status === 'running')).toHaveLength(1);
    const { lines } = watch(runs, 'u1', 'f5');
    await expect.poll(() => lines.map((l) => l.text)).toContain('third');
    await runs.close();
  });

  it('masks secret values of 8+ characters in every line, and shorter ones not at all', async () => {
    runs = runsWith();
    await runs.start(
      { userId: 'u1', fileId: 'f4', filename: 'bot.py', secrets: { LONG: 'abcdefgh123', SHORT: 'abc' } },
      python('print("long=abcdefgh123 short=abc twice=abcdefgh123abcdefgh123")\n'),
    );
    const { exit, lines } = watch(runs, 'u1', 'f4');
    await exit;
    const all = runs.attach('u1', 'f4', { lines: (l) => lines.push(...eachLine(l)), exit: () => {} });
    expect(all).not.toBeNull();
    expect(lines.map((l) => l.text), JSON.stringify(lines)).toContain('long=******** short=abc twice=****************');
  });
});
