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

describe('follow-ups on a bot built from its plan', () => {
  const echo = botFrom(`a telegram bot in node that echoes messages and welcomes new members with "Welcome, {name}! Glad to have you in our group."`);
  const planOf = (r: ReturnType<typeof followUp>) => r.generated![r.filename!]!.plan!;

  it('"add a /joke command" adds a rule to the same file', () => {
    const r = followUp(echo, 'add a /joke command');
    expect(r.filename).toBe(echo.filename);
    expect(r.code).toContain('"name": "joke"');
    expect(r.reply).toMatch(/\*\*Added\*\*\n- When someone sends \/joke: reply one of/);
    expect(r.charged).toBe(true);
  });

  it('"make the welcome shorter" shortens the welcome text', () => {
    const r = followUp(echo, 'make the welcome shorter');
    expect(planOf(r).rules.find((rule) => rule.when.kind === 'join')!.do).toEqual([{ kind: 'reply', text: 'Welcome, {name}!' }]);
    expect(r.reply).toMatch(/\*\*Changed\*\*\n- When someone joins: reply 'Welcome, \{name\}!'/);
  });

  it('"also post at 9am" adds a post at 09:00, its text a blank until given', () => {
    const blank = followUp(echo, 'also post at 9am');
    expect(blank.charged).toBe(false);
    expect(blank.code).toBeUndefined();
    expect(blank.generated![echo.filename]!.plan!.rules.at(-1)!.when).toMatchObject({ kind: 'schedule', times: ['09:00'] });
    expect(blank.reply).toMatch(/\*\*Needs your words\*\*\n- What the bot says every day at 09:00/);
    const given = followUp(echo, "also post 'Good morning!' at 9am");
    expect(given.code).toContain('"09:00"');
    expect(given.reply).toMatch(/\*\*New settings to set\*\*\n- `TELEGRAM_CHAT_ID`/);
  });

  it('"remove the echo" takes the echo out', () => {
    const r = followUp(echo, 'remove the echo');
    expect(r.reply).toMatch(/\*\*Removed\*\*\n- When any other message arrives: reply '\{text\}'/);
    expect(r.code).not.toContain('"{text}"');
  });

  it('a behaviour with its details: "add a /weather command for Paris"', () => {
    const r = followUp(echo, 'add a /weather command for Paris');
    expect(r.code).toContain('"city": "Paris"');
    expect(r.code).toContain('api.open-meteo.com');
  });

  it('keeps what the person wrote by hand', () => {
    const own = { ...echo, content: echo.content.replace('module.exports = {', '// Launched by Ada.\nmodule.exports = {') };
    expect(own.content).not.toBe(echo.content);
    const r = followUp(own, 'add a /joke command');
    expect(r.code).toContain('// Launched by Ada.');
    expect(r.code).toContain('"name": "joke"');
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
