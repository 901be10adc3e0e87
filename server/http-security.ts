// Security headers: a real CSP (no inline scripts but one fixed one, no plugins, no framing), nosniff
// and no referrer. Styles may be inline because Mantine injects its CSS variables in a <style> element.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The one inline script allowed, by its sha256: client/index.html's, which sets the colour scheme
 * before the first paint (a dark page must not flash white while the app loads). Changing that
 * script means changing this hash: client/lib/color-scheme.test.ts checks they agree.
 */
export const INLINE_SCRIPT_HASHES = ["'sha256-NPHnAheqWQPyU3gVctU1sq2ce6wCP209EXKfLHtotBs='"];

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}
