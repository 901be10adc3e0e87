// The address a request came from, for rate limits and logs: the peer as TRUST_PROXY reads it
// (`req.ip`), or, for a call a web node of this server passed on to this runner, the address that
// web node saw (cluster/passed-on-calls.ts checks the node's signature before setting it).
import type { FastifyRequest } from 'fastify';

const PASSED_ON = Symbol('the address a node of this server passed on');
type Marked = FastifyRequest & { [PASSED_ON]?: string };

export function clientAddress(req: FastifyRequest): string {
  return (req as Marked)[PASSED_ON] ?? req.ip;
}

/** Whether another node of this server passed this call on (it is then answered here, never passed on again). */
export function passedOnByNode(req: FastifyRequest): boolean {
  return (req as Marked)[PASSED_ON] !== undefined;
}

/** For a call another node of this server signed: the client's address as that node saw it. */
export function setPassedOnAddress(req: FastifyRequest, address: string): void {
  (req as Marked)[PASSED_ON] = address;
}
