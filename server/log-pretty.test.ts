// Pretty log lines (LOG_FORMAT=pretty): one line per event with its time, level and message; a
// request's two JSON lines become one "GET /path 200 4 ms"; extra fields follow as key=value; a
// line that is not JSON passes through; no colour codes unless the output is a terminal.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { prettyLogStream } from './log-pretty';

function render(lines: object[], color = false): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => (text += c));
  const stream = prettyLogStream(out, color);
  // Chunks need not end at line ends.
  const all = lines.map((l) => JSON.stringify(l) + '\n').join('') + 'not json\n';
  stream.write(all.slice(0, 25));
  stream.write(all.slice(25));
  return new Promise((resolve) => stream.end(() => resolve(text)));
}

const time = new Date('2026-11-24T10:04:31Z').getTime();

describe('pretty log lines', () => {
  it('one line per event, a request in one line, fields as key=value', async () => {
    const text = await render([
      { level: 30, time, pid: 1, hostname: 'h', msg: 'Botwright is ready at http://localhost:3000' },
      { level: 30, time, reqId: 'r1', req: { method: 'GET', url: '/api/feed' }, msg: 'incoming request' },
      { level: 40, time, projectId: 'abc', delayMs: 2000, msg: 'a deployed bot ended: starting it again' },
      { level: 30, time, reqId: 'r1', res: { statusCode: 200 }, responseTime: 4.2, msg: 'request completed' },
      { level: 50, time, err: { message: 'boom', stack: 'Error: boom\n    at x' }, msg: 'procedure failed' },
    ]);
    const lines = text.trimEnd().split('\n');
    const clock = new Date(time).toTimeString().slice(0, 8);
    expect(lines[0]).toBe(`${clock} INFO  Botwright is ready at http://localhost:3000`);
    expect(lines[1]).toBe(`${clock} WARN  a deployed bot ended: starting it again  projectId=abc delayMs=2000`);
    expect(lines[2]).toBe(`${clock} INFO  GET /api/feed 200 4 ms`);
    expect(lines[3]).toBe(`${clock} ERROR procedure failed  err="boom"`);
    expect(lines[4]).toBe('Error: boom');
    expect(lines.at(-1)).toBe('not json');
    expect(text).not.toContain('\u001b[');
  });

  it('colours the level on a terminal', async () => {
    expect(await render([{ level: 40, time, msg: 'careful' }], true)).toContain('\u001b[33mWARN \u001b[0m');
  });
});
