// What Botwright serves of a bot's answer to a webhook request. The answer comes from Botwright's
// own origin, which the app's pages trust (their CSP's script-src 'self' matches any path of it), so
// nothing in it may act as Botwright:
// - no cookies, HSTS, CSP or service worker scope of the bot's on the origin (dropped);
// - as a page, it runs no script and is an origin of its own (a sandboxing CSP);
// - loaded by a page of the app (<script src=/hooks/...>, a module, a worker, a stylesheet), it is
//   never run or applied: browsers refuse a script whose type is not JavaScript, and a stylesheet
//   not text/css, when the answer says nosniff. So nosniff is always set (a bot's own is dropped:
//   without it Chromium runs a text/plain answer as a script), and a JavaScript or CSS answer is
//   served as text/plain. Checked in real Chromium by e2e/hook-answers.test.ts;
// - a redirect is kept only inside the bot's own address: elsewhere it would be an open redirect on
//   Botwright's domain. Refresh, a redirect by another name, is dropped.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** No script, plugin or form of the bot's runs with Botwright's origin. */
export const HOOK_ANSWER_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/** Headers that would act on Botwright's origin rather than on the bot's answer, or that Botwright sets itself. */
export const NOT_SERVED = new Set([
  'set-cookie',
  'clear-site-data',
  'strict-transport-security',
  'alt-svc',
  'content-security-policy',
  'content-security-policy-report-only',
  'service-worker-allowed',
  'x-request-id',
  'x-content-type-options',
  'refresh',
  'location',
  'content-type',
]);

/**
 * Types a page would run or apply: JavaScript under any of its names (text/javascript,
 * application/x-ecmascript, text/jscript...) and CSS, in any case, anywhere in the header (browsers
 * take the last type of a list: "text/plain, text/javascript" is JavaScript).
 */
const ACTIVE_TYPE = /script|css/i;

/** Where the answer was asked for: the bot's public address (PUBLIC_URL/hooks/<project>/<secret>) and the path after it with the query. */
export type HookAddressAsked = { own: string; pathAndQuery: string };

/** The headers served with the bot's answer: `passedOn` (its headers but hop-by-hop ones and NOT_SERVED) and ours. */
export function servedAnswerHeaders(botHeaders: IncomingHttpHeaders, passedOn: OutgoingHttpHeaders, asked: HookAddressAsked): OutgoingHttpHeaders {
  const served = { ...passedOn };
  const type = botHeaders['content-type'];
  served['content-type'] = type === undefined ? 'application/octet-stream' : ACTIVE_TYPE.test(type) ? 'text/plain; charset=utf-8' : type;
  served['x-content-type-options'] = 'nosniff';
  served['content-security-policy'] = HOOK_ANSWER_CSP;
  const location = botHeaders.location === undefined ? null : ownLocation(botHeaders.location, asked);
  if (location) served.location = location;
  return served;
}

/** A redirect's target, absolute, when it stays inside the bot's own address; null anywhere else. */
export function ownLocation(location: string, asked: HookAddressAsked): string | null {
  let url: URL;
  let own: URL;
  try {
    // Relative to the address the caller asked for, as the browser reads it.
    url = new URL(location, asked.own + asked.pathAndQuery);
    own = new URL(asked.own);
  } catch {
    return null;
  }
  if (url.origin !== own.origin || url.username || url.password) return null;
  if (url.pathname !== own.pathname && !url.pathname.startsWith(`${own.pathname}/`)) return null;
  return url.href;
}
