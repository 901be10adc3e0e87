// Errors are data: features throw AppError(code, message); tRPC uses it as is (it is a TRPCError)
// and the REST adapter turns its code into an HTTP status with tRPC's own table, so there is one map.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYMENT_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'TIMEOUT'
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

/** A 5xx answer: nothing about the failure, only the request id under which the log holds it. */
export function internalErrorMessage(requestId: string): string {
  return `Something went wrong on our side (request ${requestId}). Please try again.`;
}

/** A path longer than any address of the app: refused before routing. */
export class AddressTooLong extends Error {
  readonly statusCode = 414;
  constructor(length: number) {
    super(`an address of ${length} characters`);
  }
}

// Fastify's own refusals carry FST_* codes and texts written for developers; people get these.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_BAD_URL: 'The address is not valid',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Please sign in to continue',
  403: 'Forbidden',
  404: 'Not found',
  405: 'This method is not allowed here',
  408: 'The request took too long',
  413: 'Request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type: send JSON',
  429: 'Too many requests, please try again later',
  431: 'The request headers are too large',
};

export type HttpError = {
  status: number;
  message: string;
  retryAfterSeconds?: number;
  /** An unexpected failure: logged as an error, answered with the generic message only. */
  internal: boolean;
  /** What the framework said about a refusal: for the log, never for the answer. */
  detail?: string;
};

/** Any thrown value to {status, message, retryAfter}; only our own AppErrors speak to people in their own words. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof ZodError) return { status: 400, message: zodMessage(err), internal: false };
  if (err instanceof TRPCError) {
    if (err.cause instanceof ZodError) return { status: 400, message: zodMessage(err.cause), internal: false };
    const status = getHTTPStatusCodeFromError(err);
    // Only unexpected failures are hidden; a 502/504 we raise on purpose says what went wrong.
    if (err.code === 'INTERNAL_SERVER_ERROR' || !(err instanceof AppError)) {
      if (status >= 500) return { status, message: GENERIC_500, internal: true };
    }
    // tRPC words a refusal after what it caught: a JavaScript error's text is not for people.
    if (!(err instanceof AppError) && err.cause instanceof Error) {
      return { status, message: STATUS_MESSAGES[status] ?? 'Bad request', internal: false, detail: err.cause.message };
    }
    return { status, message: err.message, retryAfterSeconds: (err as AppError).retryAfterSeconds, internal: false };
  }
  const status = (err as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (err as { code?: string }).code;
    const message = (code && FRAMEWORK_MESSAGES[code]) ?? STATUS_MESSAGES[status] ?? 'Bad request';
    // Fastify quotes the address in its text: without its query string, where an OAuth code may ride.
    const said = String((err as Error).message).replace(/\?[^'\s]*/g, '').slice(0, 200);
    return { status, message, internal: false, detail: `${code ?? status}: ${said}` };
  }
  return { status: 500, message: GENERIC_500, internal: true };
}

/**
 * The one answer to a failure, for the error handler and Fastify's routing errors alike: the
 * detail goes to the log under the request id, the client gets a plain message (and /trpc its shape).
 */
export function replyWithError(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const e = toHttpError(err);
  if (e.internal) req.log.error({ err }, 'request failed');
  else if (e.detail) req.log.info({ refusal: e.detail }, 'request refused');
  reply.header('x-request-id', req.id);
  // Refused before its body was all read (too large, no session, no place, stalled): the rest is
  // not waited for, the connection closes once the answer is out.
  if (!req.raw.complete) reply.header('connection', 'close');
  if (e.retryAfterSeconds) reply.header('retry-after', String(e.retryAfterSeconds));
  const message = e.internal ? internalErrorMessage(req.id) : e.message;
  if (req.url.startsWith('/trpc/')) return reply.status(e.status).send(toTrpcErrorBody({ status: e.status, message }));
  return reply.status(e.status).send(e.internal ? { error: message, requestId: req.id } : { error: message });
}

const KEY_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
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
