// Request body limits: 1 MiB for every call. Calls that carry one bot file get room for it, an import
// has a cap for the whole call, a post for its image. The REST table sets them per route; tRPC has one
// route for every procedure, so for both the named procedure's limit is enforced while the body
// streams in (admitBody). Imports are also admitted a few at a time, before their bodies are read.
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { BodyGate } from './body-gate';
import { createContext } from './trpc';

const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = MiB;

/** The whole of one import: eight files of 1 MiB, give or take. */
export const IMPORT_BODY_LIMIT = 8 * MiB;
/** Imports whose bodies are read and handled at once; the rest wait with their bodies unread. */
export const IMPORTS_AT_ONCE = 2;

// One gate for the process: it guards this process's memory, whichever app instance the import reaches.
const importGate = new BodyGate({
  atOnce: IMPORTS_AT_ONCE,
  waiting: 16,
  maxWaitMs: 60_000,
  busyMessage: 'The server is busy with other imports. Please try again in a moment.',
  alreadyMessage: 'Your previous import is still in progress. Please wait for it to finish.',
});
/** Once admitted, a body must arrive within this time: a trickled upload cannot hold a slot for ever. */
export const GATED_UPLOAD_MS = 60_000;

type BodyRule = { limit: number; tooLarge?: string; gate?: BodyGate };

const RULES: Record<string, BodyRule> = {
  // One file of up to 1 MiB: as JSON a newline or a quote takes two bytes, so the body needs 2 MiB.
  'files.save': { limit: 2 * MiB },
  'files.saveByName': { limit: 2 * MiB },
  'ai.modifyCode': { limit: 2 * MiB },
  // A file of up to 1 MiB plus the last log lines.
  'ai.help': { limit: 2 * MiB },
  'runner.parseImports': { limit: 2 * MiB },
  'runner.detectEnvVars': { limit: 2 * MiB },
  'files.import': {
    limit: IMPORT_BODY_LIMIT,
    tooLarge: 'An import can carry at most 8 MiB in all: import fewer files at a time',
    gate: importGate,
  },
  // A 10 MiB image as a base64 data URL, plus the text fields.
  'feed.create': { limit: 16 * MiB },
};

export const LARGEST_BODY_LIMIT = Math.max(DEFAULT_BODY_LIMIT, ...Object.values(RULES).map((r) => r.limit));

// Own keys only: '/trpc/constructor' must not find Object's and slip past every limit.
const ruleFor = (procedure: string): BodyRule => (Object.hasOwn(RULES, procedure) ? RULES[procedure]! : { limit: DEFAULT_BODY_LIMIT });

export function bodyLimitFor(procedure: string): number {
  return ruleFor(procedure).limit;
}

const TOO_LARGE = 'Request body is too large';

/** Passes the body through, failing with 413 as soon as it grows past `limit` bytes. */
export function limitBody(payload: NodeJS.ReadableStream, declaredLength: string | undefined, limit: number, message = TOO_LARGE): NodeJS.ReadableStream {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', message);
  if (Number(declaredLength) > limit) throw tooLarge();
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge() : null, chunk);
    },
  });
  payload.on('error', (err) => counter.destroy(err));
  return payload.pipe(counter);
}

const hasBody = (req: FastifyRequest) => Number(req.headers['content-length']) > 0 || req.headers['transfer-encoding'] !== undefined;

/**
 * A preParsing step for `procedure`: refuses a declared length over its limit at once, then, if the
 * call has a gate, checks who is calling and waits for a place (held until the answer is sent) before
 * counting the body as it streams in.
 */
export async function admitBody(req: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream, procedure: string): Promise<NodeJS.ReadableStream> {
  const rule = ruleFor(procedure);
  const message = rule.tooLarge ?? TOO_LARGE;
  if (Number(req.headers['content-length']) > rule.limit) throw new AppError('PAYLOAD_TOO_LARGE', message);
  if (!rule.gate || !hasBody(req)) return limitBody(payload, req.headers['content-length'], rule.limit, message);

  // Only a signed-in person may wait: an anonymous body is refused before it is read.
  const { user } = await createContext(req.server.deps, req);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  const gone = new AbortController();
  const onClose = () => gone.abort();
  reply.raw.once('close', onClose);
  const release = await rule.gate.enter(user.id, gone.signal).catch((err: unknown) => {
    throw gone.signal.aborted ? new AppError('BAD_REQUEST', 'The request was cancelled') : err;
  });
  reply.raw.off('close', onClose);
  // The place is free once the answer is sent ('finish'), or the connection is gone ('close').
  reply.raw.once('finish', release);
  reply.raw.once('close', release);
  // The client may have left in the moment between being admitted and here.
  if (gone.signal.aborted) release();
  const body = limitBody(payload, req.headers['content-length'], rule.limit, message);
  const deadline = setTimeout(
    () => (body as Transform).destroy(new AppError('TIMEOUT', 'The upload took too long. Please try again.')),
    GATED_UPLOAD_MS,
  );
  body.once('end', () => clearTimeout(deadline));
  body.once('close', () => clearTimeout(deadline));
  return body;
}
