// Errors are data: features throw AppError(code, message); tRPC uses it as is (it is a TRPCError)
// and the REST adapter turns its code into an HTTP status with tRPC's own table, so there is one map.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYMENT_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'UNPROCESSABLE_CONTENT'
  | 'BAD_GATEWAY'
  | 'GATEWAY_TIMEOUT'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export class AppError extends TRPCError {
  readonly retryAfterSeconds?: number;
  constructor(code: AppErrorCode, message: string, opts: { retryAfterSeconds?: number } = {}) {
    super({ code, message });
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** The human message of a validation failure: the first issue's message. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  // A record key that fails its schema: that schema's message says what is wrong ("Invalid key in record" does not).
  if (issue.code === 'invalid_key') return issue.issues[0]?.message ?? issue.message;
  return issue.message;
}

/** Any thrown value to {status, message, retryAfter}; 5xx never carries internals. */
export function toHttpError(err: unknown): { status: number; message: string; retryAfterSeconds?: number; internal: boolean } {
  if (err instanceof ZodError) return { status: 400, message: zodMessage(err), internal: false };
  if (err instanceof TRPCError) {
    if (err.cause instanceof ZodError) return { status: 400, message: zodMessage(err.cause), internal: false };
    const status = getHTTPStatusCodeFromError(err);
    // Only unexpected failures are hidden; a 502/504 we raise on purpose says what went wrong.
    if (err.code === 'INTERNAL_SERVER_ERROR' || !(err instanceof AppError)) {
      if (status >= 500) return { status, message: GENERIC_500, internal: true };
    }
    return { status, message: err.message, retryAfterSeconds: (err as AppError).retryAfterSeconds, internal: false };
  }
  const status = (err as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 413 ? 'Request body is too large'
      : status === 415 ? 'Unsupported content type: send JSON'
      : status === 429 ? 'Too many requests, please try again later'
      : status === 404 ? 'Not found'
      : (err as Error).message || 'Bad request';
    return { status, message, internal: false };
  }
  return { status: 500, message: GENERIC_500, internal: true };
}

const KEY_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** The same error in tRPC's response shape, for failures on /trpc before a procedure runs (limits, body size). */
export function toTrpcErrorBody(e: { status: number; message: string }) {
  const key = KEY_BY_STATUS[e.status] ?? 'INTERNAL_SERVER_ERROR';
  return { error: { message: e.message, code: TRPC_ERROR_CODES_BY_KEY[key], data: { code: key, httpStatus: e.status } } };
}
