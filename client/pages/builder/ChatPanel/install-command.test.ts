import { describe, expect, it } from 'vitest';
import { installCommand, installRequestCommand } from './install-command';

describe('installCommand', () => {
  it('uses pip for Python files and when no file is known', () => {
    expect(installCommand(['python-telegram-bot', 'requests'], 'bot.py')).toBe('pip install python-telegram-bot requests');
    expect(installCommand(['requests'])).toBe('pip install requests');
  });

  it('uses npm for JavaScript and TypeScript files', () => {
    expect(installCommand(['discord.js', 'dotenv'], 'bot.js')).toBe('npm install discord.js dotenv');
    expect(installCommand(['@slack/bolt'], 'app.ts')).toBe('npm install @slack/bolt');
  });

  it('quotes version specifiers a shell would misread', () => {
    expect(installCommand(['python-telegram-bot>=21,<22'], 'bot.py')).toBe("pip install 'python-telegram-bot>=21,<22'");
    expect(installCommand(['tweepy==4.14.0'], 'bot.py')).toBe('pip install tweepy==4.14.0');
    expect(installCommand(["it's"], 'bot.py')).toBe("pip install 'it'\\''s'");
  });
});

describe('installRequestCommand', () => {
  it('names each package as a plain word for the server to check, pip or npm by the file', () => {
    expect(installRequestCommand(['python-telegram-bot>=21,<22', 'requests'], 'bot.py')).toBe('pip install python-telegram-bot>=21,<22 requests');
    expect(installRequestCommand(['discord.js'], 'bot.js')).toBe('npm install discord.js');
    expect(installRequestCommand(['requests'])).toBe('pip install requests');
  });
});
