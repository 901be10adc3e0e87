// Request body limits: 1 MiB by default; a few calls carry files (1 MiB each) and get more. The
// REST table sets them per route; tRPC has one route for every procedure, so there the limit of
// the named procedure is enforced while the body streams in.
import { Transform } from 'node:stream';
import { AppError } from './errors';

const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = MiB;

const LIMITS: Record<string, number> = {
  'files.save': 2 * MiB,
  'files.saveByName': 2 * MiB,
  'ai.modifyCode': 2 * MiB,
  // A file of up to 1 MiB plus the last log lines.
  'ai.assistant': 2 * MiB,
  'runner.parseImports': 2 * MiB,
  'runner.detectEnvVars': 2 * MiB,
  // Up to 20 files of 1 MiB each, JSON-escaped.
  'files.import': 24 * MiB,
  // A 10 MiB image as a base64 data URL, plus the text fields.
  'feed.create': 16 * MiB,
};

export const LARGEST_BODY_LIMIT = Math.max(DEFAULT_BODY_LIMIT, ...Object.values(LIMITS));

export function bodyLimitFor(procedure: string): number {
  return LIMITS[procedure] ?? DEFAULT_BODY_LIMIT;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');

/** Passes the body through, failing with 413 as soon as it grows past `limit` bytes. */
export function limitBody(payload: NodeJS.ReadableStream, declaredLength: string | undefined, limit: number): NodeJS.ReadableStream {
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
