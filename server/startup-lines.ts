// What the server says about itself when it starts, in plain words: where mail goes and which
// assistant answers (never a password or a key), and the one-line answer to a port already taken.
import type { Config } from './config';

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
