// The route table of spec section 2. Signed-in pages share the app shell behind RequireAuth;
// /admin has its own gate (the admin key, not a user sign-in) and its own layout.
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import type { UserDto } from '../shared/auth.schema';
import { RequireAuth } from './components/RequireAuth';
import { AuthProvider } from './lib/auth';
import { BotsPage } from './routes/Bots.page';
import { BuilderPage } from './routes/Builder.page';
import { DependenciesPage } from './routes/Dependencies.page';
import { HomePage } from './routes/Home.page';
import { LoginPage } from './routes/Login.page';
import { NotFoundPage } from './routes/NotFound.page';
import { ProfilePage } from './routes/Profile.page';
import { PublishPage } from './routes/Publish.page';
import { RegisterPage } from './routes/Register.page';
import { RunnerPage } from './routes/Runner.page';
import { UsagePage } from './routes/Usage.page';

export function createAppRouter(initialUser: UserDto | null) {
  return createBrowserRouter([
    {
      element: (
        <AuthProvider initialUser={initialUser}>
          <Outlet />
        </AuthProvider>
      ),
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
        { path: '/dependencies', element: <DependenciesPage /> },
        // Loaded on demand: operators are few, and nobody else should download the dashboard.
        {
          path: '/admin',
          lazy: () => import('./routes/Admin.page').then((m) => ({ Component: m.AdminPage })),
          hydrateFallbackElement: (
            <Center mih="100vh">
              <Loader aria-label="Loading the admin page" />
            </Center>
          ),
        },
        {
          element: <RequireAuth />,
          children: [
            { path: '/builder', element: <BuilderPage /> },
            { path: '/runner', element: <RunnerPage /> },
            { path: '/bots', element: <BotsPage /> },
            { path: '/publish', element: <PublishPage /> },
            { path: '/profile', element: <ProfilePage /> },
            { path: '/usage', element: <UsagePage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
