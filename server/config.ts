// The one reader of the environment (design.md section 3). Every variable is optional: a bare
// `npm start` works with embedded defaults. A bad value stops start-up with one line naming it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.url().optional();
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ADMIN_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional(),
  MAIL_FROM: z.string().min(3).default('Botwright <no-reply@botwright.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RUNNER_SANDBOX: z.enum(['auto', 'required']).default('auto'),
  RUNNER_MEMORY_MB: z.coerce.number().int().min(64).max(65536).default(512),
  RUNNER_PIDS: z.coerce.number().int().min(8).max(4096).default(128),
  RUNNER_CPU_PERCENT: z.coerce.number().int().min(5).max(6400).default(100),
  RUNNER_TMP_MB: z.coerce.number().int().min(1).max(4096).default(64),
  RUNNER_MAX_RUNS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  RUNNER_WALL_CLOCK_MINUTES: z.coerce.number().int().min(0).max(525600).default(1440),
  RUNNER_LOG_LINES_PER_SECOND: z.coerce.number().int().min(10).max(10_000_000).default(1000),
  RUNNER_STOP_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(5000),
  RUNNER_PYTHON: z.string().regex(/^\//, { error: 'must be an absolute path' }).default('/usr/bin/python3'),
  RUNNER_NODE: z.string().regex(/^\//, { error: 'must be an absolute path' }).optional(),
  RUNNER_PIP_INDEX_URL: optionalUrl,
  RUNNER_PIP_FIND_LINKS: z.string().regex(/^\//, { error: 'must be an absolute path' }).optional(),
  RUNNER_NPM_REGISTRY: optionalUrl,
  RUNNER_INSTALL_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  jwtSecret: string;
  adminKey: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  googleIssuer: string;
  openai: { apiKey: string; baseUrl: string | null; model: string } | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  runner: RunnerConfig;
};

/** The code runner's limits and tools (`RUNNER_*`, see .env.example and ../shared/runner.md). */
export type RunnerConfig = {
  /** 'required' refuses to run anything unless every protection of the sandbox works. */
  sandbox: 'auto' | 'required';
  memoryBytes: number;
  pids: number;
  /** CPU quota in percent of one core. */
  cpuPercent: number;
  tmpBytes: number;
  maxRunsPerUser: number;
  /** 0 = no wall-clock limit. */
  wallClockMs: number;
  stopGraceMs: number;
  /** Lines a second a run's log keeps (bursts of 5x); the rest become 'N lines dropped'. */
  logLinesPerSecond: number;
  python: string;
  node: string;
  pipIndexUrl: string | null;
  /** A directory of wheels: pip installs from it only (`--no-index --find-links`). */
  pipFindLinks: string | null;
  npmRegistry: string | null;
  installTimeoutMs: number;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError whose message is one line per bad variable. */
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
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    jwtSecret: e.JWT_SECRET ?? generatedSecret(dataDir),
    adminKey: e.ADMIN_KEY ?? null,
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
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    runner: {
      sandbox: e.RUNNER_SANDBOX,
      memoryBytes: e.RUNNER_MEMORY_MB * 1024 * 1024,
      pids: e.RUNNER_PIDS,
      cpuPercent: e.RUNNER_CPU_PERCENT,
      tmpBytes: e.RUNNER_TMP_MB * 1024 * 1024,
      maxRunsPerUser: e.RUNNER_MAX_RUNS_PER_USER,
      wallClockMs: e.RUNNER_WALL_CLOCK_MINUTES * 60_000,
      stopGraceMs: e.RUNNER_STOP_GRACE_MS,
      logLinesPerSecond: e.RUNNER_LOG_LINES_PER_SECOND,
      python: e.RUNNER_PYTHON,
      node: e.RUNNER_NODE ?? process.execPath,
      pipIndexUrl: e.RUNNER_PIP_INDEX_URL ?? null,
      pipFindLinks: e.RUNNER_PIP_FIND_LINKS ?? null,
      npmRegistry: e.RUNNER_NPM_REGISTRY ?? null,
      installTimeoutMs: e.RUNNER_INSTALL_TIMEOUT_SECONDS * 1000,
    },
  };
}

/** 48 random bytes, made once and kept in DATA_DIR so sessions survive a restart. */
function generatedSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process made it first: use theirs, so both sign with the same secret.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}
