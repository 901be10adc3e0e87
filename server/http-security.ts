// Security headers: a real CSP (no inline scripts but one fixed one, no plugins, no framing), nosniff
// and no referrer. Styles may be inline because Mantine injects its CSS variables in a <style> element.
// The headers are the same on every answer, so helmet works them out once, at start-up, and each
// answer gets the finished set (Fastify's helmet plugin rebuilds helmet for every request: a few
// per cent of a small read).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The one inline script allowed, by its sha256: client/index.html's, which sets the colour scheme
 * before the first paint (a dark page must not flash white while the app loads). Changing that
 * script means changing this hash: client/lib/color-scheme.test.ts checks they agree.
 */
export const INLINE_SCRIPT_HASHES = ["'sha256-NPHnAheqWQPyU3gVctU1sq2ce6wCP209EXKfLHtotBs='"];

const SECURITY_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for these options, read by running it once against a recording answer. */
export function securityHeaders(options: HelmetOptions = SECURITY_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
