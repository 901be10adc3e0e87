// Webhooks in, through the real app and the real sandbox: a bot's public address reaches the port
// its live run listens on (the builtin assistant's webhook bot and a small echo bot), with the
// method, path, query, headers and body kept; what of its answer is served (no script or stylesheet
// type, nosniff, a redirect only inside its own address); 503 when it is not running, 404 for a
// wrong secret or an unknown bot alike, rotation, 413, 429, 502, and never the secret in a log line.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';
import { startAnsweringBot } from '../../../testing/answering-bot';
import { builtinChat } from '../../ai/builtin';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { BOT_NOT_RUNNING, HOOK_BODY_TOO_LARGE } from './hooks.routes';
import { HOOK_ANSWER_CSP } from './hook-answer';
import { HOOK_RATE } from './hook-rate';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '256', RUNNER_STOP_GRACE_MS: '500', RUNNER_MAX_RUNS_PER_USER: '3', PUBLIC_URL: 'https://bots.example.com' });
});
afterAll(async () => t?.close());

/** A bot answering every request with what it received, as JSON (201, a header of its own, a cookie). */
const ECHO_BOT = String.raw`
const http = require('node:http');
const name = require('node:path').basename(process.argv[1]);
const port = Number(process.env.PORT);
http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    if (req.url.startsWith('/silent')) return;
    res.writeHead(201, { 'content-type': 'application/json', 'x-bot': name, 'set-cookie': 'bot=1; Path=/' });
    res.end(JSON.stringify({ bot: name, port, method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
  });
}).listen(port, () => console.log('listening on ' + port));
`;

type Bot = { user: { id: string; token: string }; projectId: string; fileId: string; client: RunClient };

async function saveFile(token: string, filename: string, content: string, projectId = 'default'): Promise<{ id: string; projectId: string }> {
  const res = await t.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token, body: { content } });
  expect(res.status).toBe(200);
  return { id: res.body.id, projectId: res.body.projectId };
}

/** Starts a saved file live and waits until its output has a line containing `ready`. */
async function startLive(client: RunClient, fileId: string, ready: string): Promise<void> {
  client.send({ type: 'execute-file', fileId });
  await client.waitFor((f) => (f.type === 'execution_output' && f.fileId === fileId && f.message.includes(ready)) || (f.type === 'execution_exit' && f.fileId === fileId));
  const exit = client.frames.find((f) => f.type === 'execution_exit' && f.fileId === fileId);
  expect(exit, JSON.stringify(client.frames.slice(-5))).toBeUndefined();
}

async function echoBot(filename = 'echo.js', env: Record<string, string> = {}): Promise<Bot> {
  const user = await newUser(t);
  const file = await saveFile(user.token, filename, ECHO_BOT);
  if (Object.keys(env).length) await t.request('PUT', `/api/projects/${file.projectId}/env-vars`, { token: user.token, body: { set: env } });
  const client = await RunClient.open(t.url, { token: user.token });
  await startLive(client, file.id, `listening on ${env.PORT ?? 8080}`);
  return { user, projectId: file.projectId, fileId: file.id, client };
}

async function hookPath(bot: { user: { token: string }; projectId: string }): Promise<string> {
  const res = await t.request('GET', `/api/bots/${bot.projectId}/hook`, { token: bot.user.token });
  expect(res.status).toBe(200);
  return new URL(res.body.webhookUrl).pathname;
}

async function stop(bot: Bot): Promise<void> {
  bot.client.send({ type: 'stop-execution', fileId: bot.fileId });
  await bot.client.waitForExit(bot.fileId);
}

/** One request on a connection of its own (a body sent in pieces; the server may answer 413 before it is all sent). */
function send(method: string, path: string, body: Buffer | string | null, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(t.url + path, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
    if (body !== null) for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.slice(i, i + 256 * 1024));
    req.end();
  });
}

describe('a bot\'s webhook address', () => {
  it('is PUBLIC_URL/hooks/<projectId>/<secret>, stable, over REST and tRPC; another person gets 404', async () => {
    const owner = await newUser(t);
    const file = await saveFile(owner.token, 'addr.js', 'console.log(1)\n');
    const first = await t.request('GET', `/api/bots/${file.projectId}/hook`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.webhookUrl).toMatch(new RegExp(`^https://bots\\.example\\.com/hooks/${file.projectId}/[A-Za-z0-9_-]{32}$`));
    const again = await t.request('GET', `/trpc/hooks.url?input=${encodeURIComponent(JSON.stringify({ projectId: file.projectId }))}`, { token: owner.token });
    expect(again.body.result.data.webhookUrl).toBe(first.body.webhookUrl);
    // 'default' is the person's default project, as everywhere.
    expect((await t.request('GET', '/api/bots/default/hook', { token: owner.token })).body.webhookUrl).toBe(first.body.webhookUrl);

    const other = await newUser(t);
    expect(await t.request('GET', `/api/bots/${file.projectId}/hook`, { token: other.token })).toMatchObject({ status: 404, body: { error: 'Project not found' } });
    expect((await t.request('POST', `/api/bots/${file.projectId}/hook/rotate`, { token: other.token })).status).toBe(404);
    expect((await t.request('POST', `/trpc/hooks.rotate`, { token: other.token, body: { projectId: file.projectId } })).status).toBe(404);
    expect((await t.request('GET', `/api/bots/${file.projectId}/hook`)).status).toBe(401);
    // Unchanged by the refused rotations.
    expect((await t.request('GET', `/api/bots/${file.projectId}/hook`, { token: owner.token })).body.webhookUrl).toBe(first.body.webhookUrl);
  });
});

describe('webhooks into a live run', () => {
  it('the builtin assistant\'s webhook bot (JavaScript) answers a POST through the address', async () => {
    const { reply } = builtinChat('a webhook bot in node that tells jokes');
    const block = parseAssistantReply(reply).blocks[0]!;
    expect(block.filename).toMatch(/\.js$/);
    const user = await newUser(t);
    const file = await saveFile(user.token, block.filename!, block.code);
    const client = await RunClient.open(t.url, { token: user.token });
    await startLive(client, file.id, 'is listening on port 8080');
    const path = await hookPath({ user, projectId: file.projectId });

    const res = await t.request('POST', `${path}/message`, { body: { user: 'ann', text: '/joke' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.replies).toHaveLength(1);
    expect(res.body.replies[0].length).toBeGreaterThan(10);
    const help = await t.request('POST', `${path}/message`, { body: { user: 'ann', text: '/help' } });
    expect(help.body.replies[0]).toContain('/joke');
    client.send({ type: 'stop-execution', fileId: file.id });
    await client.waitForExit(file.id);
    client.close();
  });

  it('keeps the method, the path after the secret, the query, the headers and the body; streams the answer back', async () => {
    const bot = await echoBot();
    const path = await hookPath(bot);
    const res = await send('PUT', `${path}/a/b%20c?x=1&y=%2F`, 'form=1&b=2', {
      'content-type': 'application/x-www-form-urlencoded',
      'x-custom': 'kept',
      cookie: 'token=botwright-session',
      'x-forwarded-for': '6.6.6.6',
      connection: 'keep-alive, x-hop',
      'x-hop': 'dropped',
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-bot']).toBe('echo.js');
    // The answer comes from Botwright's origin: it may not set cookies there or run scripts.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(HOOK_ANSWER_CSP);
    const seen = JSON.parse(res.text);
    expect(seen).toMatchObject({ method: 'PUT', url: '/a/b%20c?x=1&y=%2F', body: 'form=1&b=2', port: 8080 });
    expect(seen.headers).toMatchObject({
      host: '127.0.0.1:8080',
      'x-custom': 'kept',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '10',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-hop']).toBeUndefined();

    // No sub-path: the bot is asked for '/'; GET and DELETE without a body; any content type.
    expect(JSON.parse((await send('GET', `${path}?q=1`, null)).text)).toMatchObject({ method: 'GET', url: '/?q=1', body: '' });
    expect(JSON.parse((await send('DELETE', `${path}/item/7`, null)).text)).toMatchObject({ method: 'DELETE', url: '/item/7' });
    const xml = await send('POST', `${path}/`, '<a>1</a>', { 'content-type': 'application/xml' });
    expect(JSON.parse(xml.text)).toMatchObject({ method: 'POST', url: '/', body: '<a>1</a>' });
    const bare = await send('POST', `${path}/raw`, 'no type', { 'content-length': '7' });
    expect(JSON.parse(bare.text)).toMatchObject({ url: '/raw', body: 'no type' });
    await stop(bot);
    bot.client.close();
  });

  it('serves no script or stylesheet of a bot as one: JavaScript and CSS answer as text/plain, and always with nosniff', async () => {
    const bot = await startAnsweringBot(t);
    const answer = (headers: Record<string, string>) => send('GET', bot.asking('/x', { headers, body: 'x' }), null);
    for (const type of ['text/javascript', 'application/javascript; charset=utf-8', 'TEXT/ECMASCRIPT', 'application/x-javascript', 'text/plain, text/javascript', 'text/css']) {
      const res = await answer({ 'content-type': type });
      expect({ type, served: res.headers['content-type'], nosniff: res.headers['x-content-type-options'] }).toEqual({ type, served: 'text/plain; charset=utf-8', nosniff: 'nosniff' });
    }
    // The bot's own types otherwise; none becomes raw bytes; nosniff is not the bot's to turn off.
    const json = await answer({ 'content-type': 'application/json', 'x-content-type-options': 'none' });
    expect([json.headers['content-type'], json.headers['x-content-type-options']]).toEqual(['application/json', 'nosniff']);
    expect((await answer({})).headers['content-type']).toBe('application/octet-stream');
    await bot.stop();
  });

  it("keeps a redirect only inside the bot's own address (relative, or absolute on PUBLIC_URL); drops Refresh", async () => {
    const bot = await startAnsweringBot(t);
    const own = `https://bots.example.com${bot.path}`;
    const redirect = async (location: string) => {
      const res = await send('GET', bot.asking('/a/b', { status: 302, headers: { location, refresh: '0; url=https://evil.example/' } }), null);
      expect(res.status).toBe(302);
      expect(res.headers.refresh).toBeUndefined();
      return res.headers.location ?? null;
    };
    expect(await redirect(`${bot.path}/next?x=1`)).toBe(`${own}/next?x=1`);
    expect(await redirect('next')).toBe(`${own}/a/next`);
    expect(await redirect('c?page=2')).toBe(`${own}/a/c?page=2`);
    expect(await redirect(`${own}/done#top`)).toBe(`${own}/done#top`);
    expect(await redirect(own)).toBe(own);
    const elsewhere = [
      'https://evil.example/',
      '//evil.example/x',
      '\\\\evil.example/x',
      '/',
      '/api/auth/me',
      '../../../',
      `${bot.path}/../../x`,
      `${bot.path}/%2e%2e/%2e%2e/x`,
      `${bot.path}x`,
      `/hooks/${bot.projectId}/${'A'.repeat(32)}/x`,
      `http://bots.example.com${bot.path}/x`,
      `https://bots.example.com.evil.example${bot.path}/x`,
      `https://user@bots.example.com${bot.path}/x`,
      'javascript:alert(1)',
    ];
    for (const location of elsewhere) expect({ location, served: await redirect(location) }).toEqual({ location, served: null });
    await bot.stop();
  });

  it('answers 503 once the bot is stopped, and 404 alike for a wrong secret and an unknown bot', async () => {
    const bot = await echoBot();
    const path = await hookPath(bot);
    expect((await send('POST', `${path}/x`, '{}')).status).toBe(201);
    await stop(bot);
    const stopped = await send('POST', `${path}/x`, '{}', { 'content-type': 'application/json' });
    expect(stopped.status).toBe(503);
    expect(JSON.parse(stopped.text)).toEqual({ error: BOT_NOT_RUNNING });

    const wrongSecret = await send('POST', `${path.slice(0, -4)}AAAA/x`, '{}');
    const unknownBot = await send('POST', `/hooks/NoSuchProject123/${path.split('/')[3]}/x`, '{}');
    expect(wrongSecret.status).toBe(404);
    expect(unknownBot.status).toBe(404);
    expect(wrongSecret.text).toBe(unknownBot.text);
    expect((await send('POST', `/hooks/${bot.projectId}`, '{}')).status).toBe(404);
    bot.client.close();
  });

  it('rotation: the old address answers 404 at once, the new one reaches the bot', async () => {
    const bot = await echoBot();
    const old = await hookPath(bot);
    const rotated = await t.request('POST', `/api/bots/${bot.projectId}/hook/rotate`, { token: bot.user.token });
    expect(rotated.status).toBe(200);
    const fresh = new URL(rotated.body.webhookUrl).pathname;
    expect(fresh).not.toBe(old);
    expect(await hookPath(bot)).toBe(fresh);
    expect((await send('POST', `${old}/x`, '{}')).status).toBe(404);
    expect((await send('POST', `${fresh}/x`, '{}')).status).toBe(201);
    await stop(bot);
    bot.client.close();
  });

  it('refuses a body over 1 MiB (413, declared or chunked) and a caller past the rate (429 with Retry-After)', async () => {
    const bot = await echoBot();
    const path = await hookPath(bot);
    const started = Date.now();
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const declared = await send('POST', `${path}/big`, big, { 'content-type': 'text/plain', 'content-length': String(big.length) });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ error: HOOK_BODY_TOO_LARGE });
    const chunked = await send('POST', `${path}/big`, big, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    // Exactly 1 MiB still goes through.
    const fits = await send('POST', `${path}/fits`, Buffer.alloc(1024 * 1024, 'b'), { 'content-type': 'text/plain' });
    expect(fits.status).toBe(201);
    expect(JSON.parse(fits.text).body.length).toBe(1024 * 1024);

    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof send>> | null = null;
    for (let i = 0; i < HOOK_RATE.burst + 10 && !refused; i++) {
      const res = await send('POST', `${path}/n`, '{}');
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(refused, statuses.join(',')).not.toBeNull();
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused!.text).error).toMatch(/at most 60 requests a minute/);
    // Three were spent above (413s count too); the rest of the burst, plus what refilled meanwhile, went through.
    const seconds = (Date.now() - started) / 1000;
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(HOOK_RATE.burst - 3 + Math.ceil(seconds) + 1);
    await stop(bot);
    bot.client.close();
  });

  it('answers 502 naming PORT when nothing listens there, and uses the PORT the person set', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'quiet.py', 'import time\nprint("up", flush=True)\ntime.sleep(120)\n');
    const client = await RunClient.open(t.url, { token: user.token });
    await startLive(client, file.id, 'up');
    const path = await hookPath({ user, projectId: file.projectId });
    const res = await send('POST', `${path}/x`, '{}');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text).error).toMatch(/nothing answered on port 8080 \(its PORT\)/);
    client.send({ type: 'stop-execution', fileId: file.id });
    await client.waitForExit(file.id);
    client.close();

    const bot = await echoBot('own-port.js', { PORT: '9123' });
    const own = await send('GET', `${await hookPath(bot)}/p`, null);
    expect(JSON.parse(own.text)).toMatchObject({ port: 9123, url: '/p' });
    await stop(bot);
    bot.client.close();
  });

  it('with several files of a bot running, the newest run gets the webhooks', async () => {
    const user = await newUser(t);
    const first = await saveFile(user.token, 'first.js', ECHO_BOT.replace('Number(process.env.PORT)', '9001'));
    const second = await saveFile(user.token, 'second.js', ECHO_BOT.replace('Number(process.env.PORT)', '8080'), first.projectId);
    const client = await RunClient.open(t.url, { token: user.token });
    // The first listens on 9001, not its PORT: only the second answers on 8080.
    await startLive(client, first.id, 'listening on 9001');
    const path = await hookPath({ user, projectId: first.projectId });
    expect((await send('GET', `${path}/who`, null)).status).toBe(502);
    await startLive(client, second.id, 'listening on 8080');
    expect(JSON.parse((await send('GET', `${path}/who`, null)).text).bot).toBe('second.js');
    client.send({ type: 'stop-execution', fileId: second.id });
    await client.waitForExit(second.id);
    // Back to the first, the only one running.
    expect((await send('GET', `${path}/who`, null)).status).toBe(502);
    client.send({ type: 'stop-execution', fileId: first.id });
    await client.waitForExit(first.id);
    expect((await send('GET', `${path}/who`, null)).status).toBe(503);
    client.close();
  });

  it('never writes a webhook secret to the log', async () => {
    const bot = await echoBot();
    const path = await hookPath(bot);
    const secret = path.split('/')[3]!;
    await send('POST', `${path}/logged?a=1`, '{}');
    await send('POST', `${path}/%zz`, '{}');
    const rotated = await t.request('POST', `/api/bots/${bot.projectId}/hook/rotate`, { token: bot.user.token });
    const newSecret = new URL(rotated.body.webhookUrl).pathname.split('/')[3]!;
    await send('GET', `/hooks/${bot.projectId}/${newSecret}/after`, null);
    await stop(bot);
    bot.client.close();
    const text = t.logs.join('');
    expect(text).toContain(`/hooks/${bot.projectId}/[redacted]`);
    expect(text.includes(secret)).toBe(false);
    expect(text.includes(newSecret)).toBe(false);
  });
});
