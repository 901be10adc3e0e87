// The builtin edits on bots of the builtin's templates (every platform, both languages) and on
// hand-written files: each result compiles and keeps every other line; anything else is declined
// naming OPENAI_API_KEY. (Bots built from a plan change through the plan: change-planned-bot.ts.)

import { beforeAll, describe, expect, it } from 'vitest';
import { compileAll, type SourceFile } from '../../../testing/compile-check';
import { builtinModify, BUILTIN_MODIFY_HELP, understandRequest } from './index';
import { planBot } from './plan';
import { PLATFORM_INFO } from './platforms';
import { asSaved } from './reply';
import { renderBot } from './templates';

const PLATFORMS = ['Telegram', 'Discord', 'Twitter', 'WhatsApp', 'Slack', 'webhook'] as const;
const LANGUAGES = ['Python', 'Node.js'] as const;

/** A bot of the builtin's templates (what the chat built before plans, and still builds for some platforms). */
function generate(platform: string, language: string) {
  const plan = planBot(understandRequest(`a ${platform} bot in ${language} that welcomes new members, answers FAQs and posts every hour`)!);
  const filename = `${PLATFORM_INFO[plan.platform].fileStem}.${plan.language === 'python' ? 'py' : 'js'}`;
  return { filename, code: asSaved(renderBot(plan, filename)) };
}

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

interface Edit {
  prompt: string;
  /** Platforms the edit applies to (all when absent). */
  only?: string[];
  /** Text the result must contain, per language. */
  expect: (js: boolean) => string;
  /** Lines of the original that may change (0 for edits that only add lines). */
  changes: number;
}

const EDITS: Edit[] = [
  {
    prompt: "change the welcome message to 'Hi there'",
    only: ['Telegram', 'Discord', 'WhatsApp', 'Slack', 'webhook'],
    expect: (js) => (js ? "const WELCOME_MESSAGE = 'Hi there';" : 'WELCOME_MESSAGE = "Hi there"'),
    changes: 1,
  },
  {
    prompt: "add a /price command that replies 'Bread is 3 euros'",
    only: ['Telegram', 'Discord', 'WhatsApp', 'Slack', 'webhook'],
    expect: (js) => (js ? "'price': 'Bread is 3 euros'," : '"price": "Bread is 3 euros",'),
    changes: 0,
  },
  { prompt: 'add logging', expect: (js) => (js ? "log('keywordReply() called');" : 'logger.info("keyword_reply() called")'), changes: 0 },
  { prompt: 'post every 30 minutes', expect: (js) => (js ? 'const POST_INTERVAL_MINUTES = 30;' : 'POST_INTERVAL_MINUTES = 30'), changes: 1 },
  { prompt: 'post every 2 hours', expect: (js) => (js ? 'const POST_INTERVAL_MINUTES = 120;' : 'POST_INTERVAL_MINUTES = 120'), changes: 1 },
  {
    prompt: "reply 'We open at 9' when someone says opening",
    expect: (js) => (js ? "'opening': 'We open at 9'," : '"opening": "We open at 9",'),
    changes: 0,
  },
  {
    prompt: "change the reply to hours to 'We open at 10'",
    expect: (js) => (js ? "'hours': 'We open at 10'," : '"hours": "We open at 10",'),
    changes: 1,
  },
  {
    prompt: "change the fallback message to 'Try !help'",
    only: ['Telegram', 'Discord', 'WhatsApp', 'Slack', 'webhook'],
    expect: (js) => (js ? "const FALLBACK_MESSAGE = 'Try !help';" : 'FALLBACK_MESSAGE = "Try !help"'),
    changes: 1,
  },
  {
    prompt: 'check mentions every 2 minutes',
    only: ['Twitter'],
    expect: (js) => (js ? 'const POLL_INTERVAL_MS = 120000;' : 'POLL_INTERVAL_SECONDS = 120'),
    changes: 1,
  },
];

interface Case {
  name: string;
  js: boolean;
  filename: string;
  before: string;
  edit: Edit;
  result: ReturnType<typeof builtinModify>;
}

const cases: Case[] = [];
for (const platform of PLATFORMS) {
  for (const language of LANGUAGES) {
    const block = generate(platform, language);
    for (const edit of EDITS) {
      if (edit.only && !edit.only.includes(platform)) continue;
      cases.push({
        name: `${platform} ${language}: ${edit.prompt}`,
        js: language === 'Node.js',
        filename: block.filename,
        before: block.code,
        edit,
        result: builtinModify(block.code, block.filename, edit.prompt),
      });
    }
  }
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
  const files: SourceFile[] = cases
    .filter((c) => 'modifiedCode' in c.result)
    .map((c) => ({ key: c.name, filename: c.filename, code: (c.result as { modifiedCode: string }).modifiedCode }));
  for (const [key, result] of Object.entries(plain)) {
    if ('modifiedCode' in result) files.push({ key, filename: key.startsWith('py') ? 'bot.py' : 'bot.js', code: result.modifiedCode });
  }
  compiled = await compileAll(files);
  // About 25 s on a quiet 2-core machine; CI runs other files beside it.
}, 180_000);

describe('builtinModify on generated bots', () => {
  it('covers every documented edit on every platform in both languages', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  describe.each(cases)('$name', ({ name, js, before, edit, result }) => {
    it('applies the edit', () => {
      expect(result).toHaveProperty('modifiedCode');
      expect((result as { modifiedCode: string }).modifiedCode).toContain(edit.expect(js));
    });

    it('keeps every other line of the file', () => {
      const after = (result as { modifiedCode: string }).modifiedCode;
      expect(lostLines(before, after)).toHaveLength(edit.changes);
      expect(after.length).toBeGreaterThanOrEqual(before.length - 200);
    });

    it('compiles', () => {
      expect(compiled.get(name)).toBe('');
    });
  });
});

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
    const { code, filename } = generate('Telegram', 'Python');
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
    const twitter = generate('Twitter', 'Python');
    const command = builtinModify(twitter.code, twitter.filename, "add a /price command that replies 'Bread is 3 euros'");
    expect((command as { unsupported: string }).unsupported).toMatch(/no COMMAND_REPLIES table.*OPENAI_API_KEY/s);
    const welcome = builtinModify(twitter.code, twitter.filename, "change the welcome message to 'Hi'");
    expect((welcome as { unsupported: string }).unsupported).toContain('welcome message');
    const text = builtinModify(PLAIN_PY, 'bot.py', "change 'Goodbye' to 'Bye'");
    expect((text as { unsupported: string }).unsupported).toContain('could not find the text "Goodbye"');
    const json = builtinModify('{}', 'data.json', 'add logging');
    expect((json as { unsupported: string }).unsupported).toContain('only Python and JavaScript');
    const bad = builtinModify(generate('Telegram', 'Python').code, 'telegram_bot.py', "add a /Price-List command that replies 'x'");
    expect(bad).toHaveProperty('unsupported');
  });

  it('does not add logging twice', () => {
    const once = builtinModify(PLAIN_PY, 'bot.py', 'add logging') as { modifiedCode: string };
    const twice = builtinModify(once.modifiedCode, 'bot.py', 'add logging');
    expect((twice as { unsupported: string }).unsupported).toContain('already logs');
  });
});
