// The one reader of the environment (docs/configuration.md lists it all). Every variable is optional: a bare
// `npm start` works with embedded defaults. A bad value stops start-up with one line naming it.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowedNetworks } from './features/runner/sandbox/private-networks';
import { createDataDir, privateFile } from './data-dir';

const optionalUrl = z.url().optional();
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// TRUST_PROXY: whose X-Forwarded-For entries name the client. `true` is refused: it would believe the
// first entry, which the client writes itself, and so undo every per-address limit behind a proxy.
const TRUST_PROXY_CHOICES =
  'false (the default), the number of proxies in front of the server (e.g. 1), or their addresses/CIDRs separated by commas (e.g. 127.0.0.1,10.0.0.0/8)';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'false') return false;
  if (/^\d+$/.test(v) && Number(v) >= 1 && Number.isSafeInteger(Number(v))) return Number(v);
  const entries = v.split(',').map((entry) => entry.trim());
  if (v !== 'true' && entries.every(isProxyAddress)) return entries;
  const why = v === 'true' ? 'true would trust the client-written X-Forwarded-For; say which proxies to trust' : 'must be';
  ctx.issues.push({ code: 'custom', input: value, message: `${why}: ${TRUST_PROXY_CHOICES}` });
  return z.NEVER;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/[^\s]+$/, { error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  BOTWRIGHT_ROLE: z.enum(['all', 'web', 'runner'], { error: 'must be all, web or runner' }).default('all'),
  NODE_URL: z.url().regex(/^https?:\/\//, { error: 'must be an http:// or https:// URL' }).optional(),
  CLUSTER_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  BOT_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(15),
  ADMIN_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  OPERATOR_CONTACT: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional(),
  MAIL_FROM: z.string().min(3).default('Botwright <no-reply@botwright.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).optional(),
  /** 'off': the assistant's new bots are not installed, started in test mode and checked by the server. */
  ASSISTANT_CHECKS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  RUNNER_SANDBOX: z.enum(['auto', 'off', 'required']).default('auto'),
  RUNNER_MEMORY_MB: z.coerce.number().int().min(64).max(65536).default(512),
  RUNNER_PIDS: z.coerce.number().int().min(8).max(4096).default(128),
  RUNNER_CPU_PERCENT: z.coerce.number().int().min(5).max(6400).default(100),
  RUNNER_TMP_MB: z.coerce.number().int().min(1).max(4096).default(64),
  RUNNER_MAX_RUNS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  RUNNER_MAX_DEPLOYED_PER_USER: z.coerce.number().int().min(0).max(100).default(3),
  RUNNER_SILENT_AFTER_MINUTES: z.coerce.number().min(0).max(525600).default(15),
  RUNNER_MAX_RUNS: z.coerce.number().int().min(1).max(100_000).optional(),
  RUNNER_MAX_MEMORY_MB: z.coerce.number().int().min(64).max(16_777_216).optional(),
  RUNNER_WALL_CLOCK_MINUTES: z.coerce.number().int().min(0).max(525600).default(1440),
  RUNNER_LOG_LINES_PER_SECOND: z.coerce.number().int().min(10).max(10_000_000).default(1000),
  RUN_LOG_FILE_MB: z.coerce.number().min(0.001).max(1024).default(10),
  RUN_LOG_FILES: z.coerce.number().int().min(1).max(1000).default(5),
  RUNNER_STOP_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(5000),
  RUNNER_PYTHON: z.string().regex(/^\//, { error: 'must be an absolute path' }).default('/usr/bin/python3'),
  RUNNER_NODE: z.string().regex(/^\//, { error: 'must be an absolute path' }).optional(),
  RUNNER_PIP_INDEX_URL: optionalUrl,
  /** A relative path is read from the working directory at start-up. */
  RUNNER_PIP_FIND_LINKS: z.string().min(1).transform((dir) => path.resolve(dir)).optional(),
  RUNNER_NPM_REGISTRY: optionalUrl,
  RUNNER_INSTALL_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  RUNNER_DEPS_MB: z.coerce.number().int().min(64).max(1_048_576).default(1024),
  QUOTA_PROJECT_FILES: z.coerce.number().int().min(1).max(100_000).default(200),
  QUOTA_PROJECT_MB: z.coerce.number().int().min(1).max(1_048_576).default(20),
  QUOTA_USER_FILES: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  QUOTA_USER_MB: z.coerce.number().int().min(1).max(1_048_576).default(100),
  QUOTA_USER_BOTS: z.coerce.number().int().min(1).max(10_000).default(20),
  QUOTA_VERSIONS_PER_FILE: z.coerce.number().int().min(1).max(10_000).default(50),
  QUOTA_VERSIONS_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  QUOTA_VERSIONS_ALWAYS_KEEP: z.coerce.number().int().min(0).max(10_000).default(10),
  RUNNER_ALLOW_NETWORKS: z.string().default('').transform((value, ctx) => {
    try {
      return parseAllowedNetworks(value);
    } catch (err) {
      ctx.issues.push({ code: 'custom', input: value, message: (err as Error).message });
      return z.NEVER;
    }
  }),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL (DATABASE_URL) instead of DATA_DIR/app.db; null: the SQLite file. */
  databaseUrl: string | null;
  jwtSecret: string;
  /** This process as a node of a server on several machines (docs/scale-out.md). */
  cluster: ClusterConfig;
  adminKey: string | null;
  /** Reads GET /metrics (Authorization: Bearer); the admin key reads it too. Unset: only the admin key. */
  metricsToken: string | null;
  /** How people reach the operator for credits (an e-mail, a handle...), shown as text where credits are bought. */
  operatorContact: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  googleIssuer: string;
  openai: { apiKey: string; baseUrl: string | null; model: string } | null;
  /** The server installs, starts in test mode and checks each Telegram bot the assistant builds (ASSISTANT_CHECKS). */
  assistantChecks: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** 'auto': one pretty line per event when stdout is a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Whose X-Forwarded-For to believe: nobody, the last N hops, or the listed proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  runner: RunnerConfig;
  quota: QuotaConfig;
};

/**
 * One node of a server whose nodes share one PostgreSQL (BOTWRIGHT_ROLE, NODE_URL, CLUSTER_SECRET,
 * BOT_LEASE_SECONDS). On SQLite the one process is every role.
 */
export type ClusterConfig = {
  /** 'web' serves pages, API, sockets and webhooks and runs no bot; 'runner' runs bots; 'all' both. */
  role: 'all' | 'web' | 'runner';
  /** Where the other nodes reach this one (never an address a person chooses). */
  nodeUrl: string;
  /** Signs every call between nodes. */
  secret: string;
  /** How long a runner holds a deployed bot without renewing its lease. */
  leaseMs: number;
};

/** The code runner's limits and tools (`RUNNER_*`, see .env.example and docs/security.md). */
export type RunnerConfig = {
  /**
   * When bots run without every protection of the sandbox (features/runner/sandbox/policy.ts):
   * 'auto' only while the server listens on loopback (a local trial), 'off' on any HOST (the
   * operator takes the risk), 'required' never. With every protection on, bots run in all three.
   */
  sandbox: 'auto' | 'off' | 'required';
  /** HOST, where the server listens: off loopback, strangers may reach it ('auto' then asks for the full sandbox). */
  listenHost: string;
  memoryBytes: number;
  pids: number;
  /** CPU quota in percent of one core. */
  cpuPercent: number;
  tmpBytes: number;
  maxRunsPerUser: number;
  /** Always-on bots a person may have deployed (they do not count in maxRunsPerUser). */
  maxDeployedPerUser: number;
  /** A deployed bot with no output and no network traffic for this long is flagged 'silent' (0 = never). */
  silentAfterMs: number;
  /** Runs at once across everyone (default: 25 per core). */
  maxRuns: number;
  /** What the runs' memory limits may add up to (default: three quarters of the machine's memory). */
  maxMemoryBytes: number;
  /** 0 = no wall-clock limit. */
  wallClockMs: number;
  stopGraceMs: number;
  /** Lines a second a run's log keeps (bursts of 5x); the rest become 'N lines dropped'. */
  logLinesPerSecond: number;
  /** Each bot's kept log (DATA_DIR/logs/<project>): a file is rotated at this size, `logFiles` files are kept. */
  logFileBytes: number;
  logFiles: number;
  python: string;
  node: string;
  pipIndexUrl: string | null;
  /** A directory of wheels: pip installs from it only (`--no-index --find-links`). */
  pipFindLinks: string | null;
  npmRegistry: string | null;
  installTimeoutMs: number;
  /** The size of each project's dependency volume (where the server can make volumes). */
  depsBytes: number;
  /** Private IPv4 networks sandboxes may reach after all (RUNNER_ALLOW_NETWORKS), e.g. a LAN package mirror. */
  allowNetworks: string[];
};

/** Storage caps (`QUOTA_*`): files, bytes and bots a project and a person may hold, and how long versions stay. */
export type QuotaConfig = {
  projectFiles: number;
  projectBytes: number;
  userFiles: number;
  /**
   * Everything a person stores (files and their versions, packages, kept logs, saved variables and
   * test chats); the oldest versions give way before anything is refused.
   */
  userBytes: number;
  /** Bots (projects) one account may have. */
  userBots: number;
  versionsPerFile: number;
  versionDays: number;
  /** The newest versions of a file that stay however old they are. */
  versionsAlwaysKept: number;
};

function quotaOf(e: z.infer<typeof envSchema>): QuotaConfig {
  if (e.QUOTA_VERSIONS_ALWAYS_KEEP > e.QUOTA_VERSIONS_PER_FILE) {
    throw new ConfigError('Invalid configuration: QUOTA_VERSIONS_ALWAYS_KEEP must be at most QUOTA_VERSIONS_PER_FILE');
  }
  const MiB = 1024 * 1024;
  return {
    projectFiles: e.QUOTA_PROJECT_FILES,
    projectBytes: e.QUOTA_PROJECT_MB * MiB,
    userFiles: e.QUOTA_USER_FILES,
    userBytes: e.QUOTA_USER_MB * MiB,
    userBots: e.QUOTA_USER_BOTS,
    versionsPerFile: e.QUOTA_VERSIONS_PER_FILE,
    versionDays: e.QUOTA_VERSIONS_DAYS,
    versionsAlwaysKept: e.QUOTA_VERSIONS_ALWAYS_KEEP,
  };
}

/**
 * A web or runner node shares the database, the signing secret and the cluster secret with the other
 * nodes, and says where they reach it; a single process ('all') needs none of that.
 */
function clusterOf(e: z.infer<typeof envSchema>, jwtSecret: string): ClusterConfig {
  const role = e.BOTWRIGHT_ROLE;
  if (role !== 'all') {
    const missing = [!e.DATABASE_URL && 'DATABASE_URL', !e.JWT_SECRET && 'JWT_SECRET', !e.CLUSTER_SECRET && 'CLUSTER_SECRET', !e.NODE_URL && 'NODE_URL'].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: BOTWRIGHT_ROLE=${role} needs ${missing.join(', ')}: the nodes of a server share one PostgreSQL and their secrets, and each says where the others reach it`);
    }
  }
  return {
    role,
    nodeUrl: (e.NODE_URL ?? `http://${listenAddress(e.HOST)}:${e.PORT}`).replace(/\/+$/, ''),
    secret: e.CLUSTER_SECRET ?? createHmac('sha256', jwtSecret).update('botwright cluster secret').digest('base64url'),
    leaseMs: Math.round(e.BOT_LEASE_SECONDS * 1000),
  };
}

/** Where this process is reached on its own machine: the host it listens on (loopback when it listens on every address). */
function listenAddress(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

export class ConfigError extends Error {}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a trust function: Fastify 5 given a
 * plain number trusts no X-Forwarded-For entry at all, so every client behind the proxy would share
 * one budget. proxy-addr numbers the socket's peer 0 and the forwarded entries 1.. from the right.
 */
export function proxyTrust(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * DATA_DIR alone, resolved as loadConfig resolves it, with none of its side effects (no folder, no
 * generated secret): for tools such as `npm run backup` that only need to find the database.
 */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  const parsed = envSchema.shape.DATA_DIR.safeParse(blankAsUndefined(env.DATA_DIR));
  if (!parsed.success) throw new ConfigError(`Invalid configuration: DATA_DIR ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return path.resolve(parsed.data);
}

/** Parses the environment; throws ConfigError whose message is one line per bad variable. */
/** Whether DATABASE_URL names a PostgreSQL database (backup and restore are then pg_dump's). */
export function usesPostgres(env: NodeJS.ProcessEnv = process.env): boolean {
  return blankAsUndefined(env.DATABASE_URL) !== undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, blankAsUndefined(env[key])]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `Invalid configuration: ${String(i.path[0])} ${i.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? generatedSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret,
    cluster: clusterOf(e, jwtSecret),
    adminKey: e.ADMIN_KEY ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    operatorContact: e.OPERATOR_CONTACT || null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : null,
    googleIssuer: e.GOOGLE_ISSUER,
    openai: e.OPENAI_API_KEY || e.OPENAI_BASE_URL
      ? { apiKey: e.OPENAI_API_KEY ?? 'not-needed', baseUrl: e.OPENAI_BASE_URL ?? null, model: e.OPENAI_MODEL ?? 'gpt-4o-mini' }
      : null,
    assistantChecks: e.ASSISTANT_CHECKS === 'on',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    quota: quotaOf(e),
    runner: {
      sandbox: e.RUNNER_SANDBOX,
      listenHost: e.HOST,
      memoryBytes: e.RUNNER_MEMORY_MB * 1024 * 1024,
      pids: e.RUNNER_PIDS,
      cpuPercent: e.RUNNER_CPU_PERCENT,
      tmpBytes: e.RUNNER_TMP_MB * 1024 * 1024,
      maxRunsPerUser: e.RUNNER_MAX_RUNS_PER_USER,
      maxDeployedPerUser: e.RUNNER_MAX_DEPLOYED_PER_USER,
      silentAfterMs: Math.round(e.RUNNER_SILENT_AFTER_MINUTES * 60_000),
      maxRuns: e.RUNNER_MAX_RUNS ?? 25 * availableParallelism(),
      maxMemoryBytes: e.RUNNER_MAX_MEMORY_MB ? e.RUNNER_MAX_MEMORY_MB * 1024 * 1024 : Math.floor(totalmem() * 0.75),
      wallClockMs: e.RUNNER_WALL_CLOCK_MINUTES * 60_000,
      stopGraceMs: e.RUNNER_STOP_GRACE_MS,
      logLinesPerSecond: e.RUNNER_LOG_LINES_PER_SECOND,
      logFileBytes: Math.round(e.RUN_LOG_FILE_MB * 1024 * 1024),
      logFiles: e.RUN_LOG_FILES,
      python: e.RUNNER_PYTHON,
      node: e.RUNNER_NODE ?? process.execPath,
      pipIndexUrl: e.RUNNER_PIP_INDEX_URL ?? null,
      pipFindLinks: e.RUNNER_PIP_FIND_LINKS ?? null,
      npmRegistry: e.RUNNER_NPM_REGISTRY ?? null,
      installTimeoutMs: e.RUNNER_INSTALL_TIMEOUT_SECONDS * 1000,
      depsBytes: e.RUNNER_DEPS_MB * 1024 * 1024,
      allowNetworks: e.RUNNER_ALLOW_NETWORKS,
    },
  };
}

/** 48 random bytes, made once and kept in DATA_DIR so sessions survive a restart. */
function generatedSecret(dataDir: string): string {
  createDataDir(dataDir);
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    // An older version may have left it readable by others.
    privateFile(file);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    privateFile(file);
  } catch (err) {
    // Another process made it first: use theirs, so both sign with the same secret.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}
