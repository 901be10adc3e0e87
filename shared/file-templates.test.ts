import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GENERIC_JAVASCRIPT_TEMPLATE,
  GENERIC_PYTHON_TEMPLATE,
  TELEGRAM_TEMPLATE,
  TWITTER_TEMPLATE,
  templateFor,
} from './file-templates';

const dir = mkdtempSync(join(tmpdir(), 'templates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Throws (with the compiler's message) when the file does not compile. */
function compile(name: string, code: string) {
  const path = join(dir, name);
  writeFileSync(path, code);
  if (name.endsWith('.py')) execFileSync('python3', ['-m', 'py_compile', path], { stdio: 'pipe' });
  else execFileSync(process.execPath, ['--check', path], { stdio: 'pipe' });
}

describe('file templates', () => {
  it('compile: Python with py_compile, JavaScript with node --check', () => {
    expect(() => compile('telegram_bot.py', TELEGRAM_TEMPLATE)).not.toThrow();
    expect(() => compile('generic_bot.py', GENERIC_PYTHON_TEMPLATE)).not.toThrow();
    expect(() => compile('twitter_bot.js', TWITTER_TEMPLATE)).not.toThrow();
    expect(() => compile('generic_bot.js', GENERIC_JAVASCRIPT_TEMPLATE)).not.toThrow();
  });

  it('the compile check itself catches a broken file', () => {
    expect(() => compile('broken.py', 'def main(:\n')).toThrow();
    expect(() => compile('broken.js', 'function (')).toThrow();
  });

  it('Telegram: python-telegram-bot v21, token from the environment, /start, /help and FAQ', () => {
    expect(TELEGRAM_TEMPLATE).toContain('python-telegram-bot>=21');
    expect(TELEGRAM_TEMPLATE).toContain('os.environ.get("TELEGRAM_BOT_TOKEN")');
    expect(TELEGRAM_TEMPLATE).toContain('CommandHandler("start", start)');
    expect(TELEGRAM_TEMPLATE).toContain('CommandHandler("help", help_command)');
    expect(TELEGRAM_TEMPLATE).toContain('FAQ = {');
  });

  it('Twitter: twitter-api-v2, polling mentions every 60000 ms, keys from the environment', () => {
    expect(TWITTER_TEMPLATE).toContain("require('twitter-api-v2')");
    expect(TWITTER_TEMPLATE).toContain('POLL_INTERVAL_MS = 60000');
    expect(TWITTER_TEMPLATE).toContain('setInterval(checkMentions, POLL_INTERVAL_MS)');
    expect(TWITTER_TEMPLATE).toContain('userMentionTimeline');
    for (const key of ['TWITTER_API_KEY', 'TWITTER_API_SECRET', 'TWITTER_ACCESS_TOKEN', 'TWITTER_ACCESS_SECRET']) {
      expect(TWITTER_TEMPLATE).toContain(`process.env.${key}`);
    }
  });

  it('no template carries a literal secret', () => {
    for (const t of [TELEGRAM_TEMPLATE, TWITTER_TEMPLATE, GENERIC_PYTHON_TEMPLATE, GENERIC_JAVASCRIPT_TEMPLATE]) {
      expect(t).not.toMatch(/\d{6,}:[A-Za-z0-9_-]{30,}/);
    }
  });

  it('is chosen by platform, in the language of the file', () => {
    expect(templateFor('telegram_bot.py')).toBe(TELEGRAM_TEMPLATE);
    expect(templateFor('support.py', 'from telegram.ext import Application')).toBe(TELEGRAM_TEMPLATE);
    expect(templateFor('twitter_bot.js')).toBe(TWITTER_TEMPLATE);
    expect(templateFor('tweet-replies.ts')).toBe(TWITTER_TEMPLATE);
    expect(templateFor('bot.py')).toBe(GENERIC_PYTHON_TEMPLATE);
    expect(templateFor('discord_bot.py')).toBe(GENERIC_PYTHON_TEMPLATE);
    expect(templateFor('bot.js')).toBe(GENERIC_JAVASCRIPT_TEMPLATE);
    // A platform template never lands in a file of the other language.
    expect(templateFor('telegram_bot.js')).toBe(GENERIC_JAVASCRIPT_TEMPLATE);
    expect(templateFor('twitter_bot.py')).toBe(GENERIC_PYTHON_TEMPLATE);
  });

  it('leaves data files empty', () => {
    expect(templateFor('config.json')).toBe('');
    expect(templateFor('telegram_notes.txt')).toBe('');
  });
});
