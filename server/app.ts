// buildApp(config) -> the whole Fastify app: database (migrated), security headers, tRPC at /trpc,
// the REST table at /api, Google redirect sign-in and the built client. Tests build the real app.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { proxyTrust, type Config } from './config';
import { connectDatabase, type Db } from './db/database';
import { isPostgres } from './db/dialect';
import { postgresRateLimitStore } from './rate-limit-store';
import { migrateToLatest } from './db/migrate';
import { systemClock, type Clock } from './clock';
import { createMailer } from './mail/mailer';
import { sessionKeys } from './features/auth/sessions';
import { codeKey } from './features/auth/codes';
import { discoverIssuer, googleIdentity, type GoogleIdentity } from './features/auth/google-identity';
import { registerGoogleRedirect } from './features/auth/google.routes';
import type { CoreDeps, Deps } from './deps';
import { withRunnerOnDemand } from './runner-on-demand';
import { registerTrpc } from './trpc-route';
import { builtinProvider } from './features/ai/builtin-provider';
import type { AiProvider } from './features/ai/provider';
import { adminGuard } from './features/admin/admin-key';
import { createCodeAnalyser } from './features/runner/analysis/code-analyser';
import { registerUploadRoutes } from './features/feed/uploads';
import type { HostTools } from './features/runner/sandbox/host-tools';
import { registerTestChatFiles } from './features/test-chat/test-chat.routes';
import { registerHookRoutes } from './features/runner/hooks/hooks.routes';
import { SessionRevocations, type Revocation } from './features/auth/revocations';
import { NodeChannel } from './features/cluster/node-channel';
import { registerNodeRoutes } from './features/cluster/node-routes';
import { registerPassedOnCalls } from './features/cluster/passed-on-calls';
import { registerRunnerForward } from './features/cluster/runner-forward';
import { Installs } from './features/runner/dependencies/installs';
import { HookTargets } from './features/runner/hooks/hook-targets';
import { MAX_FRAME_BYTES, registerRunSocket } from './features/runner/runs/run-socket';
import { AddressTooLong, replyWithError } from './errors';
import { createLimiter, type Limiter } from './limits';
import { registerRest } from './rest';
import { registerFastReads } from './fast-reads';
import { registerApiDocs } from './features/api-docs/api-docs.routes';
import { registerSecurityHeaders } from './http-security';
import { registerClient } from './static-client';
import { registerCompression } from './compression';
import { loggerOptions, terminalLogStream } from './logging';
import { registerOps } from './features/ops';
import { holdServerLock } from './features/ops/server-lock';
import { newLandingState } from './features/landing/landing-state';
import type { StepTimings } from './step-timings';
import { DEFAULT_BODY_LIMIT } from './body-limits';
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
  interface FastifyContextConfig {
    /** The route needs a runner's parts: a web node passes it on (RUNNER_ROUTE, cluster/runner-forward.ts). */
    onRunner?: true;
  }
}

const REQUEST_TIMEOUT_MS = 120_000;
const HEADERS_TIMEOUT_MS = 20_000;

/** Fastify with the server's timeouts, request ids and plain answers to routing failures. */
function newFastify(config: Config, logStream: NodeJS.WritableStream | undefined): FastifyInstance {
  return Fastify({
    logger: loggerOptions(config.logLevel, logStream ?? terminalLogStream(config.logFormat)),
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
}

/** Google sign-in when configured; unavailable (and said so in the log) when its issuer cannot be reached. */
async function googleSignIn(app: FastifyInstance, config: Config, clock: Clock): Promise<{ google: GoogleIdentity | null; unavailable: 'oauth_failed' | null }> {
  if (!config.google) return { google: null, unavailable: null };
  try {
    return { google: googleIdentity(config.google.clientId, await discoverIssuer(config.google.issuer), () => clock.now()), unavailable: null };
  } catch (err) {
    app.log.warn({ err: String(err) }, 'Google sign-in is unavailable: the issuer could not be reached');
    return { google: null, unavailable: 'oauth_failed' };
  }
}

/** Everything but the runner: these exist as soon as the database is migrated. */
async function coreDeps(app: FastifyInstance, config: Config, db: CoreDeps['db'], clock: Clock, google: GoogleIdentity | null, ai: AiProvider | undefined): Promise<CoreDeps> {
  const channel = config.databaseUrl ? new NodeChannel(config.databaseUrl, db, app.log) : null;
  const revocations = new SessionRevocations(channel ? (revocation) => void channel.say('sessions', revocation).catch((err) => app.log.warn({ err }, 'a sign-out could not be told to the other nodes')) : undefined);
  channel?.on('sessions', (data) => revocations.heard(data as Revocation));
  void channel?.ensure();
  return {
    config,
    db,
    clock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    sessionKeys: sessionKeys(config.jwtSecret),
    codeKey: codeKey(config.jwtSecret),
    google,
    // The OpenAI SDK is loaded only when a model is configured.
    ai: ai ?? (config.openai ? (await import('./features/ai/openai-provider')).openAiProvider(config.openai) : builtinProvider()),
    adminGuard: adminGuard(config.adminKey, clock, app.log),
    analyser: createCodeAnalyser({ log: app.log }),
    revocations,
    channel,
    installs: new Installs(),
    hookTargets: new HookTargets(),
    landing: newLandingState(clock),
    log: app.log,
  };
}

/** One mapping for every failure, each answer's request id, and over-long addresses refused. */
function registerFailures(app: FastifyInstance): void {
  // /trpc answers in tRPC's error shape so its client reads the message.
  app.setErrorHandler(replyWithError);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // No address of ours is this long; refused before routing, which would try it as a file name.
    const pathLength = req.url.split('?')[0]!.length;
    if (pathLength > 2048) throw new AddressTooLong(pathLength);
  });
}

/** Empty JSON bodies, security headers, compression, cookies, the socket and rate limits; returns the rate limiter. */
async function registerPlugins(app: FastifyInstance, config: Config, db: Db, rateLimits: boolean): Promise<Limiter> {
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
  // On PostgreSQL the counters are in the database, shared by every web node; else in this process.
  await app.register(rateLimit, { global: false, ...(isPostgres(db) ? { store: postgresRateLimitStore(db) } : {}) });
  // A runner node's callers are the web nodes, each carrying many people (it is not to be reached otherwise).
  if (config.cluster.role !== 'runner') limitConnectionsPerAddress(app.server, config.trustProxy);
  return createLimiter(app, rateLimits);
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = newFastify(config, opts.logStream);
  const timings = opts.timings;
  timings?.mark('fastify');
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  const clock = opts.clock ?? systemClock;
  // Before the database opens, released after it closes: `npm run restore` refuses while it is held.
  holdServerLock(app, config.dataDir);
  const database = connectDatabase(config);
  const { db } = database;
  await migrateToLatest(db);
  timings?.mark('database and migrations');
  const { google, unavailable } = await googleSignIn(app, config, clock);
  timings?.mark('google sign-in');

  const core = await coreDeps(app, config, db, clock, google, opts.ai);
  // The runner's parts take a few hundred milliseconds (the sandbox probe, the test chat's certificate).
  const { deps, closeRunner } = await withRunnerOnDemand(app, core, opts);
  app.addHook('onClose', async () => {
    await closeRunner();
    await deps.channel?.close();
    deps.mailer.close();
    await deps.analyser.close();
    await database.close();
  });

  registerFailures(app);
  // Several nodes: a call a web node passed on counts as the person's; a web node passes on what needs a runner.
  if (config.databaseUrl) registerPassedOnCalls(app, config.cluster.secret);
  registerRunnerForward(app, deps);
  // /healthz, /readyz, /metrics and the request timing hook: before any plugin, so every route is timed.
  registerOps(app, deps);
  const limit = await registerPlugins(app, config, db, opts.rateLimits ?? true);
  await registerTrpc(app, deps, limit);
  timings?.mark('plugins and tRPC');
  registerFastReads(app, deps, limit);
  registerRest(app, deps, limit);
  registerApiDocs(app, deps);
  registerRunSocket(app, deps);
  registerNodeRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerTestChatFiles(app, deps);
  await registerHookRoutes(app, deps);
  await registerGoogleRedirect(app, deps, limit, unavailable);
  await registerClient(app, opts.clientDir);
  timings?.mark('routes and client');
  return app;
}
