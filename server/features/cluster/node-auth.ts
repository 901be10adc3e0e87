// Calls between the nodes of a server carry a signature made with CLUSTER_SECRET over what they ask
// for, so a node can tell a call from another node (which it must not pass on again) from a call
// from anyone else. Compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const NODE_HEADER = 'x-botwright-node';

export function nodeSignature(secret: string, what: string): string {
  return createHmac('sha256', secret).update(what).digest('hex');
}

export function isSignedByNode(secret: string, header: string | string[] | undefined, what: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(nodeSignature(secret, what));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
