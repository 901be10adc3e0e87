// The app's tRPC router: one sub-router per feature. Its type is what the client imports.
import { router, createCallerFactory } from './trpc';
import { authRouter } from './features/auth/auth.router';
import { creditsRouter } from './features/credits/credits.router';
import { filesRouter } from './features/workspace/workspace.router';
import { chatRouter } from './features/ai/chat.router';
import { aiRouter } from './features/ai/ai.router';
import { feedRouter } from './features/feed/feed.router';
import { adminRouter } from './features/admin/admin.router';
import { runnerRouter } from './features/runner/runner.router';
import { dependenciesRouter } from './features/runner/dependencies/dependencies.router';
import { testChatRouter } from './features/test-chat/test-chat.router';
import { hooksRouter } from './features/runner/hooks/hooks.router';
import { logsRouter } from './features/runner/logs/logs.router';
import { botsRouter, projectsRouter } from './features/bots/bots.router';
import { landingRouter } from './features/landing/landing.router';

export const appRouter = router({
  auth: authRouter,
  credits: creditsRouter,
  projects: projectsRouter,
  files: filesRouter,
  chat: chatRouter,
  ai: aiRouter,
  feed: feedRouter,
  admin: adminRouter,
  runner: runnerRouter,
  dependencies: dependenciesRouter,
  testChat: testChatRouter,
  hooks: hooksRouter,
  logs: logsRouter,
  bots: botsRouter,
  landing: landingRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
