import { describe, expect, it } from 'vitest';
import { appendBounded, exitSummary, formatLine, hasErrorMarkers, linesOfFrame, linesOfKept, logLine, MAX_LOG_LINES } from './runner-logs';

describe('linesOfFrame', () => {
  it('splits a batched frame into its lines, stamped with the server time', () => {
    const lines = linesOfFrame({ type: 'execution_output', message: 'one\ntwo\r\nthree\n', fileId: 'f1', at: 1_700_000_000_000 });
    expect(lines.map((l) => l.text)).toEqual(['one', 'two', 'three']);
    expect(lines.every((l) => l.at === 1_700_000_000_000 && l.level === 'output')).toBe(true);
    expect(new Set(lines.map((l) => l.id)).size).toBe(3);
  });

  it('keeps an empty line the program printed, and uses the arrival time without `at`', () => {
    const lines = linesOfFrame({ type: 'execution_output', message: 'a\n\nb' }, 42);
    expect(lines.map((l) => l.text)).toEqual(['a', '', 'b']);
    expect(lines[0]!.at).toBe(42);
  });

  it('keeps the text without escape codes and the colours as spans', () => {
    const [line] = linesOfFrame({ type: 'execution_error', message: '\u001b[31mERROR\u001b[0m:root:no token', at: 1 });
    expect(line!.text).toBe('ERROR:root:no token');
    expect(line!.spans).toEqual([{ text: 'ERROR', color: 'red' }, { text: ':root:no token' }]);
    expect(line!.level).toBe('error');
  });

  it("reads an error frame without a time as the server's own refusal, and a bot's stderr by its text", () => {
    expect(linesOfFrame({ type: 'execution_error', message: 'Too many bots running' })[0]!.level).toBe('error');
    expect(linesOfFrame({ type: 'execution_error', message: ' * Serving Flask app "bot"', at: 1 })[0]!.level).toBe('stderr');
  });
});

describe('appendBounded and tracebacks', () => {
  it('keeps a traceback one error when its lines come in separate frames', () => {
    const frame = (message: string) => linesOfFrame({ type: 'execution_error', message, at: 1 });
    let lines = appendBounded([], frame('Traceback (most recent call last):'));
    lines = appendBounded(lines, frame('  File "/app/bot.py", line 3, in <module>\n    main()'));
    lines = appendBounded(lines, frame('    ^^^^^^'));
    lines = appendBounded(lines, frame('RuntimeError\n127.0.0.1 - - "GET / HTTP/1.1" 200 -'));
    expect(lines.map((l) => l.level)).toEqual(['error', 'error', 'error', 'error', 'error', 'stderr']);
  });
});

describe('linesOfKept', () => {
  it("levels a bot's kept lines like the console, newest first, a traceback across entries included", () => {
    const kept = (level: 'log' | 'error' | 'output', text: string, at: number) => ({ level, text, at, runId: 'r1' });
    const lines = linesOfKept([
      kept('error', 'ValueError: bad', 5),
      kept('error', '  File "/app/bot.py", line 3, in <module>\n    raise ValueError("bad")', 4),
      kept('error', 'Traceback (most recent call last):', 3),
      kept('error', 'WARNING: This is a development server.', 2),
      kept('log', 'Starting execution', 1),
    ]);
    expect(lines.map((l) => `${l.level} ${l.text}`)).toEqual([
      'error ValueError: bad',
      'error     raise ValueError("bad")',
      'error   File "/app/bot.py", line 3, in <module>',
      'error Traceback (most recent call last):',
      'warn WARNING: This is a development server.',
      'info Starting execution',
    ]);
  });
});

describe('appendBounded', () => {
  it(`keeps only the newest ${MAX_LOG_LINES} lines`, () => {
    let lines = [logLine('info', 'first')];
    for (let i = 0; i < 30; i++) lines = appendBounded(lines, Array.from({ length: 100 }, (_, j) => logLine('output', `${i}-${j}`)));
    expect(lines).toHaveLength(MAX_LOG_LINES);
    expect(lines.at(-1)!.text).toBe('29-99');
    expect(lines[0]!.text).toBe('10-0');
  });
});

describe('exitSummary', () => {
  const frame = { type: 'execution_exit' as const, fileId: 'f1', at: 1, signal: null, message: '' };
  it("uses the server's sentence, as info for a clean exit or Stop and as an error otherwise", () => {
    expect(exitSummary({ ...frame, reason: 'exited', code: 0, message: 'The bot finished (exit code 0)' })).toEqual({ level: 'info', text: 'The bot finished (exit code 0)' });
    expect(exitSummary({ ...frame, reason: 'stopped', code: null, signal: 'SIGTERM', message: 'Execution stopped (signal SIGTERM)' }).level).toBe('info');
    expect(exitSummary({ ...frame, reason: 'exited', code: 1, message: 'The bot exited with exit code 1' })).toEqual({ level: 'error', text: 'The bot exited with exit code 1' });
    expect(exitSummary({ ...frame, reason: 'memory', code: null, message: 'out of memory' }).level).toBe('error');
  });

  it('says the exit code or the limit itself when the server gave no sentence', () => {
    const limits = { memoryMb: 512, wallClockMinutes: 30 };
    expect(exitSummary({ ...frame, reason: 'exited', code: 3 }).text).toBe('Process exited with code 3');
    expect(exitSummary({ ...frame, reason: 'exited', code: null, signal: 'SIGKILL' }).text).toBe('Process exited by signal SIGKILL');
    expect(exitSummary({ ...frame, reason: 'memory', code: null }, limits).text).toContain('memory limit (512 MB)');
    expect(exitSummary({ ...frame, reason: 'time', code: null }, limits).text).toContain('time limit (30 minutes)');
    expect(exitSummary({ ...frame, reason: 'output', code: null }).text).toContain('output');
    expect(exitSummary({ ...frame, reason: 'stopped', code: null })).toEqual({ level: 'info', text: 'Execution stopped' });
  });
});

describe('hasErrorMarkers', () => {
  it('finds the log level markers', () => {
    for (const text of ['ERROR x', 'ImportError: y', 'Traceback (most recent call last):', 'ValueException', 'login failed', 'Error: z']) {
      expect(hasErrorMarkers([logLine('output', text)])).toBe(true);
    }
    expect(hasErrorMarkers([logLine('output', 'all good'), logLine('info', 'Starting execution of bot.py')])).toBe(false);
  });
});

describe('formatLine', () => {
  it('prefixes the time and level', () => {
    expect(formatLine(logLine('error', 'boom', Date.UTC(2025, 0, 1, 10, 0, 1)))).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR boom$/);
  });
});
