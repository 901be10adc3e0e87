// Log lines for a person at a terminal (LOG_FORMAT=pretty, the default when stdout is one): the
// logger's JSON lines (already redacted) become one short line per event,
//   12:04:31 INFO  Botwright is ready at http://localhost:3000
//   12:04:33 INFO  GET /api/feed 200 4 ms
//   12:04:35 WARN  a deployed bot ended: starting it again  projectId=abc delayMs=2000
// A request is one line (its method and address are kept from its first line until it completes).
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const COLORS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line carries, or that the line's own shape already says. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'startup']);
/** Requests waiting for their answer line; a request that never completes is forgotten past this many. */
const MAX_OPEN_REQUESTS = 10_000;

type Entry = Record<string, unknown> & { level?: number; time?: number; msg?: string };

export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean }, color = Boolean(out.isTTY)): Writable {
  const open = new Map<string, string>();
  let partial = '';
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

  const format = (entry: Entry): string | null => {
    const reqId = typeof entry.reqId === 'string' ? entry.reqId : null;
    const req = entry.req as { method?: string; url?: string } | undefined;
    const res = entry.res as { statusCode?: number } | undefined;
    if (reqId && req && entry.msg === 'incoming request') {
      if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value!);
      open.set(reqId, `${req.method} ${req.url}`);
      return null;
    }
    let message = String(entry.msg ?? '');
    if (reqId && res && entry.msg === 'request completed') {
      const ms = typeof entry.responseTime === 'number' ? `${Math.round(entry.responseTime)} ms` : '';
      message = `${open.get(reqId) ?? 'request'} ${res.statusCode ?? ''} ${ms}`.trim();
      open.delete(reqId);
    }
    const level = entry.level ?? 30;
    const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
    const fields = Object.entries(entry)
      .filter(([key]) => !OMITTED.has(key))
      .map(([key, value]) => `${key}=${fieldText(value)}`);
    const err = entry.err as { stack?: string } | undefined;
    const stack = err?.stack && level >= 50 ? `\n${err.stack}` : '';
    return `${paint('90', time)} ${paint(COLORS[level] ?? '0', LEVELS[level] ?? String(level))} ${message}${fields.length ? paint('90', `  ${fields.join(' ')}`) : ''}${stack}\n`;
  };

  return new Writable({
    write(chunk, _encoding, done) {
      const text = partial + String(chunk);
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      let written = '';
      for (const line of lines) {
        if (!line) continue;
        let entry: Entry;
        try {
          entry = JSON.parse(line) as Entry;
        } catch {
          written += line + '\n';
          continue;
        }
        written += format(entry) ?? '';
      }
      if (written) out.write(written);
      done();
    },
  });
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value instanceof Object && 'message' in value && typeof value.message === 'string') return JSON.stringify(value.message);
  return JSON.stringify(value);
}
