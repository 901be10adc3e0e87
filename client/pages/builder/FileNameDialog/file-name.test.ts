import { describe, expect, it } from 'vitest';
import { fileNameProblem } from './file-name';

describe('a new file name', () => {
  it('is accepted when allowed and not taken', () => {
    expect(fileNameProblem('bot.py', ['main.py'])).toBeNull();
    expect(fileNameProblem('config_v2.json', [])).toBeNull();
  });

  it('is refused when empty, not allowed or already in the bot', () => {
    expect(fileNameProblem('', [])).toMatch(/Give the file a name/);
    for (const bad of ['bot', 'bot.exe', '../bot.py', 'my bot.py', '.env']) expect(fileNameProblem(bad, []), bad).toMatch(/allowed extension/);
    expect(fileNameProblem('main.py', ['main.py'])).toBe('This bot already has a file named main.py');
  });
});
