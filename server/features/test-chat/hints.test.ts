// The chat pane's hint: the one line to change, only where a bot might not reach the emulator.
import { describe, expect, it } from 'vitest';
import { testChatHint } from './hints';

describe('testChatHint', () => {
  it('says nothing for code that reads TELEGRAM_API_BASE, or whose library follows the TLS path', () => {
    expect(testChatHint({ filename: 'bot.py', content: 'import telegram.ext\nos.getenv("TELEGRAM_API_BASE")', bridged: true })).toBeNull();
    expect(testChatHint({ filename: 'bot.js', content: "const { Telegraf } = require('telegraf')", bridged: true })).toBeNull();
    expect(testChatHint({ filename: 'bot.py', content: 'import urllib.request  # telegram', bridged: true })).toBeNull();
  });

  it("names the library's own option where it may not trust the CA bundle", () => {
    const hint = testChatHint({ filename: 'bot.py', content: 'from telegram.ext import Application', bridged: true });
    expect(hint).toMatch(/may not trust/);
    expect(hint).toContain('.base_url(os.environ["TELEGRAM_API_BASE"] + "/bot")');
    expect(testChatHint({ filename: 'a.py', content: 'from aiogram import Bot', bridged: true })).toContain('TelegramAPIServer.from_base');
  });

  it('without the sandbox, every bot that ignores the variable gets the hint', () => {
    expect(testChatHint({ filename: 'bot.js', content: "const { Telegraf } = require('telegraf')", bridged: false })).toContain('apiRoot: process.env.TELEGRAM_API_BASE');
    expect(testChatHint({ filename: 'bot.py', content: 'import requests  # telegram', bridged: false })).toMatch(/send its Bot API calls to TELEGRAM_API_BASE/);
  });
});
