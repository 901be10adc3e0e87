// Request body limits: 1 MiB for every call. Calls that carry one bot file get room for it, an import
// has a cap for the whole call, a post for its image: each procedure declares its own (procedure-meta.ts).
// The REST table sets them per route; tRPC has one
// route for every procedure, so for both the named procedure's limit is enforced while the body
// streams in (admitBody). A body larger than the default is read only for a signed-in person within
// their rate limits, a few at a time; imports and posts are also admitted a few at a time for
// everyone. A body that stops arriving is cut.
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { BodyGate, PersonalBodies } from './body-gate';
import type { Limiter } from './limits';
import { createContext } from './trpc';
import { MiB, type BodyGateName } from './procedure-meta';
import { bodyRules, metaOf } from './procedure-rules';

export const DEFAULT_BODY_LIMIT = MiB;
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
// Posts carry an image of up to 10 MiB: like imports, a few are read at a time.
const postGate = new BodyGate({
  atOnce: 2,
  waiting: 16,
  maxWaitMs: 60_000,
  busyMessage: 'The server is busy with other posts. Please try again in a moment.',
  alreadyMessage: 'Your previous post is still being sent. Please wait for it to finish.',
});
/** Large bodies (over the default limit) one person may send at once, gated ones aside. */
export const LARGE_BODIES_PER_PERSON = 4;
const largeBodies = new PersonalBodies(LARGE_BODIES_PER_PERSON, 'You are sending too many files at once. Please wait for the others to finish.');
/** Once admitted, a body must arrive within this time: a trickled upload cannot hold a slot for ever. */
export const GATED_UPLOAD_MS = 60_000;
/** A body that sends nothing for this long is cut (408), whatever its size. */
export const BODY_IDLE_MS = 15_000;
/** What a body may carry before it must come from a signed-in person (sign-in and sign-up need far less). */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

const GATES: Record<BodyGateName, BodyGate> = { imports: importGate, posts: postGate };

type BodyRule = { limit: number; tooLarge?: string; gate?: BodyGate };

/** The body the procedure declared it may carry (procedure-meta.ts), else the default. */
const ruleFor = (procedure: string): BodyRule => {
  const declared = metaOf(procedure).body;
  return declared ? { ...declared, gate: declared.gate && GATES[declared.gate] } : { limit: DEFAULT_BODY_LIMIT };
};

/** What tRPC's one route must let in: the largest body any procedure may carry. */
export const largestBodyLimit = (): number => Math.max(DEFAULT_BODY_LIMIT, ...bodyRules().map((r) => r.limit));

export function bodyLimitFor(procedure: string): number {
  return ruleFor(procedure).limit;
}

const TOO_LARGE = 'Request body is too large';

/**
 * Passes the body through, failing with 413 as soon as it grows past `limit` bytes, with 401 past
 * ANONYMOUS_BODY_LIMIT unless `signedIn` says the caller is, and with 408 when nothing arrives for
 * BODY_IDLE_MS.
 */
export function limitBody(
  payload: NodeJS.ReadableStream,
  declaredLength: string | undefined,
  limit: number,
  message = TOO_LARGE,
  signedIn: () => Promise<boolean> = async () => true,
  idleMs = BODY_IDLE_MS,
): NodeJS.ReadableStream {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', message);
  if (Number(declaredLength) > limit) throw tooLarge();
  let seen = 0;
  let checked = false;
  let idle: NodeJS.Timeout | undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      idle?.refresh();
      if (seen > limit) return done(tooLarge());
      if (checked || seen <= ANONYMOUS_BODY_LIMIT) return done(null, chunk);
      checked = true;
      signedIn().then(
        (yes) => done(yes ? null : new AppError('UNAUTHORIZED', 'Please sign in to continue'), chunk),
        (err: Error) => done(err),
      );
    },
  });
  idle = setTimeout(() => counter.destroy(new AppError('TIMEOUT', 'The request body stopped arriving. Please try again.')), idleMs);
  counter.once('end', () => clearTimeout(idle));
  counter.once('close', () => clearTimeout(idle));
  // The reader (the body parser) hears the failure; this listener only keeps a failure of a body
  // nobody reads any more from being thrown as the process's own.
  counter.on('error', () => {});
  payload.on('error', (err) => counter.destroy(err));
  return payload.pipe(counter);
}

const hasBody = (req: FastifyRequest) => Number(req.headers['content-length']) > 0 || req.headers['transfer-encoding'] !== undefined;

/**
 * A preParsing step for `procedure`: refuses a declared length over its limit at once. A body
 * larger than the default is read only for a signed-in person whose rate limit allows the call and
 * who has a place (their own few, or the procedure's gate), held until the answer is sent; then the
 * body is counted as it streams in.
 */
export async function admitBody(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: NodeJS.ReadableStream,
  procedure: string,
  limit: Limiter,
): Promise<NodeJS.ReadableStream> {
  const rule = ruleFor(procedure);
  const message = rule.tooLarge ?? TOO_LARGE;
  const declared = Number(req.headers['content-length']);
  if (declared > rule.limit) throw new AppError('PAYLOAD_TOO_LARGE', message);
  // No body to read (a GET, an empty POST): nothing to count or wait for.
  if (!hasBody(req)) return payload;
  if (rule.limit <= DEFAULT_BODY_LIMIT) {
    const signedIn = async () => (await createContext(req.server.deps, req)).user !== null;
    if (declared > ANONYMOUS_BODY_LIMIT && !(await signedIn())) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    return limitBody(payload, req.headers['content-length'], rule.limit, message, signedIn);
  }

  // Only a signed-in person within their limits may send a large body: anyone else's is refused
  // before it is read.
  const { user } = await createContext(req.server.deps, req);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  await limit(procedure, req);
  const gone = new AbortController();
  const onClose = () => gone.abort();
  reply.raw.once('close', onClose);
  const enter = rule.gate ? rule.gate.enter(user.id, gone.signal) : Promise.resolve(largeBodies.enter(user.id));
  const release = await enter.catch((err: unknown) => {
    throw gone.signal.aborted ? new AppError('BAD_REQUEST', 'The request was cancelled') : err;
  });
  reply.raw.off('close', onClose);
  // The place is free once the answer is sent ('finish'), or the connection is gone ('close').
  reply.raw.once('finish', release);
  reply.raw.once('close', release);
  // The client may have left in the moment between being admitted and here.
  if (gone.signal.aborted) release();
  const body = limitBody(payload, req.headers['content-length'], rule.limit, message);
  if (!rule.gate) return body;
  const deadline = setTimeout(
    () => (body as Transform).destroy(new AppError('TIMEOUT', 'The upload took too long. Please try again.')),
    GATED_UPLOAD_MS,
  );
  body.once('end', () => clearTimeout(deadline));
  body.once('close', () => clearTimeout(deadline));
  return body;
}
