import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, httpStatusOf } from './http-error';
import { RestError } from './rest';

/** A failure as tRPC's client reports it: the procedure's own error, or a body it could not read as one. */
function trpcError(message: string, opts: { data?: object; responseJSON?: unknown; status?: number } = {}) {
  const response = opts.status ? new Response(null, { status: opts.status }) : undefined;
  return new TRPCClientError(message, {
    ...(opts.data ? { result: { error: { message, code: -32600, data: opts.data } } } : {}),
    meta: { ...(response ? { response } : {}), ...(opts.responseJSON !== undefined ? { responseJSON: opts.responseJSON } : {}) },
  } as never);
}

describe('errorMessage', () => {
  it("gives a procedure's own message", () => {
    expect(errorMessage(trpcError('Invalid or expired verification code', { data: { code: 'BAD_REQUEST', httpStatus: 400 } }), 'fallback')).toBe(
      'Invalid or expired verification code',
    );
  });

  it("gives the REST-shaped {error} of a limit that stopped the call before tRPC", () => {
    const limited = trpcError('Unexpected end of JSON', { responseJSON: { error: 'Too many requests, try again in a minute' }, status: 429 });
    expect(errorMessage(limited, 'fallback')).toBe('Too many requests, try again in a minute');
    expect(httpStatusOf(limited)).toBe(429);
    expect(errorMessage(new RestError(413, 'The file is too large'), 'fallback')).toBe('The file is too large');
  });

  it('falls back when the server never answered, or answered with nothing to show', () => {
    expect(errorMessage(trpcError('Failed to fetch'), 'Please check your connection and try again.')).toBe('Please check your connection and try again.');
    expect(errorMessage(trpcError('   ', { data: { code: 'BAD_REQUEST' } }), 'fallback')).toBe('fallback');
    expect(errorMessage(trpcError('Unexpected token <', { responseJSON: { error: ' ' } }), 'fallback')).toBe('fallback');
    expect(errorMessage(new RestError(0, undefined), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorMessage('a string', 'fallback')).toBe('fallback');
  });
});
