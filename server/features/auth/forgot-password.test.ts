// forgot-password does the same work for a known and an unknown address (docs/security.md): the same
// statements, a keyed hash stored either way, and the mail sent only after the answer is written,
// so an SMTP round trip (or nodemailer's own work) never tells the two apart. Asserted by structure,
// not by timing. Real app, real SMTP peer.
import type { ServerResponse } from 'node:http';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../mail/mailer';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { signUp, type SignedUpUser } from '../../testing/fixtures';

let smtp: SmtpSink;
let t: TestApp;
let user: SignedUpUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { rateLimits: false });
  user = await signUp(t, smtp);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const deps = () => t.app.deps;
const realDb = () => deps().db;
const realSend = () => deps().mailer.send;
let restore: Array<() => void> = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

/** Records every statement the app runs (its SQL text, without the values) until the test ends. */
function traceStatements(): string[] {
  const statements: string[] = [];
  const db = realDb();
  const executor = db.getExecutor();
  const tracer: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      statements.push(executor.compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
  deps().db = db.withPlugin(tracer);
  restore.push(() => (deps().db = db));
  return statements;
}

/** Records each mail handed to the mailer, and whether the HTTP answer had been written by then. */
function watchMail(): Array<{ to: string; answered: boolean }> {
  const calls: Array<{ to: string; answered: boolean }> = [];
  let last: ServerResponse | null = null;
  const onRequest = (_req: unknown, res: ServerResponse) => (last = res);
  t.app.server.on('request', onRequest);
  const send = realSend();
  deps().mailer.send = (mail: Mail) => {
    calls.push({ to: mail.to, answered: last?.writableEnded ?? false });
    return send(mail);
  };
  restore.push(() => {
    t.app.server.off('request', onRequest);
    deps().mailer.send = send;
  });
  return calls;
}

const codeRow = (email: string) =>
  realDb().selectFrom('verification_codes').selectAll().where('email', '=', email).where('purpose', '=', 'reset').executeTakeFirstOrThrow();

let n = 0;
const stranger = () => `nobody-${++n}@example.com`;
const forget = (email: string) => t.request('POST', '/api/auth/forgot-password', { body: { email } });

describe('forgot-password: the same work for a known and an unknown address', () => {
  it('runs the same statements and stores a keyed hash either way', async () => {
    await realDb().deleteFrom('verification_codes').where('email', '=', user.email).execute();
    const known = traceStatements();
    expect((await forget(user.email)).status).toBe(200);
    restore.pop()!();
    const unknown = traceStatements();
    const nobody = stranger();
    expect((await forget(nobody)).status).toBe(200);
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // The same crypto too: each row holds an HMAC of a fresh code, not a marker only unknown addresses get.
    expect((await codeRow(user.email)).code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await codeRow(nobody)).code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hands the mail to the mailer only after the answer is written, over REST and tRPC', async () => {
    const calls = watchMail();
    await deps().db.deleteFrom('verification_codes').where('email', '=', user.email).execute();
    const since = smtp.mailsTo(user.email).length;
    expect((await forget(user.email)).status).toBe(200);
    await smtp.waitForCode(user.email, { since });
    expect(calls).toEqual([{ to: user.email, answered: true }]);

    await deps().db.deleteFrom('verification_codes').where('email', '=', user.email).execute();
    expect((await t.request('POST', '/trpc/auth.forgotPassword', { body: { email: user.email } })).status).toBe(200);
    await smtp.waitForCode(user.email, { since: since + 1 });
    expect(calls).toEqual([{ to: user.email, answered: true }, { to: user.email, answered: true }]);
  });

  it('an unknown address gets no mail at all', async () => {
    const calls = watchMail();
    const nobody = stranger();
    expect((await forget(nobody)).status).toBe(200);
    // Mail leaves on a later turn of the event loop; wait for a mail queued after it to be sure.
    const since = smtp.mailsTo(user.email).length;
    await deps().db.deleteFrom('verification_codes').where('email', '=', user.email).execute();
    await forget(user.email);
    await smtp.waitForCode(user.email, { since });
    expect(calls.map((c) => c.to)).toEqual([user.email]);
    expect(smtp.mailsTo(nobody)).toHaveLength(0);
  });
});

describe('forgot-password when the mail cannot be sent', () => {
  it('still answers 200 and logs the failure', async () => {
    const dead = await startSmtpSink();
    await dead.close();
    const broken = await startTestApp({ SMTP_URL: dead.url }, { rateLimits: false });
    try {
      const { createUser } = await import('./accounts');
      const u = await createUser(broken.app.deps.db, broken.app.deps.clock, { name: 'Unlucky', email: 'unlucky@example.com', passwordHash: null, googleSub: null });
      expect(u).toBeTruthy();
      const res = await broken.request('POST', '/api/auth/forgot-password', { body: { email: 'unlucky@example.com' } });
      expect(res.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!broken.logs.some((l) => l.includes('reset mail failed')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const line = broken.logs.find((l) => l.includes('reset mail failed'));
      expect(line).toBeDefined();
    } finally {
      await broken.close();
    }
  });
});
