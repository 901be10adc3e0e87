import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultFilename,
  formatCodeBlock,
  formatDependencies,
  parseAssistantReply,
  planFenceFile,
  REPLY_FORMAT_INSTRUCTIONS,
  stripControlChars,
  type CodeBlock,
} from './code-blocks';
import { ALLOWED_EXTENSIONS, isSafeFilename } from './filenames';

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe('stripControlChars', () => {
  it('removes C0/C1 controls but keeps newlines and tabs', () => {
    expect(stripControlChars('a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg\th\ni')).toBe('abcdefg\th\ni');
  });

  it('turns \\r\\n and a lone \\r into \\n', () => {
    expect(stripControlChars('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('keeps ordinary unicode text', () => {
    expect(stripControlChars('Grüße 👋 — ok')).toBe('Grüße 👋 — ok');
  });

  it('is idempotent and leaves no control characters (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ maxLength: 60 })), (s) => {
        const once = stripControlChars(s);
        expect(stripControlChars(once)).toBe(once);
        expect(once).not.toMatch(CONTROL);
        expect(once).not.toContain('\r');
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseAssistantReply', () => {
  it('reads the filename tag of the info string and the Dependencies line', () => {
    const reply = 'Here is your bot.\n\n```python filename: bot.py\nprint("hi")\n```\n\nDependencies: requests, flask';
    expect(parseAssistantReply(reply)).toEqual({
      text: reply,
      blocks: [{ filename: 'bot.py', language: 'python', code: 'print("hi")' }],
      dependencies: ['requests', 'flask'],
    });
  });

  it('accepts filename=NAME, tildes and longer fences', () => {
    const reply = '~~~~js filename=bot.js\nconsole.log(1)\n~~~\n~~~~\n````ts filename: a.ts\nconst x = 1;\n````';
    expect(parseAssistantReply(reply).blocks).toEqual([
      { filename: 'bot.js', language: 'js', code: 'console.log(1)\n~~~' },
      { filename: 'a.ts', language: 'ts', code: 'const x = 1;' },
    ]);
  });

  it('takes the name from a first-line comment and removes that line', () => {
    const reply = '```python\n# filename: bot.py\nimport os\n```\n```javascript\n// filename: app.js\nlet a;\n```';
    expect(parseAssistantReply(reply).blocks).toEqual([
      { filename: 'bot.py', language: 'python', code: 'import os' },
      { filename: 'app.js', language: 'javascript', code: 'let a;' },
    ]);
  });

  it('defaults to code.py, and derives the language from the extension', () => {
    expect(parseAssistantReply('```\nprint(1)\n```').blocks).toEqual([{ filename: 'code.py', language: 'python', code: 'print(1)' }]);
    expect(parseAssistantReply('``` filename: x.json\n{}\n```').blocks).toEqual([{ filename: 'x.json', language: 'json', code: '{}' }]);
    expect(parseAssistantReply('```bot.js\n1\n```').blocks).toEqual([{ filename: 'bot.js', language: 'javascript', code: '1' }]);
  });

  it('replaces an unsafe name by code.<ext of its language>', () => {
    const blocks = parseAssistantReply(
      '```python filename: ../../app.py\na\n```\n```javascript filename: /etc/passwd\nb\n```\n```ts filename: .env\nc\n```\n```ruby filename: x.rb\nd\n```',
    ).blocks;
    expect(blocks.map((b) => b.filename)).toEqual(['code.py', 'code.js', 'code.ts', 'code.txt']);
  });

  it('lets the last block with a name win', () => {
    const blocks = parseAssistantReply('```python filename: a.py\nold\n```\n```python filename: b.py\nb\n```\n```python filename: a.py\nnew\n```').blocks;
    expect(blocks).toEqual([
      { filename: 'b.py', language: 'python', code: 'b' },
      { filename: 'a.py', language: 'python', code: 'new' },
    ]);
  });

  it('runs an unclosed final fence to the end', () => {
    expect(parseAssistantReply('text\n```python filename: a.py\nline1\nline2').blocks).toEqual([
      { filename: 'a.py', language: 'python', code: 'line1\nline2' },
    ]);
  });

  it('needs a closing fence of the same character and at least the same length', () => {
    const blocks = parseAssistantReply('````python filename: a.py\n```\n~~~~\nx\n````').blocks;
    expect(blocks[0]!.code).toBe('```\n~~~~\nx');
  });

  it('does not turn shell commands or output without a name into files', () => {
    expect(parseAssistantReply('```bash\npip install flask\n```\n```text\nHello\n```').blocks).toEqual([]);
    expect(parseAssistantReply('```text filename: requirements.txt\nflask\n```').blocks).toHaveLength(1);
  });

  it('merges Dependencies lines outside code blocks, trimmed and deduplicated, keeping specifiers', () => {
    const reply = [
      'dependencies: requests>=2.31,  flask ,, ',
      '```python filename: a.py',
      'Dependencies: not-this-one',
      '```',
      '**Dependencies:** `Flask`, openai==1.40.0.',
      'Dependencies: none',
    ].join('\n');
    expect(parseAssistantReply(reply).dependencies).toEqual(['requests>=2.31', 'flask', 'openai==1.40.0']);
  });

  it('strips control characters from the text', () => {
    const parsed = parseAssistantReply('Hi\u0007 there\r\n```python filename: a.py\r\nx = 1\u0000\r\n```');
    expect(parsed.text).toBe('Hi there\n```python filename: a.py\nx = 1\n```');
    expect(parsed.blocks[0]!.code).toBe('x = 1');
  });

  it('ignores an inline triple-backtick span', () => {
    expect(parseAssistantReply('Use ```print()``` here').blocks).toEqual([]);
  });

  it('never throws and only returns safe file names (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('```', '~~~', '````', '\n', 'filename: ', 'filename=', '# filename: ', 'Dependencies: ', '../', '.py', ' python ', 'x.js'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const parsed = parseAssistantReply(pieces.join(''));
        for (const block of parsed.blocks) expect(isSafeFilename(block.filename)).toBe(true);
        expect(parsed.text).not.toMatch(CONTROL);
        expect(new Set(parsed.blocks.map((b) => b.filename)).size).toBe(parsed.blocks.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses back what it renders in the system-prompt format (round trip property)', () => {
    const filename = fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_-]{0,20}$/), fc.constantFrom(...ALLOWED_EXTENSIONS))
      .map(([stem, ext]) => `${stem}.${ext}`);
    const language = fc.constantFrom('python', 'javascript', 'typescript', 'json', 'yaml', 'markdown', 'html', 'css', 'toml');
    const codeLine = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('```', '````', '~~~', '  ```', 'Dependencies: evil', '# filename: other.py', ''),
    );
    const code = fc.array(codeLine, { maxLength: 8 }).map((lines) => stripControlChars(lines.join('\n')));
    const block = fc.record({ filename, language, code });
    const blocks = fc.uniqueArray(block, { selector: (b) => b.filename, maxLength: 4 });
    const dependency = fc.stringMatching(/^[a-z0-9@][a-z0-9._\/\[\]<>=!~-]{0,20}[a-z0-9]$/);
    const dependencies = fc.uniqueArray(dependency, { maxLength: 5 }).filter((d) => !d.some((x) => ['none', 'na', 'n/a', 'nothing'].includes(x)));

    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), blocks, dependencies, (intro, bs: CodeBlock[], deps) => {
        const prose = stripControlChars(intro).replace(/^\s*[`~]{3,}.*$|^\s*[-*>]?\s*[*_]*dependencies.*$/gim, '');
        const reply = [prose, ...bs.map(formatCodeBlock), formatDependencies(deps)].join('\n\n');
        const parsed = parseAssistantReply(reply);
        expect(parsed.blocks).toEqual(bs);
        expect(parsed.dependencies).toEqual(deps);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the plan block (```bot-plan <file>)', () => {
  const reply = [
    'Here is your bot.',
    '```bot-plan telegram_bot.js',
    'When someone sends /hours: reply \'Mon-Fri 8-16\'',
    '// menu.js',
    'When someone sends /menu: reply [needs your words]',
    '```',
    '```javascript filename: telegram_bot.js',
    "console.log('hi');",
    '```',
  ].join('\n');

  it('is not a file, while the code block beside it still is', () => {
    const parsed = parseAssistantReply(reply);
    expect(parsed.blocks).toEqual([{ filename: 'telegram_bot.js', language: 'javascript', code: "console.log('hi');" }]);
    expect(parseAssistantReply('```bot-plan\nWhen someone joins: reply hi\n```').blocks).toEqual([]);
    expect(parseAssistantReply('~~~Bot-Plan bot.py\nrules\n~~~').blocks).toEqual([]);
  });

  it('names the file it shows the plan of', () => {
    expect(planFenceFile('bot-plan telegram_bot.js')).toBe('telegram_bot.js');
    expect(planFenceFile(' bot-plan   bot.py ')).toBe('bot.py');
    expect(planFenceFile('bot-plan')).toBe('');
    expect(planFenceFile('bot-plan ../etc/passwd')).toBe('');
    expect(planFenceFile('python filename: bot.py')).toBeNull();
    expect(planFenceFile('bot-plans bot.py')).toBeNull();
  });
});

describe('defaultFilename', () => {
  it('is code.py without a language and follows a known language otherwise', () => {
    expect(defaultFilename('')).toBe('code.py');
    expect(defaultFilename('Python')).toBe('code.py');
    expect(defaultFilename('javascript')).toBe('code.js');
    expect(defaultFilename('typescript')).toBe('code.ts');
    expect(defaultFilename('json')).toBe('code.json');
    expect(defaultFilename('cobol')).toBe('code.txt');
  });
});

describe('REPLY_FORMAT_INSTRUCTIONS', () => {
  it('describes the format the parser reads', () => {
    expect(REPLY_FORMAT_INSTRUCTIONS).toContain('```python filename: bot.py');
    expect(REPLY_FORMAT_INSTRUCTIONS).toContain('Dependencies: package-a, package-b');
  });
});
