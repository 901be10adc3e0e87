// Fixture builders: a signed-up user through the real sign-up flow (mailed code included).
import type { SmtpSink } from './smtp-sink';
import type { TestApp } from './test-app';
import { inTransaction } from '../db/transaction';

let counter = 0;

export type SignedUpUser = { name: string; email: string; password: string; token: string; id: string };

export async function signUp(t: TestApp, smtp: SmtpSink, over: Partial<{ name: string; email: string; password: string }> = {}): Promise<SignedUpUser> {
  counter += 1;
  const name = over.name ?? `Test User ${counter}`;
  const email = over.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = over.password ?? `s3cret-pass-${counter}`;
  const since = smtp.mailsTo(email).length;
  const sent = await t.request('POST', '/api/auth/send-otp', { body: { name, email, password } });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const otp = await smtp.waitForCode(email, { since });
  const verified = await t.request('POST', '/api/auth/verify-otp', { body: { email, otp } });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { name, email, password, token: verified.body.token, id: verified.body.user.id };
}

/**
 * A verified user with a session, made through the services (no mail round trip, no sign-up rate
 * limit). Without `password` it signs in only by its session, like an account made by Google.
 */
export async function newUser(t: TestApp, over: Partial<{ name: string; email: string; credits: number; password: string }> = {}) {
  counter += 1;
  const { createUser } = await import('../features/auth/accounts');
  const { hashPassword } = await import('../features/auth/passwords');
  const { createSession } = await import('../features/auth/sessions');
  const { recordCredit } = await import('../features/credits/ledger');
  const deps = t.app.deps;
  const user = await createUser(deps.db, deps.clock, {
    name: over.name ?? `Fixture User ${counter}`,
    email: over.email ?? `fixture${counter}-${Date.now()}@example.com`,
    passwordHash: over.password === undefined ? null : await hashPassword(over.password),
    googleSub: null,
  });
  if (!user) throw new Error('fixture user not created');
  if (over.credits !== undefined && over.credits !== user.credits) {
    const delta = over.credits - user.credits;
    await inTransaction(deps.db, (trx) =>
      recordCredit(trx, deps.clock, { userId: user.id, amount: delta, type: delta < 0 ? 'adjustment' : 'purchase', description: 'Test balance' }),
    );
  }
  const token = await createSession(deps.db, deps.sessionKeys, deps.clock, user.id);
  return { id: user.id, token, name: user.name, email: user.email };
}
