// buildApp(config) -> the whole Fastify app: database (migrated), security headers, tRPC at /trpc,
// the REST table at /api, Google redirect sign-in and the built client. Tests build the real app.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
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
import { discoverIssuer, googleIdentity, type GoogleIdentity } from './features/auth/google-identity';
import { registerGoogleRedirect } from './features/auth/google.routes';
import { depsWithRunner, type CoreDeps, type Deps, type RunnerDeps } from './deps';
import { builtinProvider } from './features/ai/builtin-provider';
import type { AiProvider } from './features/ai/provider';
import { adminGuard } from './features/admin/admin-key';
import { createCodeAnalyser } from './features/runner/analysis/code-analyser';
import { registerUploadRoutes } from './features/feed/uploads';
import { createSandbox, limitsFor } from './features/runner/sandbox';
import type { HostTools } from './features/runner/sandbox/host-tools';
import { Runs } from './features/runner/runs/runs';
import { RunLogs } from './features/runner/logs/run-logs';
import { startRun } from './features/runner/runs/run.service';
import { Supervisor } from './features/bots/supervisor';
import { RunRecords } from './features/runner/runs/run-records';
import { openTestChat } from './features/test-chat';
import { registerTestChatFiles } from './features/test-chat/test-chat.routes';
import { registerHookRoutes } from './features/runner/hooks/hooks.routes';
import { SessionRevocations } from './features/auth/revocations';
import { PackageVolumes } from './features/runner/dependencies/package-volumes';
import { Installs } from './features/runner/dependencies/installs';
import { HookTargets } from './features/runner/hooks/hook-targets';
import { MAX_FRAME_BYTES, registerRunSocket } from './features/runner/runs/run-socket';
import { AddressTooLong, replyWithError } from './errors';
import { createLimiter } from './limits';
import { appRouter, type AppRouter } from './router';
import { registerRest } from './rest';
import { registerFastReads } from './fast-reads';
import { registerApiDocs } from './features/api-docs/api-docs.routes';
import { createContext } from './trpc';
import { registerSecurityHeaders } from './http-security';
import { registerClient } from './static-client';
import { registerCompression } from './compression';
import { loggerOptions, terminalLogStream } from './logging';
import { registerOps } from './features/ops';
import { holdServerLock } from './features/ops/server-lock';
import { newLandingState } from './features/landing/landing-state';
import type { StepTimings } from './step-timings';
import { DEFAULT_BODY_LIMIT, admitBody, largestBodyLimit } from './body-limits';
import { limitConnectionsPerAddress } from './connection-limit';


export type BuildOptions = {
  clock?: Clock;
  /** Off only in benchmarks that measure raw throughput; the app always starts with limits on. */
  rateLimits?: boolean;
  clientDir?: string;
  /** The assistant; by default from the configuration (OpenAI-compatible when set, else builtin). */
  ai?: AiProvider;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Marks each step of start-up (main.ts reports them). */
  timings?: StepTimings;
  /** Return before the runner is set up (the server may listen meanwhile; requests other than the client's files wait for it). */
  runnerInBackground?: boolean;
  /** Told of every route as it is registered (the API description's test compares them with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Host programs the sandbox uses instead of those installed (tests: `{ bwrap: null }` is a host without bubblewrap). */
  hostTools?: Partial<HostTools>;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Settles once the runner is set up (at once unless built with `runnerInBackground`). */
    runnerReady: Promise<void>;
  }
}

/** With the runner in the background: how long after listening it is set up if no request asked for it first. */
const RUNNER_START_AFTER_LISTEN_MS = 500;

const REQUEST_TIMEOUT_MS = 120_000;
const HEADERS_TIMEOUT_MS = 20_000;

const procedureOf = (url: string) => url.slice('/trpc/'.length).split('?')[0]!;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logStream ?? terminalLogStream(config.logFormat)),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: proxyTrust(config.trustProxy),
    forceCloseConnections: true,
    // A whole request (headers and body) must arrive within two minutes, its headers within 20 s; a
    // body that stops for 15 s is cut sooner (body-limits.ts). Answers may take as long as they need.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // Request ids name a failure to the person who met it (see replyWithError): random, not a count of requests.
    genReqId: () => randomBytes(6).toString('hex'),
    // Routing failures (an over-long or broken address) get the same plain answers as every other failure.
    frameworkErrors: replyWithError,
  });
  const timings = opts.timings;
  timings?.mark('fastify');
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  const clock = opts.clock ?? systemClock;
  // Before the database opens, released after it closes: `npm run restore` refuses while it is held.
  holdServerLock(app, config.dataDir);
  const { db, sqlite } = openDatabase(config.dataDir);
  await migrateToLatest(db);
  timings?.mark('database and migrations');

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

  timings?.mark('google sign-in');
  // Everything but the runner is ready now. The runner's parts (the sandbox probe runs a few
  // sandboxes; the test chat makes its certificate) take a few hundred milliseconds, much of it on
  // this thread. With `runnerInBackground` the server listens first and serves the client's files;
  // the runner is set up when the first request that needs it comes (every other request waits
  // for it, through the gate below) or shortly after listening, whichever is first, so that the
  // first page is not held up by it and deployed bots still come back without a visitor.
  const core: CoreDeps = {
    config,
    db,
    clock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    sessionKeys: sessionKeys(config.jwtSecret),
    codeKey: codeKey(config.jwtSecret),
    google,
    // The OpenAI SDK is loaded only when a model is configured.
    ai: opts.ai ?? (config.openai ? (await import('./features/ai/openai-provider')).openAiProvider(config.openai) : builtinProvider()),
    adminGuard: adminGuard(config.adminKey, clock, app.log),
    analyser: createCodeAnalyser({ log: app.log }),
    revocations: new SessionRevocations(),
    installs: new Installs(),
    hookTargets: new HookTargets(),
    landing: newLandingState(clock),
    log: app.log,
  };
  let runner: RunnerDeps | null = null;
  const deps = depsWithRunner(core, () => runner);
  let begin!: () => void;
  let begun = false;
  let runnerStarted = false;
  let startTimer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve) => (begin = resolve))
    .then(() => startRunner(deps, timings, opts.hostTools))
    .then((parts) => {
      runner = parts;
      runnerStarted = true;
    });
  const startRunnerNow = () => {
    begun = true;
    begin();
  };
  app.decorate('deps', { getter: () => deps });
  app.decorate('runnerReady', ready);
  app.addHook('onRequest', async (req) => {
    if (runnerStarted || (req.method === 'GET' && !/^\/(api|trpc|ws|hooks)(\/|$|\?)/.test(req.url))) return;
    startRunnerNow();
    await ready;
  });
  app.addHook('onListen', async () => {
    if (!begun) startTimer = setTimeout(startRunnerNow, RUNNER_START_AFTER_LISTEN_MS);
    // Every deployed bot runs again once the runner is set up (start-up does not wait for them).
    void ready.then(() => deps.supervisor.reconcile()).catch((err) => app.log.error({ err }, 'deployed bots could not be started'));
  });
  app.addHook('onClose', async () => {
    clearTimeout(startTimer);
    if (begun) await ready.catch(() => {});
    runner?.supervisor.close();
    await runner?.runs.close();
    await runner?.testChat.emulator.close();
    await runner?.packageVolumes.close();
    deps.mailer.close();
    await deps.analyser.close();
    await db.destroy();
    if (sqlite.open) sqlite.close();
  });
  if (!opts.runnerInBackground) {
    startRunnerNow();
    await ready;
  }
  else ready.catch((err) => app.log.fatal({ err }, 'the runner could not be set up'));

  // One mapping for every failure; /trpc answers in tRPC's error shape so its client reads the message.
  app.setErrorHandler(replyWithError);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // No address of ours is this long; refused before routing, which would try it as a file name.
    const pathLength = req.url.split('?')[0]!.length;
    if (pathLength > 2048) throw new AddressTooLong(pathLength);
  });

  // /healthz, /readyz, /metrics and the request timing hook: before any plugin, so every route is timed.
  registerOps(app, deps);

  // tRPC sends a mutation without input as an empty JSON body: read it as an empty object.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, {}) : parseJson(req, body as string, done),
  );

  registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(cookie);
  // Larger frames close the socket (1009); run-socket.ts answers up to this size.
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(rateLimit, { global: false });
  const limit = createLimiter(app, opts.rateLimits ?? true);
  limitConnectionsPerAddress(app.server, config.trustProxy);

  await app.register(async (trpcScope) => {
    // One route serves every procedure: let it take the largest body, then hold each procedure to its own limit.
    trpcScope.addHook('onRoute', (route) => {
      route.bodyLimit = largestBodyLimit();
    });
    trpcScope.addHook('preParsing', async (req, reply, payload) => admitBody(req, reply, payload, procedureOf(req.url), limit));
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

  timings?.mark('plugins and tRPC');
  registerFastReads(app, deps, limit);
  registerRest(app, deps, limit);
  registerApiDocs(app, deps);
  registerRunSocket(app, deps);
  registerUploadRoutes(app, deps);
  registerTestChatFiles(app, deps);
  await registerHookRoutes(app, deps);
  await registerGoogleRedirect(app, deps, limit, googleUnavailable);
  await registerClient(app, opts.clientDir);
  timings?.mark('routes and client');
  return app;
}

/** The runner's parts, set up side by side: sandbox, dependency volumes, test chat, runs, logs and the deploy supervisor. */
async function startRunner(deps: Deps, timings: StepTimings | undefined, hostTools: Partial<HostTools> | undefined): Promise<RunnerDeps> {
  const { config, db, log } = deps;
  const timed = <T>(step: string, work: Promise<T>) => timings?.during(step, work) ?? work;
  const [sandbox, packageVolumes, testChat] = await Promise.all([
    timed('sandbox probe', createSandbox(config.runner, path.join(config.dataDir, 'runs'), log, hostTools)),
    timed('dependency volumes', PackageVolumes.open({ dataDir: config.dataDir, sizeBytes: config.runner.depsBytes, log })),
    timed('test chat', openTestChat({ dataDir: config.dataDir, log })),
  ]);
  log.info(`Runner dependencies: ${packageVolumes.storage.detail}`);
  const runLogs = new RunLogs({ dir: path.join(config.dataDir, 'logs'), fileBytes: config.runner.logFileBytes, files: config.runner.logFiles, log });
  const runRecords = new RunRecords(db, log);
  // Runs the previous server left live ended with it (kill -9, a crash, a reboot).
  const leftovers = await runRecords.endLeftovers(deps.clock.now().getTime());
  if (leftovers > 0) log.info({ runs: leftovers }, 'runs of the previous server marked as ended');
  const runs = new Runs({ sandbox, config: config.runner, limits: limitsFor(config.runner), log, logs: runLogs, records: runRecords });
  const supervisor = new Supervisor({
    db,
    runs,
    log,
    maxDeployedPerUser: config.runner.maxDeployedPerUser,
    silentAfterMs: config.runner.silentAfterMs,
    start: (userId, fileId) => startRun({ deps, userId }, { fileId, mode: 'live', supervised: true }),
  });
  timings?.mark('runner ready');
  return { sandbox, packageVolumes, testChat, runLogs, runRecords, runs, supervisor };
}
