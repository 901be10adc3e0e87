// A person's call that a web node passes on to their runner (runner-forward.ts, socket-relay.ts)
// carries the address the web node saw, signed with CLUSTER_SECRET over the call and the time: the
// runner then counts rate limits against the person's address, not the web node's. Unsigned, stale
// (over a minute) or altered, the header is ignored and the peer's own address counts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NODE_HEADER, isSignedByNode, nodeSignature } from './node-auth';
import { setPassedOnAddress } from '../../client-address';

export const PASSED_ON_HEADERS = { address: 'x-botwright-client', at: 'x-botwright-passed-at' } as const;
const FRESH_MS = 60_000;

const signed = (method: string, url: string, address: string, at: string) => `passed on ${method} ${url} ${address} ${at}`;

/** The headers a web node adds to a call it passes on. */
export function passOnHeaders(secret: string, call: { method: string; url: string; address: string }, now = Date.now()): Record<string, string> {
  const at = String(now);
  return { [NODE_HEADER]: nodeSignature(secret, signed(call.method, call.url, call.address, at)), [PASSED_ON_HEADERS.address]: call.address, [PASSED_ON_HEADERS.at]: at };
}

/** The person's address, when another node of this server passed this call on within the last minute; else null. */
export function passedOnAddress(secret: string, req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>, now = Date.now()): string | null {
  const [address, at] = [req.headers[PASSED_ON_HEADERS.address], req.headers[PASSED_ON_HEADERS.at]];
  if (typeof address !== 'string' || typeof at !== 'string' || !/^\d{1,15}$/.test(at) || address.length > 64) return null;
  if (Math.abs(now - Number(at)) > FRESH_MS) return null;
  return isSignedByNode(secret, req.headers[NODE_HEADER], signed(req.method, req.url, address, at)) ? address : null;
}

/** On a server of several nodes: every request that a node passed on counts as coming from the person's address. */
export function registerPassedOnCalls(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', async (req) => {
    if (req.headers[PASSED_ON_HEADERS.address] === undefined) return;
    const address = passedOnAddress(secret, req);
    if (address) setPassedOnAddress(req, address);
  });
}
