// Which HTTP stacks follow the test chat's TLS path: code that ignores TELEGRAM_API_BASE and calls
// https://api.telegram.org in test mode, inside the real sandbox. Each client calls getMe there
// with its own defaults; the table in docs/test-chat.md is this test's result. The Python clients
// are Debian's packages (python3-requests, python3-httpx, python3-aiohttp: no PyPI here); Telegraf,
// grammY and node-telegram-bot-api are the repository's own, copied into the project's dependencies.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import { copyPackages } from '../../testing/node-packages';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '512', RUNNER_STOP_GRACE_MS: '300' });
});
afterAll(async () => t?.close());

const PYTHON_CLIENTS = String.raw`
import json, os, subprocess, sys
URL = 'https://api.telegram.org/bot' + os.environ['TELEGRAM_BOT_TOKEN'] + '/getMe'
def report(name, fn):
    try:
        print(name, 'ok @' + fn()['result']['username'], flush=True)
    except Exception as e:
        print(name, 'failed', type(e).__name__, str(e)[:200].replace('\n', ' '), flush=True)
def via_urllib():
    import urllib.request
    with urllib.request.urlopen(URL, timeout=10) as r:
        return json.load(r)
def via_requests():
    import requests
    return requests.get(URL, timeout=10).json()
def via_httpx():
    import httpx
    return httpx.get(URL, timeout=10).json()
def via_aiohttp():
    import asyncio, aiohttp
    async def go():
        async with aiohttp.ClientSession() as s:
            async with s.get(URL) as r:
                return await r.json()
    return asyncio.run(go())
def via_curl():
    out = subprocess.run(['curl', '-sS', '--max-time', '10', URL], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    return json.loads(out.stdout)
report('urllib', via_urllib)
report('requests', via_requests)
report('httpx', via_httpx)
report('aiohttp', via_aiohttp)
if os.path.exists('/usr/bin/curl'):
    report('curl', via_curl)
print('done', flush=True)
`;

const NODE_CLIENTS = String.raw`
const https = require('node:https');
const token = process.env.TELEGRAM_BOT_TOKEN;
const url = 'https://api.telegram.org/bot' + token + '/getMe';
async function report(name, fn) {
  try {
    const me = await fn();
    console.log(name + ' ok @' + me.username);
  } catch (e) {
    console.log(name + ' failed ' + (e.cause?.code || e.code || e.name) + ' ' + String(e.message).slice(0, 200));
  }
}
(async () => {
  await report('fetch', async () => (await (await fetch(url)).json()).result);
  await report('https', () => new Promise((resolve, reject) => https.get(url, (res) => { let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => resolve(JSON.parse(b).result)); }).on('error', reject)));
  await report('telegraf', () => new (require('telegraf').Telegraf)(token).telegram.getMe());
  await report('grammy', () => new (require('grammy').Bot)(token).api.getMe());
  await report('node-telegram-bot-api', () => new (require('node-telegram-bot-api'))(token, { polling: false }).getMe());
  console.log('done');
})();
`;

async function results(token: string, fileId: string): Promise<Record<string, string>> {
  const client = await RunClient.open(t.url, { token });
  client.send({ type: 'execute-file', fileId, mode: 'test' });
  await client.waitForLine('done', 60_000);
  const lines = client.frames.flatMap((f) => (f.type === 'execution_output' ? f.message.split('\n') : []));
  client.close();
  return Object.fromEntries(lines.filter((l) => / (ok|failed) /.test(l)).map((l) => [l.slice(0, l.search(/ (ok|failed) /)), l.slice(l.search(/ (ok|failed) /) + 1)]));
}

describe('clients that ignore TELEGRAM_API_BASE, in test mode', () => {
  it('Python: urllib, requests, httpx, aiohttp and curl reach the emulator as api.telegram.org', async () => {
    const user = await newUser(t);
    const res = await t.request('PUT', '/api/projects/default/files/telegram_clients.py', { token: user.token, body: { content: PYTHON_CLIENTS } });
    const found = await results(user.token, res.body.id);
    for (const name of ['urllib', 'requests', 'httpx', 'aiohttp', ...(existsSync('/usr/bin/curl') ? ['curl'] : [])]) expect(found[name], `${name}: ${JSON.stringify(found)}`).toMatch(/^ok @\w+_bot$/);
  }, 90_000);

  it('Node: fetch, https, Telegraf, grammY and node-telegram-bot-api reach the emulator as api.telegram.org', async () => {
    const user = await newUser(t);
    const res = await t.request('PUT', '/api/projects/default/files/telegram_clients.js', { token: user.token, body: { content: NODE_CLIENTS } });
    const packagesDir = await t.app.deps.packageVolumes.dir(res.body.projectId, true);
    copyPackages(['telegraf', 'grammy', 'node-telegram-bot-api'], path.join(packagesDir!, 'node_modules'));
    const found = await results(user.token, res.body.id);
    for (const name of ['fetch', 'https', 'telegraf', 'grammy', 'node-telegram-bot-api']) expect(found[name], `${name}: ${JSON.stringify(found)}`).toMatch(/^ok @\w+_bot$/);
  }, 120_000);
});
