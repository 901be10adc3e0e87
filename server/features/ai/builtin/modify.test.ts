// The builtin edits on hand-written files: each result compiles and keeps every other line; anything
// else is declined naming OPENAI_API_KEY. (Bots the assistant built change through their plan:
// change-planned-bot.ts.)

import { beforeAll, describe, expect, it } from 'vitest';
import { compileAll, type SourceFile } from '../../../testing/compile-check';
import { builtinModify, BUILTIN_MODIFY_HELP } from './index';

/** Original lines that are gone from the result (a line that only gained a trailing comma counts as kept). */
function lostLines(before: string, after: string): string[] {
  const remaining = new Map<string, number>();
  for (const line of after.split('\n')) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  const lost: string[] = [];
  for (const line of before.split('\n')) {
    const key = remaining.get(line) ? line : remaining.get(`${line},`) ? `${line},` : null;
    if (key === null) lost.push(line);
    else remaining.set(key, remaining.get(key)! - 1);
  }
  return lost;
}

// Hand-written files (not generated): the edits work on ordinary code too.
const PLAIN_PY = [
  '"""A tiny bot."""',
  'import os',
  'from datetime import (',
  '    datetime,',
  ')',
  '',
  'GREETING = "Hello there"',
  '',
  '',
  'def greet(name):',
  '    """Says hello."""',
  '    text = GREETING + ", " + name',
  '    return text',
  '',
  '',
  'def main():',
  '    print(greet(os.getenv("USER", "you")), datetime.now())',
  '',
  '',
  'if __name__ == "__main__":',
  '    main()',
  '',
].join('\n');

const PLAIN_JS = [
  "const https = require('node:https');",
  '',
  "let greeting = 'Hello there';",
  '',
  'function greet(name) {',
  "  const text = greeting + ', ' + name;",
  '  return text;',
  '}',
  '',
  'setInterval(() => console.log(greet("you"), https.globalAgent !== undefined), 60000);',
  '',
].join('\n');

const plain = {
  pyLogging: builtinModify(PLAIN_PY, 'bot.py', 'add logging'),
  pyText: builtinModify(PLAIN_PY, 'bot.py', "change 'Hello there' to 'Good morning'"),
  jsLogging: builtinModify(PLAIN_JS, 'bot.js', 'please add logging'),
  jsInterval: builtinModify(PLAIN_JS, 'bot.js', 'run every 5 minutes'),
  jsText: builtinModify(PLAIN_JS, 'bot.js', "replace 'Hello' with 'Howdy'"),
};

let compiled = new Map<string, string>();

beforeAll(async () => {
  const files: SourceFile[] = [];
  for (const [key, result] of Object.entries(plain)) {
    if ('modifiedCode' in result) files.push({ key, filename: key.startsWith('py') ? 'bot.py' : 'bot.js', code: result.modifiedCode });
  }
  compiled = await compileAll(files);
  // About 25 s on a quiet 2-core machine; CI runs other files beside it.
}, 180_000);

describe('builtinModify on hand-written files', () => {
  it('adds logging to Python that has none, without losing a line', () => {
    const out = plain.pyLogging as { modifiedCode: string };
    expect(out.modifiedCode).toContain('import logging');
    expect(out.modifiedCode).toContain('logging.basicConfig(format="%(asctime)s');
    expect(out.modifiedCode).toContain('logger = logging.getLogger(__name__)');
    expect(out.modifiedCode).toContain('    """Says hello."""\n    logger.info("greet() called")');
    expect(out.modifiedCode).toContain('def main():\n    print(');
    expect(lostLines(PLAIN_PY, out.modifiedCode)).toEqual([]);
    expect(compiled.get('pyLogging')).toBe('');
  });

  it('adds a timestamped log helper and calls to JavaScript', () => {
    const out = plain.jsLogging as { modifiedCode: string };
    expect(out.modifiedCode).toContain('console.log(new Date().toISOString(), ...args);');
    expect(out.modifiedCode).toContain("function greet(name) {\n  log('greet() called');");
    expect(lostLines(PLAIN_JS, out.modifiedCode)).toEqual([]);
    expect(compiled.get('jsLogging')).toBe('');
  });

  it('changes a setInterval delay and a quoted text', () => {
    expect((plain.jsInterval as { modifiedCode: string }).modifiedCode).toContain('), 300000);');
    expect((plain.pyText as { modifiedCode: string }).modifiedCode).toContain('GREETING = "Good morning"');
    expect((plain.jsText as { modifiedCode: string }).modifiedCode).toContain("let greeting = 'Howdy there';");
    for (const key of ['jsInterval', 'pyText', 'jsText']) expect(compiled.get(key)).toBe('');
  });

  it('keeps Windows line endings', () => {
    const crlf = PLAIN_JS.replace(/\n/g, '\r\n');
    const out = builtinModify(crlf, 'bot.js', 'run every 5 minutes') as { modifiedCode: string };
    expect(out.modifiedCode).toBe(crlf.replace('60000', '300000'));
  });

  it('adds to a one-line table', () => {
    const out = builtinModify('KEYWORD_REPLIES = {}\n', 'bot.py', "reply 'Hi' when someone says hello") as { modifiedCode: string };
    expect(out.modifiedCode).toBe('KEYWORD_REPLIES = {"hello": "Hi"}\n');
  });
});

describe('builtinModify declines what it cannot do', () => {
  it('answers a free-form request with the list of edits and the setting that enables free-form edits', () => {
    const [code, filename] = [PLAIN_PY, 'bot.py'];
    for (const prompt of ['make it use a database', 'rewrite it in Rust', '', 'translate everything to French']) {
      const out = builtinModify(code, filename, prompt);
      expect(out).toHaveProperty('unsupported');
      const message = (out as { unsupported: string }).unsupported;
      expect(message).toContain('OPENAI_API_KEY');
      expect(message).toContain('OPENAI_BASE_URL');
      expect(message).toContain('add a command');
    }
    expect(BUILTIN_MODIFY_HELP).toMatch(/Set OPENAI_API_KEY \(or OPENAI_BASE_URL for Ollama\/vLLM\) to enable free-form edits\./);
  });

  it('says why when an edit does not fit the file', () => {
    const command = builtinModify(PLAIN_PY, 'bot.py', "add a /price command that replies 'Bread is 3 euros'");
    expect((command as { unsupported: string }).unsupported).toMatch(/no COMMAND_REPLIES table.*OPENAI_API_KEY/s);
    const welcome = builtinModify(PLAIN_PY, 'bot.py', "change the welcome message to 'Hi'");
    expect((welcome as { unsupported: string }).unsupported).toContain('welcome message');
    const text = builtinModify(PLAIN_PY, 'bot.py', "change 'Goodbye' to 'Bye'");
    expect((text as { unsupported: string }).unsupported).toContain('could not find the text "Goodbye"');
    const json = builtinModify('{}', 'data.json', 'add logging');
    expect((json as { unsupported: string }).unsupported).toContain('only Python and JavaScript');
    const bad = builtinModify('COMMAND_REPLIES = {}\n', 'bot.py', "add a /Price-List command that replies 'x'");
    expect(bad).toHaveProperty('unsupported');
  });

  it('does not add logging twice', () => {
    const once = builtinModify(PLAIN_PY, 'bot.py', 'add logging') as { modifiedCode: string };
    const twice = builtinModify(once.modifiedCode, 'bot.py', 'add logging');
    expect((twice as { unsupported: string }).unsupported).toContain('already logs');
  });
});
