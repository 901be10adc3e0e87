// The one call that is not tRPC: a file the bot sent in the test chat, as bytes. Same bearer token;
// a failure carries the server's `{error}` text so http-error.ts words it like any other.
import { readStoredToken } from './session';

export class RestError extends Error {
  constructor(
    readonly status: number,
    /** The server's own `{error}` text; undefined when it gave none (offline, a proxy page). */
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `Request failed (${status || 'network error'})`);
    this.name = 'RestError';
  }
}

function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function send(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      signal,
      headers: { ...authHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new RestError(0, undefined);
  }
  if (!response.ok) {
    let text: string | undefined;
    try {
      const json = (await response.json()) as { error?: unknown };
      if (typeof json.error === 'string' && json.error.trim()) text = json.error;
    } catch {
      // Not the server's JSON (a proxy's error page): the caller's fallback says it.
    }
    throw new RestError(response.status, text);
  }
  return response;
}

/** A file the server serves only to its owner: fetched with the token, kept as a blob. */
export async function restBlob(path: string): Promise<Blob> {
  const response = await send('GET', path, undefined);
  return response.blob();
}
