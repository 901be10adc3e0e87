// detectEnvVars over tricky inputs, and the label/placeholder/description words of the modal.

import { describe, expect, it } from 'vitest';
import { envDescription, envLabel, envPlaceholder } from './env-var-text';
import { detectEnvVars } from './env-vars';

/** 'KEY!' for a required variable, 'KEY?' for an optional one, in the order found. */
async function keys(code: string, language: 'python' | 'javascript'): Promise<string[]> {
  return (await detectEnvVars(code, language)).map((v) => `${v.key}${v.required ? '!' : '?'}`);
}

describe('detectEnvVars: Python', () => {
  it.each([
    ["os.environ['A']", ['A!']],
    ['os.environ["B"].split(",")', ['B!']],
    ["os.environ.get('C')", ['C?']],
    ["os.environ.get('D', 'default')", ['D?']],
    ["os.getenv('E')", ['E?']],
    ['os.getenv("F", "5000")', ['F?']],
    ["from os import environ, getenv\nenviron['G']\ngetenv('H')", ['G!', 'H?']],
    ["from os import environ as env\nenv['I']\nenv.get('J')", ['I!', 'J?']],
    ["import os as o\no.getenv('K')\no.environ['L']", ['K?', 'L!']],
    ["token = os.environ['''M''']", ['M!']],
  ])('%j -> %j', async (code, expected) => {
    expect(await keys(code, 'python')).toEqual(expected);
  });

  it('lists each key once, in order of first appearance, required when any read requires it', async () => {
    const code = "a = os.getenv('PORT', '80')\nb = os.getenv('TOKEN')\nc = os.environ['TOKEN']\nd = os.environ.get('PORT')\ne = os.environ['ADMIN_ID']";
    expect(await keys(code, 'python')).toEqual(['PORT?', 'TOKEN!', 'ADMIN_ID!']);
  });

  it('treats a read in a branch taken only when the key is set as optional', async () => {
    const code = [
      "a = os.environ['A'] if 'A' in os.environ else None", "if 'B' in os.environ:\n    b = os.environ['B']", "elif os.getenv('C'):\n    c = os.environ['C']",
      "d = os.getenv('D') and os.environ['D']", "if 'E' not in os.environ:\n    e = os.environ['E']", "f = os.environ['F'] if 'G' in os.environ else 1",
    ].join('\n');
    expect(await keys(code, 'python')).toEqual(['A?', 'B?', 'C?', 'D?', 'E!', 'F!']);
  });

  it('does not take writes, comments, strings, f-string or computed keys', async () => {
    const code = [
      "os.environ['WRITTEN'] = 'x'", "del os.environ['DELETED']", "# os.environ['COMMENTED']", "s = \"os.getenv('IN_STRING')\"",
      '"""os.environ["IN_DOCSTRING"]"""', "name = 'X'\nos.getenv(name)\nos.environ[name + '_Y']\nos.getenv(f'{name}_Z')",
      "if 'PRESENT' in os.environ: pass", "os.getenv('not a key')", "os.environ['REAL']",
    ].join('\n');
    expect(await keys(code, 'python')).toEqual(['REAL!']);
  });

  it('follows a helper that reads the variable named by its parameter', async () => {
    const code = [
      'def require_env(name):', '    value = os.getenv(name, "").strip()', '    if not value:',
      '        raise SystemExit("Missing environment variable " + name)', '    return value', '',
      'def setting(name, default=None):', '    return os.environ.get(name, default)', '',
      'def must(key):', '    return os.environ[key]', '',
      'class Config:', '    def read(self, key):', '        return os.getenv(key)', '    def load(self):', '        return self.read("FROM_METHOD")', '',
      'TOKEN = require_env("BOT_TOKEN")', 'MODE = setting("MODE", "dev")', 'LEVEL = setting("LEVEL")', 'ID = must("OWNER_ID")', 'must(key="BY_KEYWORD")',
    ].join('\n');
    expect(await keys(code, 'python')).toEqual(['FROM_METHOD?', 'BOT_TOKEN!', 'MODE?', 'LEVEL?', 'OWNER_ID!', 'BY_KEYWORD!']);
  });

  it('still finds the reads of a file with syntax errors', async () => {
    expect(await keys("TOKEN = os.environ['T']\ndef broken(:\nprint 'py2'\nURL = os.getenv('U')", 'python')).toEqual(['T!', 'U?']);
  });
});

describe('detectEnvVars: JavaScript and TypeScript', () => {
  it.each([
    ['process.env.A', ['A!']],
    ["process.env['B']", ['B!']],
    ['process.env["C"].trim()', ['C!']],
    ["process.env.D || 'default'", ['D?']],
    ["process.env['E'] ?? 'default'", ['E?']],
    ['const port = Number(process.env.PORT || 3000)', ['PORT?']],
    ['const port = Number(process.env.PORT) || 3000', ['PORT?']],
    ['const on = Boolean(process.env.FLAG)', ['FLAG?']],
    ['const quiet = !process.env.VERBOSE', ['VERBOSE?']],
    ['process.env?.OPTIONAL_CHAIN', ['OPTIONAL_CHAIN!']],
    ["const { A, B = 'x', C: c, D: d = 1, 'E': e, ...rest } = process.env", ['A!', 'B?', 'C!', 'D?', 'E!']],
    ["import { env } from 'node:process'\nenv.FROM_IMPORT", ['FROM_IMPORT!']],
    ['const { env } = process\nenv.DESTRUCTURED', ['DESTRUCTURED!']],
    ['const e = process.env\ne.ALIAS', ['ALIAS!']],
    ['console.log(`token: ${process.env.IN_TEMPLATE}`)', ['IN_TEMPLATE!']],
    ["process.env.NODE_ENV ??= 'production'", ['NODE_ENV?']],
  ])('%j -> %j', async (code, expected) => {
    expect(await keys(code, 'javascript')).toEqual(expected);
  });

  it('treats a value the code tests for presence as optional, unless it then throws or exits', async () => {
    const code = [
      'function a() { const secret = process.env.SECRET; if (!secret) return true; return check(secret); }',
      "function b() { const t = process.env.TOKEN; if (!t) throw new Error('TOKEN is missing'); return t; }",
      "if (!process.env.DEBUG) console.log('quiet');", "if (!process.env.KEY) { console.error('no KEY'); process.exit(1); }",
      'const mode = process.env.MODE ? process.env.MODE : "dev";', 'const name = process.env.NAME && process.env.NAME.trim();',
      'const other = process.env.OTHER ? process.env.USED : 1;',
    ].join('\n');
    expect(await keys(code, 'javascript')).toEqual(['SECRET?', 'TOKEN!', 'DEBUG?', 'KEY!', 'MODE?', 'NAME?', 'OTHER?', 'USED!']);
  });

  it('does not take writes, comments, strings or computed keys', async () => {
    const code = [
      "process.env.WRITTEN = 'x';", 'delete process.env.DELETED;', '// process.env.COMMENTED', "/* process.env['BLOCK'] */",
      "const s = 'process.env.IN_STRING';", 'const t = `process.env.IN_TEMPLATE_TEXT`;', "const k = 'X'; process.env[k]; process.env[k + '_Y'];",
      "process.env['not a key'];", 'other.env.NOT_PROCESS;', 'process.env.REAL;',
    ].join('\n');
    expect(await keys(code, 'javascript')).toEqual(['REAL!']);
  });

  it('follows helpers that read the variable named by their parameter', async () => {
    const code = [
      "function requireEnv(name) { const value = (process.env[name] || '').trim(); if (!value) { console.error('Missing ' + name); process.exit(1); } return value; }",
      'const optional = (name, fallback) => process.env[name] ?? fallback;', 'const plain = name => process.env[name];',
      "const TOKEN = requireEnv('BOT_TOKEN');", "const MODE = optional('MODE', 'dev');", "const ID = plain('OWNER_ID');", "const URL = plain('SITE_URL') || 'https://x';",
    ].join('\n');
    expect(await keys(code, 'javascript')).toEqual(['BOT_TOKEN!', 'MODE?', 'OWNER_ID!', 'SITE_URL?']);
  });

  it('reads TypeScript sent as javascript', async () => {
    const code = [
      "import { Telegraf } from 'telegraf';", 'interface Config { token: string }', 'const token: string = process.env.TELEGRAM_BOT_TOKEN!;',
      'const chat = (process.env as Record<string, string>).CHAT_ID;', "const model = process.env.OPENAI_MODEL as string ?? 'gpt-4o-mini';",
      'function need(name: string, fallback?: string): string { const v = process.env[name]; if (!v) throw new Error(name); return v; }', "need('ADMIN_ID');",
    ].join('\n');
    expect(await keys(code, 'javascript')).toEqual(['TELEGRAM_BOT_TOKEN!', 'CHAT_ID!', 'OPENAI_MODEL?', 'ADMIN_ID!']);
  });

  it('still finds the reads of a file with syntax errors', async () => {
    expect(await keys('const a = process.env.A;\nfunction (\nconst b = process.env.B || 1;\n}}}', 'javascript')).toEqual(['A!', 'B?']);
  });
});

describe('the words of the Environment Variables modal', () => {
  it('fills every field of a detected variable', async () => {
    expect(await detectEnvVars("TOKEN = os.environ['TELEGRAM_BOT_TOKEN']", 'python')).toEqual([
      {
        key: 'TELEGRAM_BOT_TOKEN',
        label: 'Telegram Bot Token',
        required: true,
        placeholder: '123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ',
        description: 'The token @BotFather gives your bot',
      },
    ]);
  });

  it.each([
    ['TELEGRAM_BOT_TOKEN', 'Telegram Bot Token'],
    ['OPENAI_API_KEY', 'OpenAI API Key'],
    ['WHATSAPP_PHONE_NUMBER_ID', 'WhatsApp Phone Number ID'],
    ['DATABASE_URL', 'Database URL'],
    ['botToken', 'Bot Token'],
    ['_PRIVATE', 'Private'],
    ['_', '_'],
  ])('labels %s as %j', (key, label) => {
    expect(envLabel(key)).toBe(label);
  });

  it.each([
    ['MY_API_KEY', 'Paste your My API Key'],
    ['DB_PASSWORD', 'Paste your DB Password'],
    ['CLIENT_SECRET', 'Paste your Client Secret'],
    ['WEBHOOK_URL', 'https://...'],
    ['ADMIN_USER_ID', '123456789'],
    ['MODE', 'Value for MODE'],
    ['SLACK_BOT_TOKEN', 'xoxb-...'],
  ])('gives %s the placeholder %j', (key, placeholder) => {
    expect(envPlaceholder(key)).toBe(placeholder);
  });

  it('describes known keys specifically and others by kind, in one sentence', () => {
    expect(envDescription('TELEGRAM_BOT_TOKEN')).toBe('The token @BotFather gives your bot');
    for (const key of ['DISCORD_TOKEN', 'OPENAI_API_KEY', 'TWITTER_API_KEY', 'TWITTER_ACCESS_SECRET', 'SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_VERIFY_TOKEN']) {
      expect(envDescription(key)).not.toContain(key);
    }
    expect(envDescription('MY_API_KEY')).toBe('A secret the bot reads from MY_API_KEY; keep it private');
    expect(envDescription('MODE')).toBe('A setting the bot reads from MODE');
    for (const key of ['TELEGRAM_BOT_TOKEN', 'SLACK_APP_TOKEN', 'MODE', 'WEBHOOK_URL', 'ADMIN_ID', 'WHATSAPP_VERIFY_TOKEN']) {
      expect(envDescription(key)).toMatch(/^[A-Z][^\n]*[^.]$/);
      expect(envDescription(key)).not.toMatch(/\.\s/);
    }
  });
});
