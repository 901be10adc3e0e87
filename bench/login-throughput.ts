// Login throughput: `POST /api/auth/login` of the real app (buildApp on a temp DATA_DIR, rate
// limits off, a user signed up through the real e-mailed-code flow) under autocannon at full
// concurrency, against the work it cannot avoid: argon2.verify at the same parameters, in-process,
// with the same number in flight for the same time. The ratio says what the HTTP server, tRPC
// procedure, database and session token cost on top of hashing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { ARGON2_PARAMS } from '../server/features/auth/passwords';
import type { Scenario } from './harness';

const CONNECTIONS = 2 * availableParallelism();
const ROUND_SECONDS = 6;
const WARM_UP_SECONDS = 1;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-login-pass-9';

export const loginThroughput: Scenario = {
  name: 'login throughput',
  unit: 'req/s',
  baselineUnit: 'verifies/s',
  subjectLabel: 'POST /api/auth/login',
  baselineLabel: 'argon2.verify',
  goal: { op: '>=', ratio: 0.9 },
  async prepare() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-bench-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' });
    const app = await buildApp(config, { rateLimits: false });
    const close = async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      await signUpThroughOutbox(url, path.join(dataDir, 'outbox'));
      const loginBody = JSON.stringify({ email: EMAIL, password: PASSWORD });

      const login = async (seconds: number) => {
        const r = await autocannon({
          url: `${url}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: loginBody,
          connections: CONNECTIONS,
          duration: seconds,
        });
        if (r.errors || r.timeouts || r.non2xx) {
          throw new Error(`login load got ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts: ${JSON.stringify(r.statusCodeStats)}`);
        }
        return r['2xx'] / r.duration;
      };

      const hash = await argon2.hash(PASSWORD, ARGON2_PARAMS);
      const verify = (seconds: number) => verifiesPerSecond(hash, PASSWORD, CONNECTIONS, seconds * 1000);

      return {
        note: `${CONNECTIONS} connections / verifies in flight, ${ROUND_SECONDS} s a round, argon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} p=${ARGON2_PARAMS.parallelism}`,
        async warmUp() {
          await verify(WARM_UP_SECONDS);
          await login(WARM_UP_SECONDS);
        },
        baseline: () => verify(ROUND_SECONDS),
        subject: () => login(ROUND_SECONDS),
        close,
      };
    } catch (err) {
      await close();
      throw err;
    }
  },
};

/** Keeps `inFlight` verifies running for `ms`; counts those that finished inside the window. */
async function verifiesPerSecond(hash: string, password: string, inFlight: number, ms: number): Promise<number> {
  const start = performance.now();
  const deadline = start + ms;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      if (!(await argon2.verify(hash, password))) throw new Error('argon2.verify refused the right password');
      if (performance.now() <= deadline) done += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return done / (ms / 1000);
}

/** Signs the bench user up through the real flow: send-otp, the code read from the outbox, verify-otp. */
async function signUpThroughOutbox(url: string, outboxDir: string): Promise<void> {
  const post = async (p: string, body: unknown) => {
    const res = await fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  };
  await post('/api/auth/send-otp', { name: 'Bench User', email: EMAIL, password: PASSWORD });
  const mails = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
  if (mails.length !== 1) throw new Error(`expected one mail in the outbox, found ${mails.length}`);
  const raw = readFileSync(path.join(outboxDir, mails[0]!), 'utf8').replace(/=\r?\n/g, '');
  const code = /code is (\d{6})/.exec(raw)?.[1];
  if (!code) throw new Error('no code in the sign-up mail');
  await post('/api/auth/verify-otp', { email: EMAIL, otp: code });
  await post('/api/auth/login', { email: EMAIL, password: PASSWORD });
}
