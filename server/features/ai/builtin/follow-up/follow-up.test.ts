// Follow-ups of the builtin assistant on a bot it generated: each example request, and a
// behaviour of the larger vocabulary, changes the one file (merged, rendered, patched), says what
// changed, and keeps the person's own edits.
import { describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../../../shared/code-blocks';
import type { ProjectFile } from '../../provider';
import { builtinAnswer } from './follow-up';

/** The project after the first answer was saved: its one file with the plan it was built from. */
function botFrom(message: string): ProjectFile {
  const first = builtinAnswer(message, []);
  const block = parseAssistantReply(first.reply).blocks[0]!;
  return { filename: block.filename, content: block.code, generatedFrom: first.generated![block.filename]! };
}

function followUp(file: ProjectFile, message: string) {
  const answer = builtinAnswer(message, [file]);
  const block = parseAssistantReply(answer.reply).blocks[0];
  return { ...answer, code: block?.code, filename: block?.filename };
}

describe('follow-ups on a generated bot', () => {
  const echo = botFrom('a telegram bot in node that echoes messages and welcomes new members');

  it('"add a /joke command" adds the jokes to the same file', () => {
    const r = followUp(echo, 'add a /joke command');
    expect(r.filename).toBe(echo.filename);
    expect(r.code).toContain("'joke': tellJoke");
    expect(r.reply).toMatch(/\*\*Now it also\*\*\n- Tells a joke on \/joke/);
    expect(r.charged).toBe(true);
  });

  it('"make the welcome shorter" shortens the welcome text', () => {
    const before = /WELCOME_MESSAGE = '([^']*)'/.exec(echo.content)![1]!;
    const r = followUp(echo, 'make the welcome shorter');
    const after = /WELCOME_MESSAGE = '([^']*)'/.exec(r.code!)![1]!;
    expect(after.length).toBeLessThan(before.length);
    expect(after).toBe('Welcome, {name}!');
  });

  it('"also post at 9am" adds a post at 09:00', () => {
    const r = followUp(echo, 'also post at 9am');
    expect(r.code).toContain('09:00');
    expect(r.reply).toMatch(/TELEGRAM_CHAT_ID/);
  });

  it('"remove the echo" takes the echo out', () => {
    const r = followUp(echo, 'remove the echo');
    expect(r.reply).toMatch(/\*\*It no longer\*\*/);
    expect(r.code).not.toMatch(/echo: send the message back|Echo/);
  });

  it('a behaviour with its details: "add a /weather command for Paris"', () => {
    const r = followUp(echo, 'add a /weather command for Paris');
    expect(r.code).toContain("'Paris'");
    expect(r.code).toContain('api.open-meteo.com');
  });

  it('keeps what the person wrote by hand', () => {
    const own = { ...echo, content: echo.content.replace("const bot = new Telegraf", "// Launched by Ada.\nconst bot = new Telegraf") };
    expect(own.content).not.toBe(echo.content);
    const r = followUp(own, 'add a /joke command');
    expect(r.code).toContain('// Launched by Ada.');
    expect(r.code).toContain("'joke': tellJoke");
    expect(r.reply).toContain('Your own edits to the file are kept.');
  });

  it('answers for free when nothing changes, and for another platform writes a new bot', () => {
    const same = followUp(echo, 'it should echo messages');
    expect(same.charged).toBe(false);
    expect(same.code).toBeUndefined();
    const discord = followUp(echo, 'now a discord bot that echoes messages');
    expect(discord.filename).toBe('discord_bot.py');
  });
});
