// A test-mode bot for tests and benches: Python's standard library, one urllib request (and
// connection) a call to TELEGRAM_API_BASE; says who it is, then echoes the test chat ("You said: ...").
export const ECHO_TEST_BOT = String.raw`
import json, os, urllib.request
API, TOKEN = os.environ['TELEGRAM_API_BASE'], os.environ['TELEGRAM_BOT_TOKEN']
def call(method, **params):
    req = urllib.request.Request(API + '/bot' + TOKEN + '/' + method, data=json.dumps(params).encode(), headers={'content-type': 'application/json'})
    with urllib.request.urlopen(req, timeout=70) as r:
        return json.load(r)['result']
print('I am @' + call('getMe')['username'], flush=True)
offset = 0
while True:
    for u in call('getUpdates', offset=offset, timeout=50):
        offset = u['update_id'] + 1
        m = u.get('message')
        if m and m.get('text'):
            call('sendMessage', chat_id=m['chat']['id'], text='You said: ' + m['text'])
`;
