// Providers in dependency order: theme, toasts, the tRPC + React Query clients, then the routes
// (the auth provider lives inside the router because signing out navigates).
import { lazy, Suspense, useEffect, useState } from 'react';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import type { UserDto } from '../shared/auth.schema';
import { DocsSearchHotkey } from './components/DocsSearch/DocsSearchHotkey';
import { COLOR_SCHEME_KEY } from './lib/color-scheme';
import { whenIdle } from './lib/idle';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient, trpc } from './lib/trpc';
import { createAppRouter } from './router';
import { theme } from './theme';

// Mounted once the first paint is done (a toast asked for before waits in the store until then).
const Toasts = lazy(() => import('./components/Toasts/Toasts'));

// The person's light or dark choice, else the system's (index.html applies it before the first paint).
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export function App({ initialUser }: { initialUser: UserDto | null }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const [router] = useState(() => createAppRouter(initialUser));
  const [toasts, setToasts] = useState(false);
  useEffect(() => whenIdle(() => setToasts(true), 1000), []);

  return (
    // All of the theme's CSS variables come from here (Mantine writes them in a <style>), so the
    // 27 kB default-css-variables.css is not downloaded (see mantine-styles.ts).
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager} deduplicateCssVariables={false}>
      {/* Ctrl+K (Cmd+K on macOS) opens the documentation search from any page. */}
      <DocsSearchHotkey />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
