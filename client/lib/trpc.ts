// The one client for the server's tRPC API. Plain httpLink (one request per call) so each call is
// its own request in the server's logs and rate limits; the bearer token is read per request.
// Subscriptions (the streamed chat reply) go over SSE (trpc-subscriptions.ts), whose code loads on
// the first subscription rather than with every page.
// The operator's admin key rides along only on admin.* calls (see admin-key.ts).
import { httpLink, splitLink, TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/router';
import { adminHeaders } from './admin-key';
import { readStoredToken } from './session';

export const trpc = createTRPCReact<AppRouter>();

function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A terminating link whose code is loaded when its first operation comes (and again after a failed load). */
function lazyLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  return (runtime) => {
    let loaded: Promise<OperationLink<AppRouter>> | undefined;
    return ({ op, next }) =>
      observable((observer) => {
        let subscription: Unsubscribable | undefined;
        let stopped = false;
        (loaded ??= load().then((link) => link(runtime))).then(
          (operationLink) => {
            if (!stopped) subscription = operationLink({ op, next }).subscribe(observer);
          },
          (err: unknown) => {
            loaded = undefined;
            if (!stopped) observer.error(TRPCClientError.from(err instanceof Error ? err : new Error(String(err))));
          },
        );
        return () => {
          stopped = true;
          subscription?.unsubscribe();
        };
      });
  };
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: lazyLink(() => import('./trpc-subscriptions').then((m) => m.subscriptionLink(authHeaders))),
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
