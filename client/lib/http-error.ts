// What a failed call says, whichever layer refused it: tRPC procedures answer in tRPC's error
// shape, but the server's body-size and rate limits stop a request before tRPC and answer the
// REST shape {error}. Both carry a human message worth showing; a call the server never answered
// (offline, a proxy's page) gets the caller's friendly fallback. The one place an error is worded.
import { TRPCClientError } from '@trpc/client';
import { RestError } from './rest';

function responseOf(err: unknown): Response | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  const response = (err.meta as { response?: unknown } | undefined)?.response;
  return response instanceof Response ? response : undefined;
}

export function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof RestError) return err.status || undefined;
  if (!(err instanceof TRPCClientError)) return undefined;
  const status = (err.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : responseOf(err)?.status;
}

/** The reason phrase of the response ('Too Many Requests'), when the connection carried one. */
export function httpStatusTextOf(err: unknown): string | undefined {
  return responseOf(err)?.statusText || undefined;
}

/** The server's own message for a failure, or undefined when it gave none (e.g. offline). */
function serverErrorMessage(err: unknown): string | undefined {
  if (err instanceof RestError) return err.serverMessage;
  if (!(err instanceof TRPCClientError)) return undefined;
  if (err.data && err.message.trim()) return err.message;
  const body = (err.meta as { responseJSON?: unknown } | undefined)?.responseJSON;
  const text = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/** The server's own message for a failure, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return serverErrorMessage(err) ?? fallback;
}
