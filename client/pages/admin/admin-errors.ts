// How admin calls fail: a 401 means the key is wrong and locks the panel; anything
// else reads 'API Error: ' plus the HTTP status text.
import { errorMessage, httpStatusOf, httpStatusTextOf } from '../../lib/http-error';

// HTTP/2 responses carry no reason phrase; these fill in for the statuses the server uses.
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function isUnauthorized(err: unknown): boolean {
  return httpStatusOf(err) === 401;
}

/** 'API Error: Too Many Requests', followed by the server's own explanation when it gave one. */
export function apiErrorText(err: unknown): string {
  const status = httpStatusOf(err);
  if (status === undefined) return 'API Error: Network Error';
  const text = httpStatusTextOf(err) || STATUS_TEXT[status] || String(status);
  const detail = errorMessage(err, '').trim();
  return detail && detail !== text ? `API Error: ${text}. ${detail}` : `API Error: ${text}`;
}
