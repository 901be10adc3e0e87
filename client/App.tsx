// Providers in dependency order: theme, toasts, the tRPC + React Query clients, then the routes
// (the auth provider lives inside the router because signing out navigates).
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import type { UserDto } from '../shared/auth.schema';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient, trpc } from './lib/trpc';
import { SIDEBAR_WIDTH } from './components/AppShell/AppShell';
import { createAppRouter } from './router';
import { theme } from './theme';

export function App({ initialUser }: { initialUser: UserDto | null }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const [router] = useState(() => createAppRouter(initialUser));

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* One toast at a time for five seconds (spec section 9), bottom left, over the sidebar's foot
          and no wider than it: elsewhere it covered the chat's Send button, the test chat's composer,
          the editor or the avatar and Logout. The height cap (Mantine's default is 200px) leaves room
          for a long server message. */}
      <Notifications
        limit={1}
        autoClose={5000}
        position="bottom-left"
        zIndex={1000}
        containerWidth={SIDEBAR_WIDTH - 32}
        notificationMaxHeight={480}
      />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
