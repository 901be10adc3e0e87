// Test mode where bots run without the sandbox (no bubblewrap on the host): the emulator listens
// on a loopback port of the host, TELEGRAM_API_BASE points at it, the test token replaces saved
// Telegram tokens, and release() closes the way in.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from './emulator/emulator';
import { prepareTestMode } from './test-mode';
import { TestChats } from './emulator/test-chats';

const chats = new TestChats();
const emulator = await createEmulator({ chats, tls: null });
afterAll(() => emulator.close());

const BOT = String.raw`
import json, os, urllib.request
API, TOKEN = os.environ['TELEGRAM_API_BASE'], os.environ['TELEGRAM_BOT_TOKEN']
def call(method, **params):
    req = urllib.request.Request(API + '/bot' + TOKEN + '/' + method, data=json.dumps(params).encode(), headers={'content-type': 'application/json'})
    with urllib.request.urlopen(req, timeout=40) as r:
        return json.load(r)['result']
offset = 0
while True:
    for u in call('getUpdates', offset=offset, timeout=20):
        offset = u['update_id'] + 1
        m = u.get('message')
        if m:
            call('sendMessage', chat_id=m['chat']['id'], text='plain ' + m['text'] + ' ' + str(os.environ.get('MY_TOKEN') == TOKEN))
            call('sendMessage', chat_id=os.environ['TELEGRAM_CHAT_ID'], text='a post')
            call('sendMessage', chat_id=os.environ['OWNER_CHAT_ID'], text='for the owner')
`;

describe('test mode without the sandbox', () => {
  it('gives the bot a loopback TELEGRAM_API_BASE, the test token, the test group as its channel and the tester as its owner, and closes it on release', async () => {
    const owner = { userId: 'u1', fileId: 'f1' };
    const test = await prepareTestMode({ chats, emulator, owner, secrets: { MY_TOKEN: '7212345678:AAFakeRealTokenThatMustNeverLeave_x1' }, bridged: false });
    expect(test.env.TELEGRAM_API_BASE).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(test.spec).toEqual({});
    const session = chats.session(owner);
    expect(test.env.TELEGRAM_BOT_TOKEN).toBe(session.token);
    const bot = spawn('/usr/bin/python3', ['-c', BOT], { env: { ...test.env, PATH: '/usr/bin:/bin' }, stdio: 'ignore' });
    try {
      for (let i = 0; i < 200 && !session.botListening(); i++) await new Promise((r) => setTimeout(r, 25));
      session.post({ text: '/start' });
      for (let i = 0; i < 200 && !session.messages('private').some((m) => m.from === 'bot'); i++) await new Promise((r) => setTimeout(r, 25));
      expect(session.messages('private').find((m) => m.from === 'bot')?.text).toBe('plain /start True');
      // Posts go to the test group, and what is for the owner to the tester's private chat.
      for (let i = 0; i < 200 && !session.messages('group').some((m) => m.from === 'bot'); i++) await new Promise((r) => setTimeout(r, 25));
      expect(session.messages('group').filter((m) => m.from === 'bot').map((m) => m.text)).toEqual(['a post']);
      for (let i = 0; i < 200 && session.messages('private').filter((m) => m.from === 'bot').length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(session.messages('private').filter((m) => m.from === 'bot').map((m) => m.text)).toEqual(['plain /start True', 'for the owner']);
    } finally {
      bot.kill('SIGKILL');
    }
    test.release();
    const after = await fetch(`${test.env.TELEGRAM_API_BASE}/bot${session.token}/getMe`).then(
      () => 'answered',
      () => 'closed',
    );
    expect(after).toBe('closed');
  }, 20_000);
});
