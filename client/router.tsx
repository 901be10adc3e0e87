// The route table. Signed-in pages share the app shell behind RequireAuth;
// /admin has its own gate (the admin key, not a user sign-in) and its own layout.
//
// Only the landing page is in the main entry: every other page, the signed-in frame (RequireAuth
// and the app shell) and what they use (CodeMirror, the runner, the feed, the admin area...) load
// on demand, so the first paint of / waits for as little script as possible. The server names the
// modules of the page asked for in the answer's Link header (server/static-client.ts, from
// shared/page-modules.ts), so the browser fetches them beside the main entry; the entry
// (main.tsx) asks for them too before its first render, for when nothing did (the dev server).
import { lazy, Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
import type { UserDto } from '../shared/auth.schema';
import { AuthProvider } from './lib/auth';
import { HomePage } from './pages/landing/Home.page';

type Lazy = { Component: ComponentType; preload: () => Promise<unknown> };

type Loaded = { default: ComponentType };

/**
 * A component loaded on first render (React.lazy), whose module `preload()` can fetch earlier. Once
 * its module is here, it renders at once: React.lazy reads an already settled thenable on the spot,
 * where a promise, even a settled one, suspends for a moment, and a boundary that showed its fallback
 * holds the content back a further 300 ms.
 */
function lazyComponent<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Lazy {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  // A failed fetch (the network dropped) is forgotten, so the next try asks again.
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = { default: pick(m) }),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const settled = (value: Loaded) => ({ then: (resolve: (v: Loaded) => void) => resolve(value) }) as unknown as Promise<Loaded>;
  return { Component: lazy(() => (loaded ? settled(loaded) : preload())), preload };
}

// The modules of shared/page-modules.ts (which the server reads): keep the two in step.
const RequireAuth = lazyComponent(() => import('./components/RequireAuth'), (m) => m.RequireAuth);
const pages = {
  login: lazyComponent(() => import('./pages/auth/Login.page'), (m) => m.LoginPage),
  register: lazyComponent(() => import('./pages/auth/Register.page'), (m) => m.RegisterPage),
  dependencies: lazyComponent(() => import('./pages/dependencies/Dependencies.page'), (m) => m.DependenciesPage),
  builder: lazyComponent(() => import('./pages/builder/Builder.page'), (m) => m.BuilderPage),
  runner: lazyComponent(() => import('./pages/runner/Runner.page'), (m) => m.RunnerPage),
  bots: lazyComponent(() => import('./pages/bots/Bots.page'), (m) => m.BotsPage),
  publish: lazyComponent(() => import('./pages/feed/Publish.page'), (m) => m.PublishPage),
  profile: lazyComponent(() => import('./pages/profile/Profile.page'), (m) => m.ProfilePage),
  usage: lazyComponent(() => import('./pages/usage/Usage.page'), (m) => m.UsagePage),
  notFound: lazyComponent(() => import('./pages/not-found/NotFound.page'), (m) => m.NotFoundPage),
};

/** While a whole screen's code loads (a page outside the app shell, or the shell itself). */
function ScreenLoading() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading the page" />
    </Center>
  );
}

/** While a signed-in page's code loads: in the app shell's content area, which stays on screen. */
function PageLoading() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading the page" />
    </Center>
  );
}

const page = (p: Lazy) => <p.Component />;
const inShell = (p: Lazy) => (
  <Suspense fallback={<PageLoading />}>
    <p.Component />
  </Suspense>
);
/** What to fetch when the app starts on a route: its page, and the frame around it. */
const preloads = (...items: Lazy[]) => ({ preload: () => Promise.all(items.map((i) => i.preload())) });

function routes(initialUser: UserDto | null): RouteObject[] {
  return [
    {
      element: (
        <AuthProvider initialUser={initialUser}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </AuthProvider>
      ),
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/login', element: page(pages.login), handle: preloads(pages.login) },
        { path: '/register', element: page(pages.register), handle: preloads(pages.register) },
        { path: '/dependencies', element: page(pages.dependencies), handle: preloads(pages.dependencies) },
        // Loaded on demand: operators are few, and nobody else should download the dashboard.
        {
          path: '/admin',
          lazy: () => import('./pages/admin/Admin.page').then((m) => ({ Component: m.AdminPage })),
          hydrateFallbackElement: (
            <Center mih="100vh">
              <Loader aria-label="Loading the admin page" />
            </Center>
          ),
        },
        {
          element: <RequireAuth.Component />,
          children: [
            { path: '/builder', element: inShell(pages.builder), handle: preloads(RequireAuth, pages.builder) },
            { path: '/runner', element: inShell(pages.runner), handle: preloads(RequireAuth, pages.runner) },
            { path: '/bots', element: inShell(pages.bots), handle: preloads(RequireAuth, pages.bots) },
            { path: '/publish', element: inShell(pages.publish), handle: preloads(RequireAuth, pages.publish) },
            { path: '/profile', element: inShell(pages.profile), handle: preloads(RequireAuth, pages.profile) },
            { path: '/usage', element: inShell(pages.usage), handle: preloads(RequireAuth, pages.usage) },
          ],
        },
        { path: '*', element: page(pages.notFound), handle: preloads(pages.notFound) },
      ],
    },
  ];
}

/**
 * Fetches the lazily loaded modules of the page at `location` (at once when the server's Link
 * header already brought them); settles when they are here. A failure is left to the render, which
 * imports again and reports it.
 */
export function preloadRoute(location: { pathname: string }): Promise<void> {
  const handles = (matchRoutes(routes(null), location) ?? []).map((m) => m.route.handle as { preload?: () => Promise<unknown> } | undefined);
  return Promise.all(handles.map((h) => h?.preload?.())).then(
    () => undefined,
    () => undefined,
  );
}

export function createAppRouter(initialUser: UserDto | null) {
  return createBrowserRouter(routes(initialUser));
}
