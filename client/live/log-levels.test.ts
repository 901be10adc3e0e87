import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exitMessage } from '../../server/features/runner/runs/exit-messages';
import type { RunsOptions } from '../../server/features/runner/runs/runs';
import { classify, isErrorText, markTracebacks, type LevelledText, type LogLevel, type LogStream } from './log-levels';

describe('classify', () => {
  it('shows HTTP client chatter as debug, whatever stream it came on', () => {
    expect(classify('execution_error', '2025-01-01 10:00:00,000 - httpx - INFO - HTTP Request: POST https://api.telegram.org/bot/getUpdates "HTTP/1.1 200 OK"')).toBe('debug');
    expect(classify('execution_output', 'GET /health 200 OK')).toBe('debug');
    expect(classify('execution_log', 'HTTP Request: GET x')).toBe('debug');
  });

  it('keeps stdout as output and the runner notes as info', () => {
    expect(classify('execution_output', 'hello')).toBe('output');
    expect(classify('execution_log', 'Starting execution')).toBe('info');
  });

  it("shows a server's banner and request log on stderr as ordinary stderr, not errors", () => {
    for (const text of [
      ' * Serving Flask app "bot"',
      ' * Debug mode: off',
      ' * Running on http://127.0.0.1:5000',
      'Press CTRL+C to quit',
      '127.0.0.1 - - [01/Jan/2025 10:00:00] "GET /error HTTP/1.1" 200 -',
      'Listening on port 3000, errors go to the log',
    ]) {
      expect(classify('execution_error', text), text).toBe('stderr');
    }
    expect(classify('execution_error', 'WARNING: This is a development server. Do not use it in a production deployment.')).toBe('warn');
  });

  // A logging record takes its own level (the first level word of its start), on either stream:
  // only ERROR, CRITICAL and FATAL are errors.
  const records: Array<[LogStream, string, LogLevel]> = [
    ['execution_error', 'INFO:telegram.ext.Application:Application started', 'info'],
    ['execution_error', '2025-01-01 10:00:00,123 - bot - INFO - Bot is running', 'info'],
    ['execution_error', '[INFO] polling', 'info'],
    ['execution_error', 'DEBUG:asyncio:Using selector: EpollSelector', 'debug'],
    ['execution_error', 'WARNING:root:token missing', 'warn'],
    ['execution_error', 'ERROR:root:could not reach the API', 'error'],
    ['execution_error', '2025-01-01 10:00:00,123 - bot - ERROR - INFO channel closed', 'error'],
    ['execution_error', 'CRITICAL:bot:out of disk', 'error'],
    ['execution_output', '[FATAL] giving up', 'error'],
    ['execution_error', '2025-01-01 10:00:00,123 - bot - INFO - an ERROR was answered politely', 'info'],
  ];
  it.each(records)('reads the logging record on %s %j as %s', (stream, text, level) => {
    expect(classify(stream, text)).toBe(level);
  });

  it("marks uncaught errors, their stacks and Python's traceback lines as errors", () => {
    for (const text of [
      'Traceback (most recent call last):',
      '  File "/app/bot.py", line 12, in <module>',
      "KeyError: 'GREETING_TOKEN'",
      'requests.exceptions.ConnectionError: HTTPSConnectionPool',
      'TypeError: Cannot read properties of undefined',
      'Error: connect ECONNREFUSED 127.0.0.1:80',
      '    at handler (/app/bot.js:12:5)',
      '    at /app/bot.js:3:1',
      '    at async Promise.all (index 0)',
      '[UnhandledPromiseRejection: This error originated either by throwing inside of an async function]',
      'During handling of the above exception, another exception occurred:',
      'Exception in thread Thread-1 (worker):',
    ]) {
      expect(isErrorText(text), text).toBe(true);
    }
    for (const text of ['ErrorHandler installed', 'No errors so far', '    at noon we post the menu', 'UserWarning: unverified request']) {
      expect(isErrorText(text), text).toBe(false);
    }
  });

  it("marks the runner's sentence for a bad end an error, whatever words exit-messages.ts picks", () => {
    const options = { config: { memoryBytes: 512 * 1048576, wallClockMs: 30 * 60_000 } } as unknown as RunsOptions;
    const exit = (code: number | null, signal: NodeJS.Signals | null = null) => ({ code, signal, oomKilled: false });
    const bad = [
      exitMessage('exited', exit(1), undefined, options),
      exitMessage('exited', exit(null, 'SIGSEGV'), undefined, options),
      exitMessage('exited', exit(1), undefined, options, { lastLines: ["ModuleNotFoundError: No module named 'flask'"] }),
      exitMessage('exited', exit(1), undefined, options, { lastLines: ['Missing environment variable TELEGRAM_BOT_TOKEN'] }),
      exitMessage('failed', exit(null), 'no such interpreter', options),
      exitMessage('memory', exit(null, 'SIGKILL'), undefined, options),
      exitMessage('time', exit(null, 'SIGTERM'), undefined, options),
      exitMessage('output', exit(null, 'SIGTERM'), undefined, options),
    ];
    for (const text of bad) expect(classify('execution_error', text), text).toBe('error');
    // A bot that prints the same words on stdout is only talking.
    expect(classify('execution_output', 'The bot exited with exit code 1')).toBe('output');
  });
});

describe('markTracebacks', () => {
  const lines = (...texts: Array<[LevelledText['level'], string]>): LevelledText[] => texts.map(([level, text]) => ({ level, text }));

  it('takes a traceback in from its first line through its exception, and no further', () => {
    const marked = markTracebacks(
      lines(
        ['stderr', 'starting'],
        ['error', 'Traceback (most recent call last):'],
        ['error', '  File "/app/bot.py", line 3, in <module>'],
        ['stderr', '    main()'],
        ['stderr', '    ~~~~^^'],
        ['stderr', 'KeyboardInterrupt'],
        ['stderr', 'afterwards'],
      ),
      false,
    );
    expect(marked.map((l) => l.level)).toEqual(['stderr', 'error', 'error', 'error', 'error', 'error', 'stderr']);
    expect(marked.map((l) => l.traceback ?? false)).toEqual([false, true, true, true, true, false, false]);
  });

  it('goes on from an open traceback, and a runner note or a blank line ends one', () => {
    expect(markTracebacks(lines(['stderr', '    x = 1'], ['stderr', 'SystemExit: 2']), true).map((l) => l.level)).toEqual(['error', 'error']);
    expect(markTracebacks(lines(['info', 'Stopping execution...'], ['stderr', '    indented']), true).map((l) => l.level)).toEqual(['info', 'stderr']);
    expect(markTracebacks(lines(['stderr', ''], ['stderr', '    indented']), true).map((l) => l.level)).toEqual(['stderr', 'stderr']);
  });

  it("reads a SyntaxError's report, which has no 'Traceback' line", () => {
    const marked = markTracebacks(lines(['error', '  File "/app/bot.py", line 3'], ['stderr', '    print("x"'], ['stderr', '         ^'], ['error', "SyntaxError: '(' was never closed"]), false);
    expect(marked.every((l) => l.level === 'error')).toBe(true);
  });

  it('never turns an error into anything else, and leaves lines outside a traceback as they were', () => {
    const level = fc.constantFrom<LevelledText['level']>('info', 'error', 'warn', 'stderr', 'output', 'debug');
    fc.assert(
      fc.property(fc.array(fc.record({ level, text: fc.string() })), fc.boolean(), (input, open) => {
        const marked = markTracebacks(input, open);
        expect(marked).toHaveLength(input.length);
        marked.forEach((line, i) => {
          expect(line.text).toBe(input[i]!.text);
          if (input[i]!.level === 'error') expect(line.level).toBe('error');
          if (line.level !== input[i]!.level) expect(line.level).toBe('error');
        });
      }),
    );
  });
});
