// What one node asks of another about a person's run (cluster/node-routes.ts answers): signed with
// CLUSTER_SECRET over what is asked, for whom and when, and refused a minute later, so a call seen on
// the network cannot be sent again later or for another person or file.
import { NODE_HEADER, isSignedByNode, nodeSignature } from './node-auth';

export const CALL_HEADERS = { user: 'x-botwright-user', file: 'x-botwright-file', at: 'x-botwright-at' } as const;
const FRESH_MS = 60_000;

export type RunCall = { action: 'follow' | 'stop'; userId: string; fileId: string };

const signed = (call: RunCall, at: number) => `${call.action} ${call.userId} ${call.fileId} ${at}`;

/** The headers of a call to another node. */
export function callHeaders(secret: string, call: RunCall, now = Date.now()): Record<string, string> {
  return { [NODE_HEADER]: nodeSignature(secret, signed(call, now)), [CALL_HEADERS.user]: call.userId, [CALL_HEADERS.file]: call.fileId, [CALL_HEADERS.at]: String(now) };
}

/** The call these headers make, when another node of this server made it within the last minute; else null. */
export function verifiedCall(secret: string, action: RunCall['action'], headers: Record<string, string | string[] | undefined>, now = Date.now()): RunCall | null {
  const [userId, fileId, at] = [headers[CALL_HEADERS.user], headers[CALL_HEADERS.file], headers[CALL_HEADERS.at]];
  if (typeof userId !== 'string' || typeof fileId !== 'string' || typeof at !== 'string' || !/^\d{1,15}$/.test(at)) return null;
  if (Math.abs(now - Number(at)) > FRESH_MS) return null;
  const call = { action, userId, fileId };
  return isSignedByNode(secret, headers[NODE_HEADER], signed(call, Number(at))) ? call : null;
}
