// buildApp(config) -> the whole Fastify app: database (migrated), security headers, tRPC at /trpc,
// the REST table at /api, Google redirect sign-in and the built client. Tests build the real app.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { proxyTrust, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { systemClock, type Clock } from './clock';
import { createMailer } from './mail/mailer';
import { sessionKeys } from './features/auth/sessions';
import { codeKey } from './features/auth/codes';
import { discoverIssuer, googleIdentity, type GoogleIdentity } from './features/auth/google';
import { registerGoogleRedirect } from './features/auth/google.routes';
import type { Deps } from './deps';
import { builtinProvider } from './features/ai/builtin-provider';
import { openAiProvider } from './features/ai/openai-provider';
import type { AiProvider } from './features/ai/provider';
import { adminGuard } from './features/admin/admin-key';
import { createCodeAnalyser } from './features/runner/analysis/code-analyser';
import { registerUploadRoutes } from './features/feed/uploads';
import { createSandbox, limitsFor } from './features/runner/sandbox';
import { Runs } from './features/runner/runs/runs';
import { RunLogs } from './features/runner/logs/run-logs';
import { startRun } from './features/runner/runs/run.service';
import { Supervisor } from './features/runner/deploy/supervisor';
import { RunRecords } from './features/runner/runs/run-records';
import { openTestChat } from './features/test-chat';
import { registerTestChatFiles } from './features/test-chat/test-chat.routes';
import { registerHookRoutes } from './features/runner/hooks/hooks.routes';
import { SessionRevocations } from './features/auth/revocations';
import { DepsVolumes } from './features/runner/dependencies/deps-volumes';
import { MAX_FRAME_BYTES, registerRunSocket } from './features/runner/runs/run-socket';
import { AddressTooLong, replyWithError } from './errors';
import { createLimiter } from './limits';
import { appRouter, type AppRouter } from './router';
import { registerRest } from './rest';
import { createContext } from './trpc';
import { registerSecurityHeaders } from './http-security';
import { registerClient } from './static-client';
import { loggerOptions } from './logging';
import { DEFAULT_BODY_LIMIT, LARGEST_BODY_LIMIT, admitBody } from './body-limits';


export type BuildOptions = {
  clock?: Clock;
  /** Off only in benchmarks that measure raw throughput; the app always starts with limits on. */
  rateLimits?: boolean;
  clientDir?: string;
  /** The assistant; by default from the configuration (OpenAI-compatible when set, else builtin). */
  ai?: AiProvider;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

const procedureOf = (url: string) => url.slice('/trpc/'.length).split('?')[0]!;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logStream),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: proxyTrust(config.trustProxy),
    forceCloseConnections: true,
    // Request ids name a failure to the person who met it (see replyWithError): random, not a count of requests.
    genReqId: () => randomBytes(6).toString('hex'),
    // Routing failures (an over-long or broken address) get the same plain answers as every other failure.
    frameworkErrors: replyWithError,
  });
  const clock = opts.clock ?? systemClock;
  const { db, sqlite } = openDatabase(config.dataDir);
  await migrateToLatest(db);

  let google: GoogleIdentity | null = null;
  let googleUnavailable: 'oauth_failed' | null = null;
  if (config.google) {
    try {
      google = googleIdentity(config.google.clientId, await discoverIssuer(config.google.issuer), () => clock.now());
    } catch (err) {
      googleUnavailable = 'oauth_failed';
      app.log.warn({ err: String(err) }, 'Google sign-in is unavailable: the issuer could not be reached');
    }
  }

  const [sandbox, depsVolumes, testChat] = await Promise.all([
    createSandbox(config.runner, path.join(config.dataDir, 'runs'), app.log),
    DepsVolumes.open({ dataDir: config.dataDir, sizeBytes: config.runner.depsBytes, log: app.log }),
    openTestChat({ dataDir: config.dataDir, log: app.log }),
  ]);
  app.log.info(`Runner dependencies: ${depsVolumes.storage.detail}`);
  const runLogs = new RunLogs({ dir: path.join(config.dataDir, 'logs'), fileBytes: config.runner.logFileBytes, files: config.runner.logFiles, log: app.log });
  const runRecords = new RunRecords(db, app.log);
  // Runs the previous server left live ended with it (kill -9, a crash, a reboot).
  const leftovers = await runRecords.endLeftovers(clock.now().getTime());
  if (leftovers > 0) app.log.info({ runs: leftovers }, 'runs of the previous server marked as ended');
  const runs = new Runs({ sandbox, config: config.runner, limits: limitsFor(config.runner), log: app.log, logs: runLogs, records: runRecords });
  const deps: Deps = {
    config,
    db,
    clock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    sessionKeys: sessionKeys(config.jwtSecret),
    codeKey: codeKey(config.jwtSecret),
    google,
    ai: opts.ai ?? (config.openai ? openAiProvider(config.openai) : builtinProvider()),
    adminGuard: adminGuard(config.adminKey, clock, app.log),
    analyser: createCodeAnalyser({ log: app.log }),
    sandbox,
    depsVolumes,
    revocations: new SessionRevocations(),
    runLogs,
    runRecords,
    runs,
    supervisor: new Supervisor({
      db,
      runs,
      log: app.log,
      maxDeployedPerUser: config.runner.maxDeployedPerUser,
      silentAfterMs: config.runner.silentAfterMs,
      start: (userId, fileId) => startRun(deps, { userId, fileId, mode: 'live', supervised: true }),
    }),
    testChat,
    log: app.log,
  };
  app.decorate('deps', deps);
  // Every deployed bot runs again once the server listens (in the background: start-up does not wait).
  app.addHook('onListen', async () => {
    void deps.supervisor.reconcile().catch((err) => app.log.error({ err }, 'deployed bots could not be started'));
  });
  app.addHook('onClose', async () => {
    deps.supervisor.close();
    await deps.runs.close();
    await testChat.emulator.close();
    await depsVolumes.close();
    deps.mailer.close();
    await deps.analyser.close();
    await db.destroy();
    if (sqlite.open) sqlite.close();
  });

  // One mapping for every failure; /trpc answers in tRPC's error shape so its client reads the message.
  app.setErrorHandler(replyWithError);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // No address of ours is this long; refused before routing, which would try it as a file name.
    const pathLength = req.url.split('?')[0]!.length;
    if (pathLength > 2048) throw new AddressTooLong(pathLength);
  });

  // tRPC sends a mutation without input as an empty JSON body: read it as an empty object.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, {}) : parseJson(req, body as string, done),
  );

  await registerSecurityHeaders(app);
  await app.register(cookie);
  // Larger frames close the socket (1009); run-socket.ts answers up to this size.
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(rateLimit, { global: false });
  const limit = createLimiter(app, opts.rateLimits ?? true);

  await app.register(async (trpcScope) => {
    // One route serves every procedure: let it take the largest body, then hold each procedure to its own limit.
    trpcScope.addHook('onRoute', (route) => {
      route.bodyLimit = LARGEST_BODY_LIMIT;
    });
    trpcScope.addHook('preParsing', async (req, reply, payload) => admitBody(req, reply, payload, procedureOf(req.url)));
    trpcScope.addHook('preHandler', async (req) => {
      // A mutation without input arrives as an empty body, which tRPC cannot parse: make it `{}`.
      if (req.method === 'POST' && (req.body === '' || req.body === undefined)) req.body = '{}';
      await limit(procedureOf(req.url), req);
    });
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        // The client sends one call per request; batches would let one request hide many calls.
        allowBatching: false,
        createContext: ({ req }) => createContext(deps, req),
        onError: ({ error, path: procedure, req }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  registerRest(app, deps, limit);
  registerRunSocket(app, deps);
  registerUploadRoutes(app, deps);
  registerTestChatFiles(app, deps);
  await registerHookRoutes(app, deps);
  await registerGoogleRedirect(app, deps, limit, googleUnavailable);
  await registerClient(app, opts.clientDir);
  return app;
}
