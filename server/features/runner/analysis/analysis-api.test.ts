// parse-imports and detect-env-vars through the real app over HTTP (REST shapes,
// the tRPC path, auth, 400 on bad input, 413 past 2 MiB), and parsing kept off the event loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../testing/fixtures';
import { startTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
  token = (await newUser(t)).token;
});
afterAll(() => t.close());

const MiB = 1024 * 1024;
const parse = (body: unknown, auth = token) => t.request('POST', '/api/parse-imports', { token: auth, body });
const detect = (body: unknown, auth = token) => t.request('POST', '/api/detect-env-vars', { token: auth, body });

describe('POST /api/parse-imports', () => {
  it('answers {imports, packages, language}, mapping Python modules to what pip installs', async () => {
    const res = await parse({ content: 'import os\nimport telegram\nfrom telegram.ext import Application\nimport requests\n', language: 'python' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imports: ['telegram', 'requests'],
      packages: [
        { module: 'telegram', package: 'python-telegram-bot', ecosystem: 'pip' },
        { module: 'requests', package: 'requests', ecosystem: 'pip' },
      ],
      language: 'python',
    });
  });

  it('reduces JavaScript and TypeScript specifiers to npm packages, skipping builtins and relative paths', async () => {
    const content = "import TelegramBot from 'node-telegram-bot-api';\nconst fs = require('fs');\nimport { App } from '@slack/bolt/dist';\nimport x from './x';\n";
    const js = await parse({ content, language: 'javascript' });
    expect(js.status).toBe(200);
    expect(js.body.imports).toEqual(['node-telegram-bot-api', '@slack/bolt']);
    expect(js.body.packages[0]).toEqual({ module: 'node-telegram-bot-api', package: 'node-telegram-bot-api', ecosystem: 'npm' });
    const ts = await parse({ content: `${content}const n: number = 1;\n`, language: 'typescript' });
    expect(ts.body).toMatchObject({ imports: ['node-telegram-bot-api', '@slack/bolt'], language: 'typescript' });
  });

  it('answers the same through tRPC', async () => {
    const res = await t.request('POST', '/trpc/runner.parseImports', { token, body: { content: 'import discord', language: 'python' } });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ imports: ['discord'], language: 'python' });
  });
});

describe('POST /api/detect-env-vars', () => {
  it('answers {envVars[{key, label, required, placeholder, description}]}; a read with a default is optional', async () => {
    const res = await detect({ content: "import os\nx = os.environ.get('X', 'd')\ntoken = os.environ['BOT_TOKEN']\n", language: 'python' });
    expect(res.status).toBe(200);
    expect(res.body.envVars).toHaveLength(2);
    expect(res.body.envVars[0]).toEqual({ key: 'X', label: expect.any(String), required: false, placeholder: expect.any(String), description: expect.any(String) });
    expect(res.body.envVars[1]).toMatchObject({ key: 'BOT_TOKEN', required: true });
  });

  it('reads JavaScript (TypeScript is sent as javascript)', async () => {
    const content = "const token: string = process.env.DISCORD_TOKEN!;\nconst port = process.env.PORT || 3000;\nif (!token) throw new Error('no token');\n";
    const res = await detect({ content, language: 'javascript' });
    expect(res.status).toBe(200);
    expect(res.body.envVars.map((v: { key: string; required: boolean }) => `${v.key}${v.required ? '!' : '?'}`)).toEqual(['DISCORD_TOKEN!', 'PORT?']);
  });
});

describe('bad requests', () => {
  it.each([
    ['/api/parse-imports', 'an unknown language', { content: 'x', language: 'ruby' }, "Language must be 'python', 'javascript' or 'typescript'"],
    ['/api/parse-imports', 'no content', { language: 'python' }, expect.any(String)],
    ['/api/parse-imports', 'an extra field', { content: 'x', language: 'python', filename: 'a.py' }, 'Unknown field: filename'],
    ['/api/detect-env-vars', 'typescript', { content: 'x', language: 'typescript' }, "Language must be 'python' or 'javascript'"],
    ['/api/detect-env-vars', 'content that is not text', { content: 42, language: 'python' }, expect.any(String)],
    ['/api/detect-env-vars', 'content over 1 MiB', { content: 'a'.repeat(MiB + 1), language: 'python' }, expect.any(String)],
  ])('%s with %s -> 400 with a clear message', async (url, _what, body, error) => {
    const res = await t.request('POST', url, { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('refuses a body over 2 MiB with 413, and a 1 MiB file (2 MiB of JSON escapes) is accepted', async () => {
    expect((await parse({ content: 'a'.repeat(2 * MiB), language: 'python' })).status).toBe(413);
    // Every newline is two bytes of JSON: a 1 MiB file of them is a body of almost 2 MiB.
    const escaped = await parse({ content: `${'\n'.repeat(MiB - 64)}import x from 'express'`, language: 'javascript' });
    expect(escaped.status).toBe(200);
    expect(escaped.body.imports).toEqual(['express']);
  });

  it('is for signed-in people only', async () => {
    for (const url of ['/api/parse-imports', '/api/detect-env-vars']) {
      const res = await t.request('POST', url, { body: { content: 'import os', language: 'python' } });
      expect(res.status).toBe(401);
    }
  });
});

describe('a hostile file', () => {
  it('is parsed off the event loop: a cheap request sent meanwhile is answered first', async () => {
    // About 1 s of synchronous tree-sitter work when run in-process (4 s at 1 MiB; see code-analyser.ts).
    const hostile = `x = ${'process.env.A || '.repeat(Math.floor(MiB / 4 / 18))}1`;
    const order: string[] = [];
    const heavy = detect({ content: hostile, language: 'javascript' }).then((res) => {
      order.push('analysis');
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cheap = await t.request('GET', '/api/projects', { token });
    order.push('projects');
    expect(cheap.status).toBe(200);
    const res = await heavy;
    expect(res.status).toBe(200);
    expect(res.body.envVars.map((v: { key: string }) => v.key)).toEqual(['A']);
    expect(order).toEqual(['projects', 'analysis']);
  });
});
