// What the server says about itself when it starts, in plain words: where the database is, where
// mail goes and which assistant answers (never a password or a key), and the one-line answers to a
// port already taken and a database that cannot be reached.
import type { Config } from './config';

/** Where PostgreSQL is, as host:port/database (never the user's password), or null when the URL cannot be read. */
export function postgresPlace(databaseUrl: string): string | null {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || '/'}`;
  } catch {
    return null;
  }
}

export function databaseLine(config: Config): string {
  if (!config.databaseUrl) return 'Database: SQLite in DATA_DIR/app.db (set DATABASE_URL to use PostgreSQL)';
  return `Database: PostgreSQL at ${postgresPlace(config.databaseUrl) ?? 'DATABASE_URL'}`;
}

/** One line for a database that could not be opened at start, or null when it is not about reaching it. */
export function databaseFailure(err: unknown, config: Pick<Config, 'databaseUrl'>): string | null {
  if (!config.databaseUrl) return null;
  // A failure inside the migrations carries the driver's error as its cause.
  if (err instanceof Error && err.cause && !(err as { code?: unknown }).code) err = err.cause;
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  const where = `PostgreSQL at ${postgresPlace(config.databaseUrl) ?? 'DATABASE_URL'}`;
  if (code === 'ECONNREFUSED') return `${where} refused the connection: is it running, and are the host and port of DATABASE_URL right?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${where}: the host of DATABASE_URL does not resolve`;
  if (code === 'ETIMEDOUT' || /timeout/i.test(String((err as Error | null)?.message))) return `${where} did not answer in time`;
  if (code === '28P01' || code === '28000') return `${where} refused the user or the password of DATABASE_URL`;
  if (code === '3D000') return `${where}: that database does not exist; create it first (createdb)`;
  return null;
}

export function mailLine(config: Config): string {
  // The code is in the file, never in the log (server/logs.test.ts): the line says where to look.
  if (!config.smtpUrl) return 'Mail: SMTP_URL is not set, so each mail is written to DATA_DIR/outbox/<file>.eml (sign-up codes are in it, not in this log)';
  try {
    const url = new URL(config.smtpUrl);
    return `Mail: sent through ${url.protocol.replace(':', '')}://${url.hostname}${url.port ? `:${url.port}` : ''} as ${config.mailFrom}`;
  } catch {
    return 'Mail: sent through the SMTP server of SMTP_URL';
  }
}

export function assistantLine(config: Config): string {
  if (!config.openai) return 'Assistant: the builtin offline assistant (set OPENAI_API_KEY or OPENAI_BASE_URL to use a model)';
  let where = 'api.openai.com';
  try {
    if (config.openai.baseUrl) where = new URL(config.openai.baseUrl).host;
  } catch {
    where = 'OPENAI_BASE_URL';
  }
  return `Assistant: the model ${config.openai.model} at ${where}`;
}

/** One line for an error of listen(), or null when it is not about the address. */
export function listenFailure(err: unknown, config: Pick<Config, 'host' | 'port'>): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${config.port} on ${config.host} is already in use (another Botwright, or another program). Stop it, or start with PORT set to a free port.`;
  if (code === 'EACCES') return `Port ${config.port} on ${config.host} needs more privileges than this user has. Use a port above 1023 (PORT=3000), behind a reverse proxy for 80/443.`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${config.host} is not an address of this machine. Use 127.0.0.1 (this machine only) or 0.0.0.0 (every network).`;
  return null;
}
