// The app's tRPC router: one sub-router per feature. Its type is what the client imports.
import { router, createCallerFactory } from './trpc';
import { authRouter } from './features/auth/auth.router';
import { creditsRouter } from './features/credits/credits.router';

export const appRouter = router({
  auth: authRouter,
  credits: creditsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
