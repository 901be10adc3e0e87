import { describe, expect, it } from 'vitest';
import { ecosystemLabel, envLanguageOf, importLanguageOf, installCommandFor } from './runner-languages';

describe('language guesses from file names and code', () => {
  it('dependency parsing: .py python, .js javascript, .ts typescript, anything else python', () => {
    expect(importLanguageOf('bot.py')).toBe('python');
    expect(importLanguageOf('bot.js')).toBe('javascript');
    expect(importLanguageOf('Bot.TS')).toBe('typescript');
    expect(importLanguageOf('notes.txt')).toBe('python');
    expect(importLanguageOf('app.tsx')).toBe('python');
  });

  it('env-var detection: .py python, .js or .ts javascript, anything else python', () => {
    expect(envLanguageOf('bot.py')).toBe('python');
    expect(envLanguageOf('bot.js')).toBe('javascript');
    expect(envLanguageOf('bot.ts')).toBe('javascript');
    expect(envLanguageOf('config.json')).toBe('python');
  });
});

describe('tags and commands', () => {
  it('tags imports Python, Node.js or TypeScript and installs with pip or npm', () => {
    expect(ecosystemLabel('python')).toBe('Python');
    expect(ecosystemLabel('javascript')).toBe('Node.js');
    expect(ecosystemLabel('typescript')).toBe('TypeScript');
    expect(installCommandFor('python', ['requests', 'python-telegram-bot'])).toBe('pip install requests python-telegram-bot');
    expect(installCommandFor('typescript', ['telegraf'])).toBe('npm install telegraf');
  });
});
