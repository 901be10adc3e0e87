import { describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { inlineTokens, messageSegments, textBlocks } from './message-segments';

const reply = [
  'Here is your **Telegram** bot.',
  '',
  '```python filename: echo_bot.py',
  'print("hi")',
  '```',
  '',
  'Install it:',
  '```bash',
  'pip install python-telegram-bot',
  '```',
  'Dependencies: python-telegram-bot',
].join('\n');

describe('messageSegments', () => {
  it('keeps text and code in order, naming blocks as the shared parser does', () => {
    const segments = messageSegments(reply);
    expect(segments.map((s) => s.kind)).toEqual(['text', 'code', 'text', 'code', 'text']);
    expect(segments[1]).toEqual({ kind: 'code', filename: 'echo_bot.py', language: 'python', code: 'print("hi")' });
    expect(segments[3]).toMatchObject({ kind: 'code', filename: null, language: 'bash', code: 'pip install python-telegram-bot' });
    const named = segments.flatMap((s) => (s.kind === 'code' && s.filename ? [s.filename] : []));
    expect(named).toEqual(parseAssistantReply(reply).blocks.map((b) => b.filename));
  });

  it("reads a ```bot-checks block as the file's checks, never as a file", () => {
    const text = '**Checked in the test chat: 1 of 1.**\n\n```bot-checks bot.js\n✓ When someone sends /menu: reply \'Tea\'\n  you: /menu\n  bot: Tea\n```';
    expect(messageSegments(text)).toEqual([
      { kind: 'text', text: '**Checked in the test chat: 1 of 1.**' },
      { kind: 'checks', filename: 'bot.js', lines: ["✓ When someone sends /menu: reply 'Tea'", '  you: /menu', '  bot: Tea'] },
    ]);
    expect(parseAssistantReply(text).blocks).toEqual([]);
  });

  it('gives an untagged block the default name code.py', () => {
    expect(messageSegments('```\nx = 1\n```')[0]).toMatchObject({ filename: 'code.py', code: 'x = 1' });
  });

  it('strips control characters and keeps markup as plain text', () => {
    const [segment] = messageSegments('Hi\u0007 <img src=x onerror=alert(1)>\u001b[31m');
    expect(segment).toEqual({ kind: 'text', text: 'Hi <img src=x onerror=alert(1)>[31m' });
  });

  it('shows a block that is still streaming in', () => {
    expect(messageSegments('Sure:\n```python filename: bot.py\nimport os\n')).toEqual([
      { kind: 'text', text: 'Sure:' },
      { kind: 'code', filename: 'bot.py', language: 'python', code: 'import os\n' },
    ]);
  });

  it('reads a ```bot-plan block as the plan card of its file, with its lines as the fallback', () => {
    const content = [
      'Your cafe bot:',
      '```bot-plan telegram_bot.js',
      "When someone sends /hours: reply 'Mon-Fri 8-16'",
      '',
      '  - When someone sends /menu: reply [needs your words]  ',
      '```',
      'Fill the blank below.',
    ].join('\n');
    expect(messageSegments(content)).toEqual([
      { kind: 'text', text: 'Your cafe bot:' },
      { kind: 'plan', filename: 'telegram_bot.js', lines: ["When someone sends /hours: reply 'Mon-Fri 8-16'", 'When someone sends /menu: reply [needs your words]'] },
      { kind: 'text', text: 'Fill the blank below.' },
    ]);
    // Still streaming: the lines so far.
    expect(messageSegments('```bot-plan bot.py\nWhen someone joins')).toEqual([{ kind: 'plan', filename: 'bot.py', lines: ['When someone joins'] }]);
    expect(messageSegments('```bot-plan\nA rule\n```')).toEqual([{ kind: 'plan', filename: '', lines: ['A rule'] }]);
  });
});

describe('textBlocks and inlineTokens', () => {
  it('groups lists and paragraphs', () => {
    expect(textBlocks('## Features\n- /start\n- echo\n\nDone.\nReally.\n1. one\n2. two')).toEqual([
      { kind: 'heading', lines: ['Features'] },
      { kind: 'bullets', lines: ['/start', 'echo'] },
      { kind: 'paragraph', lines: ['Done.', 'Really.'] },
      { kind: 'numbers', lines: ['one', 'two'] },
    ]);
  });

  it('finds code and bold spans', () => {
    expect(inlineTokens('Set `TOKEN` then **run** it')).toEqual([
      { kind: 'text', text: 'Set ' },
      { kind: 'code', text: 'TOKEN' },
      { kind: 'text', text: ' then ' },
      { kind: 'bold', text: 'run' },
      { kind: 'text', text: ' it' },
    ]);
  });
});
