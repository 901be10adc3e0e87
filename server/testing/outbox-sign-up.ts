// A person signed up against a server process with no SMTP: the code is read from the mail its
// outbox (DATA_DIR/outbox) holds. For tests of the server as `npm start` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Signs up `email` and answers the session token. */
export async function signUpThroughOutbox(url: string, dataDir: string, email: string): Promise<string> {
  const post = (address: string, body: unknown) =>
    fetch(url + address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sent = await post('/api/auth/send-otp', { name: 'Started Server', email, password: 'started-server-Pa55' });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}`);
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '')).find((m) => m.includes(email));
  const otp = mail && /code is (\d{6})/.exec(mail)?.[1];
  if (!otp) throw new Error(`no code for ${email} in the outbox`);
  const verified = await post('/api/auth/verify-otp', { email, otp });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
  return ((await verified.json()) as { token: string }).token;
}
