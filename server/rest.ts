// The REST adapter: one table mapping every REST path of spec section 7 onto the same tRPC
// procedures the client uses, called in-process through createCaller (no tRPC HTTP round trip).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCaller } from './router';
import { createContext } from './trpc';
import type { Deps } from './deps';
import type { Limiter } from './limits';
import { admitBody, bodyLimitFor } from './body-limits';
import { registerRunLogDownload } from './features/runner/logs/logs.routes';

type Caller = ReturnType<typeof createCaller>;
type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The procedure's name: picks the rate limits shared with its tRPC path. */
  procedure: string;
  call: (caller: Caller, req: FastifyRequest) => Promise<unknown>;
};

const body = (req: FastifyRequest) => req.body as never;
const params = (req: FastifyRequest) => req.params as Record<string, string>;
/** Path parameters merged into the body; the path wins over a body field of the same name. */
const withParams = (req: FastifyRequest) => ({ ...(req.body as object), ...params(req) }) as never;

export const restRoutes: Route[] = [
  { method: 'GET', url: '/api/auth/me', procedure: 'auth.me', call: (c) => c.auth.me() },
  { method: 'POST', url: '/api/auth/login', procedure: 'auth.login', call: (c, r) => c.auth.login(body(r)) },
  { method: 'POST', url: '/api/auth/register', procedure: 'auth.register', call: (c, r) => c.auth.register(body(r)) },
  { method: 'POST', url: '/api/auth/send-otp', procedure: 'auth.sendOtp', call: (c, r) => c.auth.sendOtp(body(r)) },
  { method: 'POST', url: '/api/auth/verify-otp', procedure: 'auth.verifyOtp', call: (c, r) => c.auth.verifyOtp(body(r)) },
  { method: 'POST', url: '/api/auth/forgot-password', procedure: 'auth.forgotPassword', call: (c, r) => c.auth.forgotPassword(body(r)) },
  { method: 'POST', url: '/api/auth/reset-password', procedure: 'auth.resetPassword', call: (c, r) => c.auth.resetPassword(body(r)) },
  { method: 'POST', url: '/api/auth/google', procedure: 'auth.google', call: (c, r) => c.auth.google(body(r)) },
  { method: 'POST', url: '/api/auth/logout', procedure: 'auth.logout', call: (c) => c.auth.logout() },
  { method: 'GET', url: '/api/credits/transactions', procedure: 'credits.transactions', call: (c) => c.credits.transactions() },

  { method: 'GET', url: '/api/projects', procedure: 'projects.list', call: (c) => c.projects.list() },
  { method: 'POST', url: '/api/projects', procedure: 'projects.create', call: (c, r) => c.projects.create(body(r)) },
  { method: 'PATCH', url: '/api/projects/:projectId', procedure: 'projects.rename', call: (c, r) => c.projects.rename(withParams(r)) },
  { method: 'POST', url: '/api/projects/:projectId/duplicate', procedure: 'projects.duplicate', call: (c, r) => c.projects.duplicate(withParams(r)) },
  { method: 'DELETE', url: '/api/projects/:projectId', procedure: 'projects.delete', call: (c, r) => c.projects.delete(params(r) as never) },
  { method: 'GET', url: '/api/files', procedure: 'files.list', call: (c) => c.files.list() },
  { method: 'GET', url: '/api/files/:id', procedure: 'files.get', call: (c, r) => c.files.get(params(r) as never) },
  { method: 'PUT', url: '/api/files/:id', procedure: 'files.save', call: (c, r) => c.files.save(withParams(r)) },
  { method: 'DELETE', url: '/api/files/:id', procedure: 'files.delete', call: (c, r) => c.files.delete(params(r) as never) },
  { method: 'GET', url: '/api/files/:id/versions', procedure: 'files.versions', call: (c, r) => c.files.versions(params(r) as never) },
  { method: 'GET', url: '/api/files/:id/versions/:versionId', procedure: 'files.version', call: (c, r) => c.files.version(params(r) as never) },
  {
    method: 'POST',
    url: '/api/files/:id/versions/:versionId/restore',
    procedure: 'files.restore',
    call: (c, r) => c.files.restore(params(r) as never),
  },
  { method: 'PUT', url: '/api/projects/:projectId/files/:filename', procedure: 'files.saveByName', call: (c, r) => c.files.saveByName(withParams(r)) },
  { method: 'DELETE', url: '/api/projects/:projectId/files/:filename', procedure: 'files.deleteByName', call: (c, r) => c.files.deleteByName(params(r) as never) },
  { method: 'POST', url: '/api/projects/:projectId/import', procedure: 'files.import', call: (c, r) => c.files.import(withParams(r)) },
  { method: 'GET', url: '/api/storage', procedure: 'files.storage', call: (c) => c.files.storage() },
  { method: 'GET', url: '/api/chat/messages', procedure: 'chat.messages', call: (c, r) => c.chat.messages(r.query as never) },
  { method: 'POST', url: '/api/ai/chat', procedure: 'ai.chat', call: (c, r) => c.ai.chat(body(r)) },
  { method: 'POST', url: '/api/ai/modify-code', procedure: 'ai.modifyCode', call: (c, r) => c.ai.modifyCode(body(r)) },
  {
    method: 'POST',
    url: '/api/ai/modify-code/:proposalId/reject',
    procedure: 'ai.rejectModification',
    call: (c, r) => c.ai.rejectModification(params(r) as never),
  },
  { method: 'POST', url: '/api/ai/assistant', procedure: 'ai.assistant', call: (c, r) => c.ai.assistant(body(r)) },

  { method: 'GET', url: '/api/runner/status', procedure: 'runner.status', call: (c) => c.runner.status() },
  { method: 'POST', url: '/api/parse-imports', procedure: 'runner.parseImports', call: (c, r) => c.runner.parseImports(body(r)) },
  { method: 'POST', url: '/api/detect-env-vars', procedure: 'runner.detectEnvVars', call: (c, r) => c.runner.detectEnvVars(body(r)) },
  { method: 'GET', url: '/api/projects/:projectId/env-vars', procedure: 'runner.envVars', call: (c, r) => c.runner.envVars(params(r) as never) },
  { method: 'PUT', url: '/api/projects/:projectId/env-vars', procedure: 'runner.saveEnvVars', call: (c, r) => c.runner.saveEnvVars(withParams(r)) },
  { method: 'GET', url: '/api/test-chat/:fileId/messages', procedure: 'testChat.messages', call: (c, r) => c.testChat.messages({ ...(r.query as object), ...params(r) } as never) },
  { method: 'POST', url: '/api/test-chat/:fileId/messages', procedure: 'testChat.post', call: (c, r) => c.testChat.post(withParams(r)) },
  { method: 'DELETE', url: '/api/test-chat/:fileId/messages', procedure: 'testChat.clear', call: (c, r) => c.testChat.clear({ ...(r.query as object), ...params(r) } as never) },
  { method: 'GET', url: '/api/test-chat/:fileId/saved', procedure: 'testChat.saved', call: (c, r) => c.testChat.saved(params(r) as never) },
  { method: 'POST', url: '/api/test-chat/:fileId/saved', procedure: 'testChat.save', call: (c, r) => c.testChat.save(withParams(r)) },
  { method: 'POST', url: '/api/test-chat/:fileId/saved/run', procedure: 'testChat.runSaved', call: (c, r) => c.testChat.runSaved(withParams(r)) },
  { method: 'DELETE', url: '/api/test-chat/:fileId/saved/:name', procedure: 'testChat.deleteSaved', call: (c, r) => c.testChat.deleteSaved(params(r) as never) },
  { method: 'POST', url: '/api/dependencies/install', procedure: 'dependencies.install', call: (c, r) => c.dependencies.install(body(r)) },
  { method: 'GET', url: '/api/bots/:projectId/hook', procedure: 'hooks.url', call: (c, r) => c.hooks.url(params(r) as never) },
  { method: 'POST', url: '/api/bots/:projectId/hook/rotate', procedure: 'hooks.rotate', call: (c, r) => c.hooks.rotate(params(r) as never) },
  { method: 'GET', url: '/api/bots/:projectId/logs', procedure: 'logs.page', call: (c, r) => c.logs.page({ ...(r.query as object), ...params(r) } as never) },
  { method: 'GET', url: '/api/bots/:projectId/runs', procedure: 'logs.runs', call: (c, r) => c.logs.runs(params(r) as never) },

  // The spec's client reads a plain list here; the UI pages through feed.list with a cursor.
  { method: 'GET', url: '/api/bot-posts', procedure: 'feed.list', call: async (c, r) => (await c.feed.list(r.query as never)).posts },
  { method: 'POST', url: '/api/bot-posts', procedure: 'feed.create', call: (c, r) => c.feed.create(body(r)) },
  { method: 'POST', url: '/api/bot-posts/:id/like', procedure: 'feed.like', call: (c, r) => c.feed.like(withParams(r)) },
  { method: 'DELETE', url: '/api/bot-posts/:id', procedure: 'feed.delete', call: (c, r) => c.feed.delete(params(r) as never) },
  { method: 'POST', url: '/api/bot-posts/:id/remix', procedure: 'feed.remix', call: (c, r) => c.feed.remix(params(r) as never) },

  { method: 'GET', url: '/api/bots', procedure: 'bots.list', call: (c) => c.bots.list() },
  { method: 'POST', url: '/api/bots/:projectId/deploy', procedure: 'bots.deploy', call: (c, r) => c.bots.deploy(withParams(r)) },
  { method: 'POST', url: '/api/bots/:projectId/undeploy', procedure: 'bots.undeploy', call: (c, r) => c.bots.undeploy(params(r) as never) },
  { method: 'POST', url: '/api/bots/:projectId/restart', procedure: 'bots.restart', call: (c, r) => c.bots.restart(params(r) as never) },
  { method: 'GET', url: '/api/admin/status', procedure: 'admin.status', call: (c) => c.admin.status() },
  { method: 'GET', url: '/api/admin/users/analytics', procedure: 'admin.analytics', call: (c) => c.admin.analytics() },
  { method: 'GET', url: '/api/admin/bots', procedure: 'admin.bots', call: (c) => c.admin.bots() },
  { method: 'POST', url: '/api/admin/bots/:projectId/stop', procedure: 'admin.stopBot', call: (c, r) => c.admin.stopBot(params(r) as never) },
  { method: 'GET', url: '/api/admin/social/posts', procedure: 'admin.posts', call: (c) => c.admin.posts() },
  { method: 'GET', url: '/api/admin/users/:id/messages', procedure: 'admin.userMessages', call: (c, r) => c.admin.userMessages(params(r) as never) },
  { method: 'PUT', url: '/api/admin/users/:id/credits', procedure: 'admin.setCredits', call: (c, r) => c.admin.setCredits(withParams(r)) },
  { method: 'DELETE', url: '/api/admin/social/posts/:id', procedure: 'admin.deletePost', call: (c, r) => c.admin.deletePost(params(r) as never) },
];

export function registerRest(app: FastifyInstance, deps: Deps, limit: Limiter): void {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: bodyLimitFor(route.procedure),
      // Before Fastify's own count: the call's message for a body too large, and the import gate.
      preParsing: async (req, reply, payload) => admitBody(req, reply, payload, route.procedure),
      preHandler: async (req) => limit(route.procedure, req),
      handler: async (req) => route.call(createCaller(await createContext(deps, req)), req),
    });
  }
  // A run's log is text, not JSON: a route of its own, under the same limiter.
  registerRunLogDownload(app, deps, limit);
}
