import { describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { nextSteps } from './next-steps';

const file = (id: string, filename: string, content = '') => ({ id, filename, content });

const telegramBot = file('f1', 'bot.py', 'from telegram.ext import Application\n');
const requirements = file('f2', 'requirements.txt', 'python-telegram-bot\n');
const discordBot = file('f3', 'welcome.js', "const { Client } = require('discord.js');\n");

describe('nextSteps', () => {
  it('offers nothing for a reply without files', () => {
    expect(nextSteps(parseAssistantReply('Hello! What should the bot do?'), [telegramBot])).toBeNull();
  });

  it('offers nothing when the files of the reply are gone from the workspace', () => {
    const reply = parseAssistantReply('```python filename: bot.py\nprint(1)\n```');
    expect(nextSteps(reply, [discordBot])).toBeNull();
  });

  it('picks the runnable file over requirements.txt, whatever the order', () => {
    const reply = parseAssistantReply(
      '```text filename: requirements.txt\npython-telegram-bot\n```\n\n```python filename: bot.py\nimport telegram\n```',
    );
    expect(nextSteps(reply, [requirements, telegramBot])?.file.id).toBe('f1');
  });

  it('falls back to the first file present when none is runnable', () => {
    const reply = parseAssistantReply('```text filename: requirements.txt\nrequests\n```');
    expect(nextSteps(reply, [requirements])?.file.id).toBe('f2');
  });

  it('offers Install dependencies only when the reply lists them', () => {
    const withDeps = parseAssistantReply('```python filename: bot.py\nx\n```\nDependencies: python-telegram-bot');
    const without = parseAssistantReply('```python filename: bot.py\nx\n```');
    expect(nextSteps(withDeps, [telegramBot])?.install).toBe(true);
    expect(nextSteps(without, [telegramBot])?.install).toBe(false);
  });

  it('offers Test chat only for a Telegram bot, read from the saved file', () => {
    const py = parseAssistantReply('```python filename: bot.py\nx\n```');
    const js = parseAssistantReply('```javascript filename: welcome.js\nx\n```');
    expect(nextSteps(py, [telegramBot])?.testChat).toBe(true);
    expect(nextSteps(js, [discordBot])?.testChat).toBe(false);
    // A Telegram name is enough, even before the file has content.
    expect(nextSteps(parseAssistantReply('```python filename: telegram_bot.py\nx\n```'), [file('f4', 'telegram_bot.py')])?.testChat).toBe(true);
  });
});
