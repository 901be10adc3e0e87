// Logger options: request lines without query strings (an OAuth code may ride there) and with
// secrets redacted wherever they could appear, bots' webhook secrets in addresses included.
import type { FastifyServerOptions } from 'fastify';
import { redactHookSecrets } from './features/runner/hooks/hook-url';
import { prettyLogStream } from './log-pretty';

/** Where the log goes for LOG_FORMAT: pretty lines for a terminal, else pino's JSON lines on stdout (undefined). */
export function terminalLogStream(format: 'auto' | 'pretty' | 'json'): NodeJS.WritableStream | undefined {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  return pretty ? prettyLogStream(process.stdout) : undefined;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-admin-key"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.otp',
        '*.code',
        '*.token',
        '*.adminKey',
      ],
      censor: '[redacted]',
    },
    // Fastify quotes addresses in some messages and refusals (a bad URL, a reply sent twice).
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map(redactLogArgument) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactHookSecrets(req.url.split('?')[0]!),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** A log call's argument with webhook secrets taken out of its text and its top-level fields. */
function redactLogArgument(arg: unknown): unknown {
  if (typeof arg === 'string') return redactHookSecrets(arg);
  if (arg === null || typeof arg !== 'object' || arg instanceof Error) return arg;
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(arg)) {
    const text = typeof value === 'string' ? value : value instanceof Error ? value.message : null;
    if (text === null || !text.includes('/hooks/')) continue;
    copy ??= { ...(arg as Record<string, unknown>) };
    copy[key] = value instanceof Error ? { type: value.name, message: redactHookSecrets(value.message), stack: redactHookSecrets(value.stack ?? '') } : redactHookSecrets(text);
  }
  return copy ?? arg;
}
