// How a run's end is said: who stopped it, a setting or a package it stopped without, else its code.
import { describe, expect, it } from 'vitest';
import { exitMessage, lastErrorLine, missingPackage, missingSetting } from './exit-messages';
import type { RunsOptions } from './runs';

const options = { config: { memoryBytes: 128 * 1048576, wallClockMs: 60_000 } } as unknown as RunsOptions;
const exited = (code: number, lastLines: string[], errorLines: string[] = []) => exitMessage('exited', { code, signal: null, oomKilled: false }, undefined, options, { lastLines, errorLines });

describe('exitMessage', () => {
  it('a stop by the owner says so, whatever code the bot exited with', () => {
    expect(exitMessage('stopped', { code: 143, signal: null, oomKilled: false }, undefined, options, { by: 'person' })).toBe('Execution stopped by its owner');
    expect(exitMessage('stopped', { code: null, signal: 'SIGTERM', oomKilled: false }, undefined, options, { by: 'restart' })).toBe('Execution stopped (signal SIGTERM)');
  });

  it('a bot that stopped without its token or another setting names it', () => {
    expect(exited(1, ['Missing environment variable TELEGRAM_BOT_TOKEN: set it before starting the bot.'])).toBe(
      'The bot stopped: token not set (TELEGRAM_BOT_TOKEN; set it under Environment Variables)',
    );
    expect(exited(1, ['2026-12-02 ERROR Missing environment variable OWNER_CHAT_ID: set it before starting the bot.'])).toBe(
      'The bot stopped: OWNER_CHAT_ID not set (set it under Environment Variables)',
    );
  });

  it('a bot that died without a package names the package, not the module', () => {
    expect(exited(1, ['Traceback (most recent call last):', '  File "bot.py", line 3', "ModuleNotFoundError: No module named 'telegram'"])).toBe(
      'The bot stopped: the package python-telegram-bot is not installed (install it under Dependencies)',
    );
    expect(missingPackage(["Error: Cannot find module 'telegraf'", 'Require stack:'])).toBe('telegraf');
    expect(missingPackage(["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'grammy' imported from /app/bot.mjs"])).toBe('grammy');
  });

  it("a crash gives its error line after the exit code: a traceback's last line, a JavaScript error's message, else the last line on stderr", () => {
    const traceback = ['Traceback (most recent call last):', '  File "/app/bot.py", line 2, in <module>', '    raise ValueError("bad token")', 'ValueError: bad token', ''];
    expect(exited(1, traceback, traceback)).toBe('The bot exited with exit code 1 (ValueError: bad token)');
    const node = ['/app/bot.js:2', "throw new Error('bad token');", '^', '', 'Error: bad token', '    at Object.<anonymous> (/app/bot.js:2:7)', '    at node:internal/main/run_main_module:28:49', '', 'Node.js v20.19.0'];
    expect(lastErrorLine(node)).toBe('Error: bad token');
    const withProps = ['TypeError: fetch failed', '    at node:internal/deps/undici/undici:13502:13', '    at async main (/app/bot.mjs:4:3) {', "  code: 'ECONNREFUSED'", '}', '', 'Node.js v20.19.0'];
    expect(lastErrorLine(withProps)).toBe('TypeError: fetch failed');
    expect(lastErrorLine(['/app/bot.js:1', "throw 'bad';", '^', 'bad', '(Use `node --trace-uncaught ...` to show where the exception was thrown)', '', 'Node.js v20.19.0'])).toBe('bad');
    expect(lastErrorLine(['config file missing'])).toBe('config file missing');
    expect(lastErrorLine(['', '  '])).toBeNull();
    expect(lastErrorLine([`ValueError: ${'x'.repeat(500)}`])).toHaveLength(200);
  });

  it('otherwise the exit code', () => {
    expect(exited(2, ['something else'])).toBe('The bot exited with exit code 2');
    expect(exited(2, ['something else'], [])).toBe('The bot exited with exit code 2');
    expect(exited(0, [])).toBe('The bot finished (exit code 0)');
    expect(missingSetting(['all fine'])).toBeNull();
  });
});
