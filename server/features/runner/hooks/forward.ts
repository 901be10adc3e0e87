// One webhook request, carried to the bot's port as HTTP/1.1: the method, the path after the secret,
// the query, the headers (without hop-by-hop ones, Host rewritten, X-Forwarded-* set) and the body;
// the bot's answer streams back. The answer is served from Botwright's own origin, so it is kept
// from acting on that origin: no cookies either way, and its headers as hook-answer.ts serves them.
import { request, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors';
import type { HookTarget } from './hook-targets';
import { NoWayIn } from './live-inbound';
import { NOT_SERVED, servedAnswerHeaders, type HookAddressAsked } from './hook-answer';
import { NODE_HEADER } from '../../cluster/node-auth';

/** How long the bot has to start its answer, and the longest silence while it sends it. */
export const HOOK_UPSTREAM_TIMEOUT_MS = 30_000;

export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'http2-settings']);
// Ours to set (or not to pass on): the bot's host and length, what the caller claims about proxies,
// Botwright's own cookies (a browser sends them to this origin), Expect (the body is already here),
// and the signature of a node that passed the request on (cluster/node-auth.ts).
const DROPPED_REQUEST = new Set(['host', 'content-length', 'expect', 'cookie', 'forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', NODE_HEADER]);

/** The headers without hop-by-hop ones (also those the Connection header names) and without `dropped`. */
export function without(headers: IncomingHttpHeaders, dropped: Set<string>): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || dropped.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  return out;
}

export function upstreamHeaders(req: FastifyRequest, port: number, bodyLength: number | null): OutgoingHttpHeaders {
  const headers = without(req.headers, DROPPED_REQUEST);
  headers.host = `127.0.0.1:${port}`;
  headers['x-forwarded-for'] = req.ip;
  headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  if (bodyLength !== null) headers['content-length'] = bodyLength;
  return headers;
}

const notListening = (port: number) =>
  new AppError('BAD_GATEWAY', `The bot is running, but nothing answered on port ${port} (its PORT). Make the bot listen on the port in its PORT variable.`);

/** Sends the request to the bot, and starts sending its answer back to the caller (`return reply` after it). */
export function forwardToBot(req: FastifyRequest, reply: FastifyReply, target: HookTarget, asked: HookAddressAsked, timeoutMs = HOOK_UPSTREAM_TIMEOUT_MS): Promise<void> {
  const body = Buffer.isBuffer(req.body) ? req.body : null;
  const hasBody = body !== null || ['POST', 'PUT', 'PATCH'].includes(req.method);
  if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65535) {
    return Promise.reject(new AppError('BAD_GATEWAY', "The bot's PORT variable is not a port number (1-65535): set it to the port the bot listens on."));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    let upstream: ClientRequest | null = null;
    const deadline = setTimeout(
      () => fail(new AppError('GATEWAY_TIMEOUT', `The bot did not answer within ${timeoutMs / 1000} seconds.`)),
      timeoutMs,
    );
    // The caller gave up before the bot answered.
    const onCallerGone = () => fail(new AppError('BAD_REQUEST', 'The request was cancelled'));
    reply.raw.once('close', onCallerGone);
    function fail(err: AppError): void {
      clearTimeout(deadline);
      reply.raw.off('close', onCallerGone);
      if (settled) return;
      settled = true;
      upstream?.destroy();
      reject(err);
    }
    try {
      upstream = request({
        method: req.method,
        path: asked.pathAndQuery,
        headers: { ...upstreamHeaders(req, target.port, hasBody ? (body?.length ?? 0) : null), ...target.headers },
        setHost: false,
        createConnection: () => target.connect(),
      });
    } catch (err) {
      return fail(err instanceof NoWayIn ? new AppError('BAD_GATEWAY', err.message) : notListening(target.port));
    }
    upstream.on('error', () => fail(notListening(target.port)));
    upstream.on('response', (res: IncomingMessage) => {
      if (settled) return void res.destroy();
      clearTimeout(deadline);
      reply.raw.off('close', onCallerGone);
      settled = true;
      // Still a limit while the answer streams: a bot that falls silent is cut off.
      res.socket.setTimeout(timeoutMs, () => res.destroy());
      reply.code(res.statusCode ?? 502);
      reply.headers(servedAnswerHeaders(res.headers, without(res.headers, NOT_SERVED), asked) as Record<string, string | string[]>);
      reply.send(res);
      resolve();
    });
    upstream.end(body ?? undefined);
  });
}
