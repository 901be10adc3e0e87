// The REST adapter: one table mapping every REST path onto the same tRPC
// procedures the client uses, called in-process through createCaller (no tRPC HTTP round trip).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCaller } from './router';
import { createContext } from './trpc';
import type { Deps } from './deps';
import type { Limiter } from './limits';
import { admitBody, bodyLimitFor } from './body-limits';
import { registerRunLogDownload } from './features/runner/logs/logs.routes';
import { routeConfigOf } from './procedure-rules';

type Caller = ReturnType<typeof createCaller>;

/**
 * What a route hands its procedure: nothing, the JSON body, the path's parameters, the query string,
 * or the path's parameters merged into the body or the query (the path wins over a field of the same name);
 * 'path+body-as-field': the path's parameters, and the whole body as the input's field `bodyField`
 * (PUT /api/files/:fileId/plan takes the plan itself as its body).
 */
export type RestInput = 'none' | 'body' | 'path' | 'path+body' | 'query' | 'path+query' | 'path+body-as-field';

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The procedure's name: picks the rate limits shared with its tRPC path. */
  procedure: string;
  /** Read here to build the call's input, and by the API description (features/api-docs). */
  input: RestInput;
  /** With 'path+body-as-field': the input's field the body is. */
  bodyField?: string;
  /** The answer's body; `reply` is there for the rare header (the feed's next page). */
  call: (caller: Caller, input: never, reply: FastifyReply) => Promise<unknown>;
};

/**
 * The feed's next page for REST clients, whose answer is the spec's plain list: a `Link` header
 * (RFC 8288) to the same query with the next cursor, absent on the last page.
 */
function linkNextPage(reply: FastifyReply, query: Record<string, unknown> | undefined, nextCursor: string | null | undefined): void {
  if (!nextCursor) return;
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (key !== 'cursor' && value !== undefined && value !== null) next.set(key, String(value));
  next.set('cursor', nextCursor);
  reply.header('link', `</api/bot-posts?${next.toString()}>; rel="next"`);
}

const params = (req: FastifyRequest) => req.params as Record<string, string>;
const inputOf: Record<RestInput, (req: FastifyRequest, route: RestRoute) => unknown> = {
  none: () => undefined,
  body: (req) => req.body,
  path: (req) => params(req),
  'path+body': (req) => ({ ...(req.body as object), ...params(req) }),
  query: (req) => req.query,
  'path+query': (req) => ({ ...(req.query as object), ...params(req) }),
  'path+body-as-field': (req, route) => ({ [route.bodyField!]: req.body, ...params(req) }),
};

export const restRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/auth/me', procedure: 'auth.me', input: 'none', call: (c) => c.auth.me() },
  { method: 'POST', url: '/api/auth/login', procedure: 'auth.login', input: 'body', call: (c, i) => c.auth.login(i) },
  { method: 'POST', url: '/api/auth/register', procedure: 'auth.register', input: 'body', call: (c, i) => c.auth.register(i) },
  { method: 'POST', url: '/api/auth/send-otp', procedure: 'auth.sendOtp', input: 'body', call: (c, i) => c.auth.sendOtp(i) },
  { method: 'POST', url: '/api/auth/verify-otp', procedure: 'auth.verifyOtp', input: 'body', call: (c, i) => c.auth.verifyOtp(i) },
  { method: 'POST', url: '/api/auth/forgot-password', procedure: 'auth.forgotPassword', input: 'body', call: (c, i) => c.auth.forgotPassword(i) },
  { method: 'POST', url: '/api/auth/reset-password', procedure: 'auth.resetPassword', input: 'body', call: (c, i) => c.auth.resetPassword(i) },
  { method: 'POST', url: '/api/auth/google', procedure: 'auth.google', input: 'body', call: (c, i) => c.auth.google(i) },
  { method: 'POST', url: '/api/auth/logout', procedure: 'auth.logout', input: 'none', call: (c) => c.auth.logout() },
  { method: 'GET', url: '/api/credits/transactions', procedure: 'credits.transactions', input: 'none', call: (c) => c.credits.transactions() },

  { method: 'GET', url: '/api/projects', procedure: 'projects.list', input: 'none', call: (c) => c.projects.list() },
  { method: 'POST', url: '/api/projects', procedure: 'projects.create', input: 'body', call: (c, i) => c.projects.create(i) },
  { method: 'PATCH', url: '/api/projects/:projectId', procedure: 'projects.rename', input: 'path+body', call: (c, i) => c.projects.rename(i) },
  { method: 'POST', url: '/api/projects/:projectId/duplicate', procedure: 'projects.duplicate', input: 'path+body', call: (c, i) => c.projects.duplicate(i) },
  { method: 'DELETE', url: '/api/projects/:projectId', procedure: 'projects.delete', input: 'path', call: (c, i) => c.projects.delete(i) },
  { method: 'GET', url: '/api/files', procedure: 'files.list', input: 'none', call: (c) => c.files.list() },
  { method: 'GET', url: '/api/files/:id', procedure: 'files.get', input: 'path', call: (c, i) => c.files.get(i) },
  { method: 'PUT', url: '/api/files/:id', procedure: 'files.save', input: 'path+body', call: (c, i) => c.files.save(i) },
  { method: 'DELETE', url: '/api/files/:id', procedure: 'files.delete', input: 'path', call: (c, i) => c.files.delete(i) },
  { method: 'GET', url: '/api/files/:id/versions', procedure: 'files.versions', input: 'path', call: (c, i) => c.files.versions(i) },
  { method: 'GET', url: '/api/files/:id/versions/:versionId', procedure: 'files.version', input: 'path', call: (c, i) => c.files.version(i) },
  {
    method: 'POST',
    url: '/api/files/:id/versions/:versionId/restore',
    procedure: 'files.restore',
    input: 'path', call: (c, i) => c.files.restore(i),
  },
  { method: 'PUT', url: '/api/projects/:projectId/files/:filename', procedure: 'files.saveByName', input: 'path+body', call: (c, i) => c.files.saveByName(i) },
  { method: 'DELETE', url: '/api/projects/:projectId/files/:filename', procedure: 'files.deleteByName', input: 'path', call: (c, i) => c.files.deleteByName(i) },
  { method: 'POST', url: '/api/projects/:projectId/import', procedure: 'files.import', input: 'path+body', call: (c, i) => c.files.import(i) },
  { method: 'GET', url: '/api/storage', procedure: 'files.storage', input: 'none', call: (c) => c.files.storage() },
  { method: 'GET', url: '/api/chat/messages', procedure: 'chat.messages', input: 'query', call: (c, i) => c.chat.messages(i) },
  { method: 'POST', url: '/api/ai/chat', procedure: 'chat.send', input: 'body', call: (c, i) => c.chat.send(i) },
  { method: 'POST', url: '/api/ai/modify-code', procedure: 'ai.modifyCode', input: 'body', call: (c, i) => c.ai.modifyCode(i) },
  {
    method: 'POST',
    url: '/api/ai/modify-code/:proposalId/reject',
    procedure: 'ai.rejectModification',
    input: 'path', call: (c, i) => c.ai.rejectModification(i),
  },
  { method: 'GET', url: '/api/files/:fileId/plan', procedure: 'ai.plan', input: 'path', call: (c, i) => c.ai.plan(i) },
  {
    method: 'PUT',
    url: '/api/files/:fileId/plan',
    procedure: 'ai.editPlan',
    input: 'path+body-as-field',
    bodyField: 'plan',
    call: (c, i) => c.ai.editPlan(i),
  },
  { method: 'POST', url: '/api/ai/assistant', procedure: 'ai.help', input: 'body', call: (c, i) => c.ai.help(i) },

  { method: 'GET', url: '/api/runner/status', procedure: 'runner.status', input: 'none', call: (c) => c.runner.status() },
  { method: 'POST', url: '/api/parse-imports', procedure: 'runner.parseImports', input: 'body', call: (c, i) => c.runner.parseImports(i) },
  { method: 'POST', url: '/api/detect-env-vars', procedure: 'runner.detectEnvVars', input: 'body', call: (c, i) => c.runner.detectEnvVars(i) },
  { method: 'GET', url: '/api/projects/:projectId/env-vars', procedure: 'runner.envVars', input: 'path', call: (c, i) => c.runner.envVars(i) },
  { method: 'PUT', url: '/api/projects/:projectId/env-vars', procedure: 'runner.saveEnvVars', input: 'path+body', call: (c, i) => c.runner.saveEnvVars(i) },
  { method: 'GET', url: '/api/test-chat/:fileId/messages', procedure: 'testChat.messages', input: 'path+query', call: (c, i) => c.testChat.messages(i) },
  { method: 'POST', url: '/api/test-chat/:fileId/messages', procedure: 'testChat.post', input: 'path+body', call: (c, i) => c.testChat.post(i) },
  { method: 'DELETE', url: '/api/test-chat/:fileId/messages', procedure: 'testChat.clear', input: 'path+query', call: (c, i) => c.testChat.clear(i) },
  { method: 'GET', url: '/api/test-chat/:fileId/saved', procedure: 'testChat.saved', input: 'path', call: (c, i) => c.testChat.saved(i) },
  { method: 'POST', url: '/api/test-chat/:fileId/saved', procedure: 'testChat.save', input: 'path+body', call: (c, i) => c.testChat.save(i) },
  { method: 'POST', url: '/api/test-chat/:fileId/saved/run', procedure: 'testChat.runSaved', input: 'path+body', call: (c, i) => c.testChat.runSaved(i) },
  { method: 'DELETE', url: '/api/test-chat/:fileId/saved/:name', procedure: 'testChat.deleteSaved', input: 'path', call: (c, i) => c.testChat.deleteSaved(i) },
  { method: 'POST', url: '/api/dependencies/install', procedure: 'dependencies.install', input: 'body', call: (c, i) => c.dependencies.install(i) },
  { method: 'GET', url: '/api/bots/:projectId/hook', procedure: 'hooks.url', input: 'path', call: (c, i) => c.hooks.url(i) },
  { method: 'POST', url: '/api/bots/:projectId/hook/rotate', procedure: 'hooks.rotate', input: 'path', call: (c, i) => c.hooks.rotate(i) },
  { method: 'GET', url: '/api/bots/:projectId/logs', procedure: 'logs.page', input: 'path+query', call: (c, i) => c.logs.page(i) },
  { method: 'GET', url: '/api/bots/:projectId/runs', procedure: 'logs.runs', input: 'path', call: (c, i) => c.logs.runs(i) },

  // REST clients read a plain list here; the UI pages through feed.list with a cursor.
  {
    method: 'GET',
    url: '/api/bot-posts',
    procedure: 'feed.list',
    input: 'query',
    call: async (c, i: Record<string, unknown> | undefined, reply) => {
      const page = await c.feed.list(i as never);
      linkNextPage(reply, i, page.nextCursor);
      return page.posts;
    },
  },
  { method: 'POST', url: '/api/bot-posts', procedure: 'feed.create', input: 'body', call: (c, i) => c.feed.create(i) },
  { method: 'POST', url: '/api/bot-posts/:id/like', procedure: 'feed.like', input: 'path+body', call: (c, i) => c.feed.like(i) },
  { method: 'DELETE', url: '/api/bot-posts/:id', procedure: 'feed.delete', input: 'path', call: (c, i) => c.feed.delete(i) },
  { method: 'POST', url: '/api/bot-posts/:id/remix', procedure: 'feed.remix', input: 'path', call: (c, i) => c.feed.remix(i) },

  { method: 'GET', url: '/api/bots', procedure: 'bots.list', input: 'none', call: (c) => c.bots.list() },
  { method: 'POST', url: '/api/bots/:projectId/deploy', procedure: 'bots.deploy', input: 'path+body', call: (c, i) => c.bots.deploy(i) },
  { method: 'POST', url: '/api/bots/:projectId/undeploy', procedure: 'bots.undeploy', input: 'path', call: (c, i) => c.bots.undeploy(i) },
  { method: 'POST', url: '/api/bots/:projectId/restart', procedure: 'bots.restart', input: 'path', call: (c, i) => c.bots.restart(i) },
  { method: 'GET', url: '/api/files/:fileId/go-live', procedure: 'bots.goLive', input: 'path', call: (c, i) => c.bots.goLive(i) },
  { method: 'GET', url: '/api/admin/status', procedure: 'admin.status', input: 'none', call: (c) => c.admin.status() },
  { method: 'GET', url: '/api/admin/users/analytics', procedure: 'admin.analytics', input: 'none', call: (c) => c.admin.analytics() },
  { method: 'GET', url: '/api/admin/bots', procedure: 'admin.bots', input: 'none', call: (c) => c.admin.bots() },
  { method: 'POST', url: '/api/admin/bots/:projectId/stop', procedure: 'admin.stopBot', input: 'path', call: (c, i) => c.admin.stopBot(i) },
  { method: 'GET', url: '/api/admin/social/posts', procedure: 'admin.posts', input: 'none', call: (c) => c.admin.posts() },
  { method: 'GET', url: '/api/admin/users/:id/messages', procedure: 'admin.userMessages', input: 'path', call: (c, i) => c.admin.userMessages(i) },
  { method: 'PUT', url: '/api/admin/users/:id/credits', procedure: 'admin.setCredits', input: 'path+body', call: (c, i) => c.admin.setCredits(i) },
  { method: 'GET', url: '/api/admin/nodes', procedure: 'admin.nodes', input: 'none', call: (c) => c.admin.nodes() },
  { method: 'POST', url: '/api/admin/nodes/:id/drain', procedure: 'admin.drainNode', input: 'path', call: (c, i) => c.admin.drainNode(i) },
  { method: 'POST', url: '/api/admin/nodes/:id/undrain', procedure: 'admin.undrainNode', input: 'path', call: (c, i) => c.admin.undrainNode(i) },
  { method: 'DELETE', url: '/api/admin/social/posts/:id', procedure: 'admin.deletePost', input: 'path', call: (c, i) => c.admin.deletePost(i) },
];

export function registerRest(app: FastifyInstance, deps: Deps, limit: Limiter): void {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: bodyLimitFor(route.procedure),
      config: routeConfigOf(route.procedure),
      // Before Fastify's own count: the call's message for a body too large, and the import gate.
      preParsing: async (req, reply, payload) => admitBody(req, reply, payload, route.procedure, limit),
      preHandler: async (req) => limit(route.procedure, req),
      handler: async (req, reply) => route.call(createCaller(await createContext(deps, req)), inputOf[route.input](req, route) as never, reply),
    });
  }
  // A run's log is text, not JSON: a route of its own, under the same limiter.
  registerRunLogDownload(app, deps, limit);
}
