// The subscription half of the tRPC client (the streamed chat reply): SSE through the `eventsource`
// package, because the browser's own EventSource cannot send the Authorization header the server
// insists on. Its own module, loaded by trpc.ts on the first subscription: no page needs it to paint.
import { httpSubscriptionLink, type TRPCLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '../../server/router';

export function subscriptionLink(authHeaders: () => Record<string, string>): TRPCLink<AppRouter> {
  return httpSubscriptionLink({
    url: '/trpc',
    EventSource,
    // A function, so a token stored after start-up (sign-in) is the one sent.
    eventSourceOptions: () => ({
      fetch: (input, init) => fetch(input, { ...init, credentials: 'include', headers: { ...init?.headers, ...authHeaders() } }),
    }),
  });
}
