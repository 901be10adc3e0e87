// What the API description (openapi.ts) says beyond each procedure's own declarations: the group
// each sub-router's operations are listed under, and the shared schemas named in its components.
// A procedure's words and the schema of its answer are declared with the procedure, in its meta
// (`doc` and `response`, server/procedure-meta.ts).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../router';
import { userDto } from '../../../shared/auth.schema';
import { botHook } from '../../../shared/hooks.schema';
import { keptRun, runLogPage } from '../../../shared/run-logs.schema';
import { detectedEnvVar, detectedPackage, savedEnvVar } from '../../../shared/runner.schema';
import { savedTestChat, testChatMessage, testChatResult } from '../../../shared/test-chat.schema';

type RouterName = keyof inferRouterOutputs<AppRouter> & string;

/** The groups of the description, one per sub-router. */
export const TAGS: Record<RouterName, string> = {
  auth: 'Account',
  credits: 'Credits',
  projects: 'Bots',
  files: 'Files',
  chat: 'Assistant',
  ai: 'Assistant',
  runner: 'Runner',
  dependencies: 'Runner',
  testChat: 'Test chat',
  hooks: 'Webhooks',
  logs: 'Logs',
  feed: 'Community feed',
  bots: 'Always-on bots',
  admin: 'Operator',
  landing: 'Landing page',
};

/** The shared schemas named in the description's components (each appears once, referred to elsewhere). */
export const NAMED_SCHEMAS = {
  User: userDto,
  BotHook: botHook,
  RunLogPage: runLogPage,
  KeptRun: keptRun,
  SavedEnvVar: savedEnvVar,
  DetectedPackage: detectedPackage,
  DetectedEnvVar: detectedEnvVar,
  TestChatMessage: testChatMessage,
  SavedTestChat: savedTestChat,
  TestChatResult: testChatResult,
};
