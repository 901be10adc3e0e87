// Readiness of outgoing mail. With SMTP_URL: does the SMTP server answer and accept our login
// (nodemailer's verify, no mail sent), bounded by a short timeout and remembered for 30 s so
// frequent probes do not hammer it. Without SMTP_URL mail goes to DATA_DIR/outbox: always ok.
import type { FastifyBaseLogger } from 'fastify';
import type { Check } from './check';

export const MAIL_CHECK_TTL_MS = 30_000;
export const MAIL_CHECK_TIMEOUT_MS = 3_000;

export type MailCheck = () => Promise<Check>;

export function mailCheck(opts: { smtpUrl: string | null; log: FastifyBaseLogger; now?: () => number; timeoutMs?: number }): MailCheck {
  const smtpUrl = opts.smtpUrl;
  if (!smtpUrl) return async () => ({ ok: true, detail: 'outbox' });
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? MAIL_CHECK_TIMEOUT_MS;
  let cached: { at: number; check: Check } | null = null;
  let running: Promise<Check> | null = null;

  const verify = async (): Promise<Check> => {
    let transport: { verify(): Promise<unknown>; close(): void } | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const nodemailer = (await import('nodemailer')).default;
      transport = nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      } as Parameters<typeof nodemailer.createTransport>[0]);
      await Promise.race([
        transport.verify(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })), timeoutMs + 500);
        }),
      ]);
      return { ok: true, detail: 'smtp' };
    } catch (err) {
      // The log may say what the SMTP server said; the answer only names the kind of failure.
      opts.log.warn({ err: String((err as Error)?.message ?? err) }, 'readiness: the SMTP server did not pass the check');
      return { ok: false, detail: `smtp: ${smtpProblem(err, timeoutMs)}` };
    } finally {
      clearTimeout(timer);
      transport?.close();
    }
  };

  return async () => {
    if (cached && now() - cached.at < MAIL_CHECK_TTL_MS) return cached.check;
    running ??= verify().then((check) => {
      cached = { at: now(), check };
      running = null;
      return check;
    });
    return running;
  };
}

function smtpProblem(err: unknown, timeoutMs: number): string {
  const code = String((err as { code?: unknown }).code ?? '');
  if (code === 'EAUTH') return 'the login was refused (EAUTH)';
  if (code === 'ETIMEDOUT') return `no answer within ${timeoutMs / 1000} s (ETIMEDOUT)`;
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS') return `the server could not be reached (${code})`;
  if (code === 'ETLS') return 'the TLS handshake failed (ETLS)';
  return code ? `the check failed (${code})` : 'the check failed';
}
