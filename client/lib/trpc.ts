// The one client for the server's tRPC API. Plain httpLink (one request per call) so each call is
// its own request in the server's logs and rate limits; the bearer token is read per request.
// Subscriptions (the streamed chat reply) go over SSE through the `eventsource` package, because
// the browser's own EventSource cannot send the Authorization header the server insists on.
// The operator's admin key rides along only on admin.* calls (see admin-key.ts).
import { httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { EventSource } from 'eventsource';
import type { AppRouter } from '../../server/router';
import { adminHeaders } from './admin-key';
import { readStoredToken } from './session';

export const trpc = createTRPCReact<AppRouter>();

function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: '/trpc',
          EventSource,
          // A function, so a token stored after start-up (sign-in) is the one sent.
          eventSourceOptions: () => ({
            fetch: (input, init) =>
              fetch(input, { ...init, credentials: 'include', headers: { ...init?.headers, ...authHeaders() } }),
          }),
        }),
        false: httpLink({
          url: '/trpc',
          headers: ({ op }) => ({ ...authHeaders(), ...adminHeaders(op.path) }),
          fetch(input, init) {
            return fetch(input, { ...init, credentials: 'include' });
          },
        }),
      }),
    ],
  });
}
