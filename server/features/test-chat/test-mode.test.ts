// Test mode end to end: the real app, the real sandbox, bots that talk Bot API over HTTP. A bot
// started with mode 'test' gets the test token and TELEGRAM_API_BASE, reaches the emulator there
// and as api.telegram.org (TLS, Botwright's CA), answers what the user posts over REST, and the
// page hears it on /ws. Saved chats replay against the file and against a proposed edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import type { TestChatMessage } from '../../../shared/test-chat.schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '256', RUNNER_STOP_GRACE_MS: '300', RUNNER_MAX_RUNS_PER_USER: '3' });
});
afterAll(async () => t?.close());

const REAL_TOKEN = '7212345678:AAFakeRealTokenThatMustNeverLeave_x1';

/** A Telegram bot on Python's standard library: long polling on TELEGRAM_API_BASE (or `api` when given). */
function stdlibBot(options: { api?: string; start?: string } = {}): string {
  return String.raw`
import json, os, sys, urllib.request
API = ${options.api ? JSON.stringify(options.api) : "os.environ.get('TELEGRAM_API_BASE', 'https://api.telegram.org')"}
TOKEN = os.environ['TELEGRAM_BOT_TOKEN']
def call(method, **params):
    req = urllib.request.Request(API + '/bot' + TOKEN + '/' + method, data=json.dumps(params).encode(), headers={'content-type': 'application/json'})
    with urllib.request.urlopen(req, timeout=70) as r:
        return json.load(r)['result']
print('env has the real token:', any(${JSON.stringify(REAL_TOKEN)} in v for v in os.environ.values()), flush=True)
print('other token is the test token:', os.environ.get('OTHER_TOKEN') == TOKEN, flush=True)
print('I am @' + call('getMe')['username'], flush=True)
offset = 0
while True:
    for u in call('getUpdates', offset=offset, timeout=30):
        offset = u['update_id'] + 1
        m = u.get('message')
        if m and m.get('text') == '/start':
            call('sendMessage', chat_id=m['chat']['id'], text=${JSON.stringify(options.start ?? 'Hello from the test chat!')}, reply_markup={'inline_keyboard': [[{'text': 'Yes', 'callback_data': 'yes'}]]})
        elif m and m.get('text'):
            call('sendChatAction', chat_id=m['chat']['id'], action='typing')
            call('sendMessage', chat_id=m['chat']['id'], text='You said: ' + m['text'])
        cq = u.get('callback_query')
        if cq:
            call('answerCallbackQuery', callback_query_id=cq['id'], text='Tapped ' + cq['data'])
            call('editMessageText', chat_id=cq['message']['chat']['id'], message_id=cq['message']['message_id'], text='You tapped yes')
`;
}

async function saveFile(token: string, filename: string, content: string): Promise<{ id: string; projectId: string }> {
  const res = await t.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
  expect(res.status).toBe(200);
  return { id: res.body.id, projectId: res.body.projectId };
}

async function messages(token: string, fileId: string): Promise<TestChatMessage[]> {
  const res = await t.request('GET', `/api/test-chat/${fileId}/messages`, { token });
  expect(res.status).toBe(200);
  return res.body.messages;
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startTest(token: string, fileId: string): Promise<RunClient> {
  const client = await RunClient.open(t.url, { token });
  client.send({ type: 'execute-file', fileId, mode: 'test' });
  await client.waitForLine('Starting execution');
  return client;
}

describe('test mode', () => {
  it("a bot's chat and channel variables are the test chat's, whatever was saved: a scheduled post reaches the test group", async () => {
    const user = await newUser(t);
    const post = String.raw`${stdlibBot().split('print(')[0]}
call('sendMessage', chat_id=os.environ['CHANNEL_ID'], text='Daily special: rye bread')
call('sendMessage', chat_id=os.environ['ADMIN_CHAT_ID'], text='Posted the special')
`;
    const file = await saveFile(user.token, 'poster.py', post);
    await t.request('PUT', `/api/projects/${file.projectId}/env-vars`, { token: user.token, body: { set: { CHANNEL_ID: '@my_real_channel' } } });
    const client = await startTest(user.token, file.id);
    const group = await until(async () => {
      const res = await t.request('GET', `/api/test-chat/${file.id}/messages?chat=group`, { token: user.token });
      return (res.body.messages as TestChatMessage[]).find((m) => m.from === 'bot');
    });
    expect(group.text).toBe('Daily special: rye bread');
    expect((await until(async () => (await messages(user.token, file.id)).find((m) => m.from === 'bot'))).text).toBe('Posted the special');
    client.close();
  });

  it('a stdlib bot on TELEGRAM_API_BASE answers /start, a tap and text; the page hears it live; no real token leaves', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'telegram_bot.py', stdlibBot());
    const env = await t.request('PUT', `/api/projects/${file.projectId}/env-vars`, { token: user.token, body: { set: { TELEGRAM_BOT_TOKEN: REAL_TOKEN, OTHER_TOKEN: '1234567:AAAnotherSavedTokenForTheSameBot_123' } } });
    expect(env.status).toBe(200);
    const client = await startTest(user.token, file.id);
    await client.waitForLine('env has the real token: False');
    await client.waitForLine('other token is the test token: True');
    await client.waitFor((f) => (f.type === 'execution_output' || f.type === 'execution_log') && /I am @\w+_bot/.test(f.message));

    const posted = await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: user.token, body: { text: '/start' } });
    expect(posted.status).toBe(200);
    expect(posted.body.message).toMatchObject({ from: 'user', text: '/start' });
    const hello = await until(async () => (await messages(user.token, file.id)).find((m) => m.from === 'bot'));
    expect(hello.text).toBe('Hello from the test chat!');
    expect(Number.isInteger(hello.date) && hello.date < 10_000_000_000).toBe(true);
    await client.waitFor((f) => f.type === 'test_chat_update' && f.fileId === file.id && f.message?.text === 'Hello from the test chat!');

    await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: user.token, body: { callbackData: 'yes', messageId: hello.id } });
    await client.waitFor((f) => f.type === 'test_chat_update' && f.toast === 'Tapped yes');
    await client.waitFor((f) => f.type === 'test_chat_update' && f.message?.id === hello.id && f.message.edited === true && f.message.text === 'You tapped yes');

    await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: user.token, body: { text: 'hi there' } });
    await client.waitFor((f) => f.type === 'test_chat_update' && f.typing === true);
    await until(async () => (await messages(user.token, file.id)).some((m) => m.text === 'You said: hi there'));
    expect(t.app.deps.runs.list(user.id)).toMatchObject([{ fileId: file.id, mode: 'test' }]);
    client.send({ type: 'stop-execution', fileId: file.id });
    await client.waitForExit(file.id);
    client.close();
  }, 60_000);

  it('code that ignores TELEGRAM_API_BASE reaches the emulator as https://api.telegram.org (python ssl and node fetch)', async () => {
    const user = await newUser(t);
    const py = await saveFile(user.token, 'telegram_tls.py', stdlibBot({ api: 'https://api.telegram.org', start: 'Hello over TLS' }));
    const client = await startTest(user.token, py.id);
    await client.waitFor((f) => f.type === 'execution_output' && /I am @/.test(f.message));
    await t.request('POST', `/api/test-chat/${py.id}/messages`, { token: user.token, body: { text: '/start' } });
    await until(async () => (await messages(user.token, py.id)).some((m) => m.text === 'Hello over TLS'));
    client.send({ type: 'stop-execution', fileId: py.id });
    await client.waitForExit(py.id);

    const js = await saveFile(
      user.token,
      'telegram_tls.js',
      `fetch('https://api.telegram.org/bot' + process.env.TELEGRAM_BOT_TOKEN + '/getMe').then((r) => r.json()).then((j) => console.log('getMe ok=' + j.ok + ' @' + j.result.username), (e) => console.log('failed ' + e.cause?.code));\n`,
    );
    client.send({ type: 'execute-file', fileId: js.id, mode: 'test' });
    await client.waitFor((f) => f.type === 'execution_output' && /getMe ok=true @\w+_bot/.test(f.message));
    client.close();
  }, 60_000);

  it('a webhook bot gets its updates inside the sandbox on PORT, with its secret token', async () => {
    const user = await newUser(t);
    const bot = String.raw`
import json, os, urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
API, TOKEN, PORT = os.environ['TELEGRAM_API_BASE'], os.environ['TELEGRAM_BOT_TOKEN'], int(os.environ['PORT'])
def call(method, **params):
    req = urllib.request.Request(API + '/bot' + TOKEN + '/' + method, data=json.dumps(params).encode(), headers={'content-type': 'application/json'})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)['result']
class Hook(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass
    def do_POST(self):
        ok = self.headers.get('X-Telegram-Bot-Api-Secret-Token') == 's3cret' and self.path == '/hook/abc'
        update = json.loads(self.rfile.read(int(self.headers['content-length'])))
        m = update.get('message')
        if ok and m:
            call('sendMessage', chat_id=m['chat']['id'], text='Webhook got ' + m['text'] + ' on port ' + str(PORT))
        self.send_response(200 if ok else 403)
        self.end_headers()
server = HTTPServer(('127.0.0.1', PORT), Hook)
call('setWebhook', url='https://bot.example.com/hook/abc', secret_token='s3cret')
print('webhook set', flush=True)
server.serve_forever()
`;
    const file = await saveFile(user.token, 'telegram_webhook.py', bot);
    const client = await startTest(user.token, file.id);
    await client.waitForLine('webhook set');
    await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: user.token, body: { text: '/start' } });
    await until(async () => (await messages(user.token, file.id)).some((m) => m.text === 'Webhook got /start on port 8080'));
    client.close();
  }, 30_000);

  it('outside test mode the emulator is out of reach and api.telegram.org is not redirected', async () => {
    const user = await newUser(t);
    const file = await saveFile(
      user.token,
      'telegram_live.py',
      [
        'import socket',
        'try:',
        "    socket.create_connection(('127.0.0.2', 80), timeout=2); print('emulator reachable')",
        'except OSError as e:',
        "    print('emulator closed', type(e).__name__)",
        "print('hosts mentions telegram:', 'telegram' in open('/etc/hosts').read())",
        '',
      ].join('\n'),
    );
    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'execute-file', fileId: file.id });
    await client.waitForLine('emulator closed ConnectionRefusedError');
    await client.waitForLine('hosts mentions telegram: False');
    client.close();
  }, 30_000);

  it("refuses files that are not Telegram bots, and another person's file", async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const discord = await saveFile(user.token, 'discord_bot.py', 'import discord\n');
    const refused = await t.request('GET', `/api/test-chat/${discord.id}/messages`, { token: user.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/supports Telegram bots; discord_bot\.py is a Discord bot/);
    const mine = await saveFile(user.token, 'telegram_bot.py', stdlibBot());
    for (const [method, path] of [
      ['GET', `/api/test-chat/${mine.id}/messages`],
      ['POST', `/api/test-chat/${mine.id}/messages`],
      ['GET', `/api/test-chat/${mine.id}/saved`],
    ] as const) {
      const res = await t.request(method, path, { token: other.token, body: method === 'POST' ? { text: 'hi' } : undefined });
      expect(res.status, path).toBe(404);
    }
    const bad = await t.request('POST', `/api/test-chat/${mine.id}/messages`, { token: user.token, body: { text: '' } });
    expect(bad.status).toBe(400);
    expect(await messages(user.token, mine.id)).toEqual([]);
    // The socket refuses test mode for a non-Telegram file with the same message.
    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'execute-file', fileId: discord.id, mode: 'test' });
    await client.waitFor((f) => f.type === 'execution_error' && /supports Telegram bots/.test(f.message));
    client.close();
  }, 30_000);

  it('saved chats: save, replay green, a changed reply fails with both sides, and a proposed edit is checked before it is saved', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'telegram_golden.py', stdlibBot());
    const client = await startTest(user.token, file.id);
    await client.waitFor((f) => f.type === 'execution_output' && /I am @/.test(f.message));
    const empty = await t.request('POST', `/api/test-chat/${file.id}/saved/run`, { token: user.token, body: {} });
    expect(empty.status).toBe(400);
    await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: user.token, body: { text: '/start' } });
    const hello = await until(async () => (await messages(user.token, file.id)).find((m) => m.from === 'bot'));
    await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: user.token, body: { callbackData: 'yes', messageId: hello.id } });
    await until(async () => (await messages(user.token, file.id)).some((m) => m.text === 'You tapped yes'));
    const saved = await t.request('POST', `/api/test-chat/${file.id}/saved`, { token: user.token, body: { name: 'greeting' } });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ name: 'greeting', steps: 2 });
    expect((await t.request('GET', `/api/test-chat/${file.id}/saved`, { token: user.token })).body.saved).toMatchObject([{ name: 'greeting', steps: 2 }]);

    const green = await t.request('POST', `/api/test-chat/${file.id}/saved/run`, { token: user.token, body: {} });
    expect(green.status, JSON.stringify(green.body)).toBe(200);
    expect(green.body.results).toEqual([
      { name: 'greeting', passed: true, expected: ['Hello from the test chat!\n[Yes]', '(toast) Tapped yes', '(edited) You tapped yes'], actual: ['Hello from the test chat!\n[Yes]', '(toast) Tapped yes', '(edited) You tapped yes'] },
    ]);

    const proposed = stdlibBot({ start: 'Welcome!' });
    const check = await t.request('POST', `/api/test-chat/${file.id}/saved/run`, { token: user.token, body: { content: proposed } });
    expect(check.status).toBe(200);
    expect(check.body.results[0]).toMatchObject({ name: 'greeting', passed: false });
    expect(check.body.results[0].actual[0]).toBe('Welcome!\n[Yes]');
    // The check ran the proposal only: the saved file is unchanged and still passes.
    const again = await t.request('POST', `/api/test-chat/${file.id}/saved/run`, { token: user.token, body: {} });
    expect(again.body.results[0].passed).toBe(true);

    const del = await t.request('DELETE', `/api/test-chat/${file.id}/saved/greeting`, { token: user.token });
    expect(del.status).toBe(200);
    expect((await t.request('GET', `/api/test-chat/${file.id}/saved`, { token: user.token })).body.saved).toEqual([]);
    client.close();
  }, 120_000);
});
