import { describe, expect, it } from 'vitest';
import { appendBounded, classify, exitSummary, formatLine, hasErrorMarkers, linesOfFrame, logLine, MAX_LOG_LINES } from './runner-logs';

describe('classify', () => {
  it('shows HTTP client chatter as debug, whatever stream it came on', () => {
    expect(classify('execution_error', '2025-01-01 10:00:00,000 - httpx - INFO - HTTP Request: POST https://api.telegram.org/bot/getUpdates "HTTP/1.1 200 OK"')).toBe('debug');
    expect(classify('execution_output', 'GET /health 200 OK')).toBe('debug');
    expect(classify('execution_log', 'HTTP Request: GET x')).toBe('debug');
  });

  it('keeps stdout as output and the server notes as info', () => {
    expect(classify('execution_output', 'hello')).toBe('output');
    expect(classify('execution_log', 'Process started')).toBe('info');
  });

  it('shows stderr lines that are plainly logging INFO or DEBUG records at that level', () => {
    expect(classify('execution_error', 'INFO:telegram.ext.Application:Application started')).toBe('info');
    expect(classify('execution_error', '2025-01-01 10:00:00,123 - bot - INFO - Bot is running')).toBe('info');
    expect(classify('execution_error', '[INFO] polling')).toBe('info');
    expect(classify('execution_error', 'DEBUG:asyncio:Using selector: EpollSelector')).toBe('debug');
  });

  it('leaves every other stderr line an error, including warnings and a message that only mentions INFO', () => {
    expect(classify('execution_error', 'Traceback (most recent call last):')).toBe('error');
    expect(classify('execution_error', 'WARNING:root:token missing')).toBe('error');
    expect(classify('execution_error', '2025-01-01 10:00:00 - bot - ERROR - INFO channel closed')).toBe('error');
    expect(classify('execution_error', `KeyError: 'GREETING_TOKEN' ${'x'.repeat(80)} INFO`)).toBe('error');
  });
});

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
