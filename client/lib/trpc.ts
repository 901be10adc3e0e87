// The one client for the server's tRPC API. Plain httpLink (one request per call) so each call is
// its own request in the server's logs and rate limits; the bearer token is read per request.
import { httpLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/router';
import { readStoredToken } from './session';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpLink({
        url: '/trpc',
        headers() {
          const token = readStoredToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
        fetch(input, init) {
          return fetch(input, { ...init, credentials: 'include' });
        },
      }),
    ],
  });
}
