import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/runner.schema';
import { initialRunnerState, runnerReducer, type RunnerAction, type RunnerState } from './run-state';

const run = (state: RunnerState, ...actions: RunnerAction[]) => actions.reduce(runnerReducer, state);
const frame = (f: ServerFrame): RunnerAction => ({ type: 'frame', frame: f });
const texts = (s: RunnerState) => s.lines.map((l) => `${l.level}:${l.text}`);

const viewingF1 = run(initialRunnerState, { type: 'connection', state: 'open' }, frame({ type: 'runs', runs: [] }), { type: 'view', fileId: 'f1' });

describe('runnerReducer', () => {
  it('is ready once the server answered the sign-in with its runs, and not after a drop', () => {
    const open = run(initialRunnerState, { type: 'connection', state: 'open' });
    expect(open.ready).toBe(false);
    const ready = run(open, frame({ type: 'runs', runs: [] }));
    expect(ready.ready).toBe(true);
    expect(run(ready, { type: 'connection', state: 'connecting' }).ready).toBe(false);
  });

  it('a Start is confirmed by the server\'s first note, then lines of the viewed file are shown split and levelled', () => {
    let s = run(viewingF1, { type: 'started', fileId: 'f1' });
    expect(s.runs.f1!.status).toBe('starting');
    s = run(
      s,
      frame({ type: 'execution_log', message: 'Starting execution\nRunning bot.py', fileId: 'f1', at: 1 }),
      frame({ type: 'execution_output', message: 'tick 1\ntick 2', fileId: 'f1', at: 2 }),
      frame({ type: 'execution_error', message: 'INFO:bot:ready\nTraceback (most recent call last):', fileId: 'f1', at: 3 }),
      frame({ type: 'execution_output', message: 'other file', fileId: 'f2', at: 4 }),
    );
    expect(s.runs.f1!.status).toBe('running');
    expect(texts(s)).toEqual(['info:Starting execution', 'info:Running bot.py', 'output:tick 1', 'output:tick 2', 'info:INFO:bot:ready', 'error:Traceback (most recent call last):']);
  });

  it('a refused Start (an error first) leaves nothing running and shows why', () => {
    const s = run(
      viewingF1,
      { type: 'started', fileId: 'f1' },
      frame({ type: 'execution_error', message: 'You can run at most 3 bots at once.', fileId: 'f1' }),
    );
    expect(s.runs.f1).toBeUndefined();
    expect(texts(s)).toEqual(['error:You can run at most 3 bots at once.']);
  });

  it('Stop marks the run stopping; the exit frame ends it without a second closing line', () => {
    let s = run(viewingF1, { type: 'started', fileId: 'f1' }, frame({ type: 'execution_log', message: 'Starting execution', fileId: 'f1' }), { type: 'stopping', fileId: 'f1' });
    expect(s.runs.f1!.status).toBe('stopping');
    s = run(
      s,
      frame({ type: 'execution_log', message: 'Stopping execution...\nExecution stopped (signal SIGTERM)', fileId: 'f1' }),
      frame({ type: 'execution_exit', fileId: 'f1', reason: 'stopped', code: null, signal: 'SIGTERM', message: 'Execution stopped (signal SIGTERM)', at: 9 }),
    );
    expect(s.runs.f1!.status).toBe('exited');
    expect(s.runs.f1!.exit).toEqual({ level: 'info', text: 'Execution stopped (signal SIGTERM)', at: 9 });
    expect(texts(s).filter((t) => t.includes('Execution stopped'))).toHaveLength(1);
  });

  it("a limit's exit reads as an error", () => {
    const s = run(viewingF1, frame({ type: 'execution_exit', fileId: 'f1', reason: 'memory', code: null, signal: 'SIGKILL', message: 'The bot was stopped: it used more than its 512 MiB of memory', at: 1 }));
    expect(s.runs.f1!.exit!.level).toBe('error');
  });

  it("the runs list replaces what the page knew; a live run the server no longer lists has ended", () => {
    let s = run(viewingF1, { type: 'started', fileId: 'f1' }, frame({ type: 'execution_log', message: 'Starting execution', fileId: 'f1' }));
    s = run(s, frame({ type: 'runs', runs: [{ fileId: 'f2', filename: 'b.py', status: 'running', startedAt: '2025-01-01T00:00:00.000Z' }] }));
    expect(s.runs.f1!.status).toBe('exited');
    expect(s.runs.f2).toEqual({ status: 'running', startedAt: '2025-01-01T00:00:00.000Z', exit: undefined });
  });

  it('switching files empties the console; lines without a file still show (answers to this page)', () => {
    let s = run(viewingF1, frame({ type: 'execution_output', message: 'x', fileId: 'f1' }), { type: 'view', fileId: 'f2' });
    expect(s.lines).toEqual([]);
    s = run(s, frame({ type: 'execution_error', message: 'Messages must be JSON' }));
    expect(texts(s)).toEqual(['error:Messages must be JSON']);
  });

  it("keeps a run's mode (test chat or live) from its Start, through the server's list, to its exit", () => {
    let s = run(viewingF1, { type: 'started', fileId: 'f1', mode: 'test' }, frame({ type: 'execution_log', message: 'Starting execution', fileId: 'f1' }));
    expect(s.runs.f1).toMatchObject({ status: 'running', mode: 'test' });
    s = run(s, frame({ type: 'execution_exit', fileId: 'f1', reason: 'stopped', code: null, signal: 'SIGTERM', message: 'Stopped', at: 2 }));
    expect(s.runs.f1).toMatchObject({ status: 'exited', mode: 'test' });
    s = run(s, frame({ type: 'runs', runs: [{ fileId: 'f2', filename: 'b.py', status: 'running', mode: 'test', startedAt: '2025-01-01T00:00:00.000Z' }] }));
    expect(s.runs.f2!.mode).toBe('test');
  });

  it("the page's own lines (the installer's output) join the console of the file they are about, and only that one", () => {
    const note: RunnerAction = { type: 'note', fileId: 'f1', lines: [{ level: 'info', text: 'Starting installation of: requests' }, { level: 'output', text: 'Successfully installed requests-2.99.0' }], at: 5 };
    const s = run(viewingF1, frame({ type: 'execution_output', message: 'tick 1', fileId: 'f1', at: 4 }), note);
    expect(texts(s)).toEqual(['output:tick 1', 'info:Starting installation of: requests', 'output:Successfully installed requests-2.99.0']);
    expect(s.lines.map((l) => l.at)).toEqual([4, 5, 5]);
    expect(run(viewingF1, { ...note, fileId: 'f2' })).toBe(viewingF1);
  });

  it('leaves test chat frames to the pane', () => {
    expect(run(viewingF1, frame({ type: 'test_chat_update', fileId: 'f1', chat: 'private', typing: true }))).toBe(viewingF1);
  });

  describe('runs pushed by the server', () => {
    const summary = (status: 'running' | 'exited', startedAt: string) => ({ fileId: 'f1', filename: 'bot.py', status, mode: 'live' as const, startedAt });

    it("confirms this page's own Start as followed, ignoring the end of the run it restarts", () => {
      let s = run(viewingF1, frame({ type: 'run', run: summary('running', 'T0') }), { type: 'started', fileId: 'f1' });
      s = run(s, frame({ type: 'run', run: summary('exited', 'T0') }));
      expect(s.runs.f1!.status).toBe('starting');
      s = run(s, frame({ type: 'run', run: summary('running', 'T1') }));
      expect(s.runs.f1).toEqual({ status: 'running', startedAt: 'T1', mode: 'live', followed: true });
    });

    it('a start made elsewhere (a deploy, a restart after a crash) is a new run, not followed yet', () => {
      let s = run(viewingF1, frame({ type: 'run', run: summary('running', 'T0') }));
      expect(s.runs.f1).toEqual({ status: 'running', startedAt: 'T0', mode: 'live' });
      s = run(s, frame({ type: 'run', run: summary('exited', 'T0') }));
      expect(s.runs.f1!.status).toBe('exited');
      s = run(s, frame({ type: 'run', run: summary('running', 'T1') }));
      expect(s.runs.f1).toEqual({ status: 'running', startedAt: 'T1', mode: 'live' });
    });

    it("an end of an older run, or one already seen, changes nothing", () => {
      const s = run(viewingF1, frame({ type: 'run', run: summary('running', 'T1') }));
      expect(run(s, frame({ type: 'run', run: summary('exited', 'T0') }))).toBe(s);
      const ended = run(s, frame({ type: 'execution_exit', fileId: 'f1', reason: 'exited', code: 3, signal: null, message: 'Exited with code 3', at: 5 }));
      expect(run(ended, frame({ type: 'run', run: summary('exited', 'T1') }))).toBe(ended);
    });
  });
});
