// When a browser test fails, the server's side of it: the last lines of the log of each app this
// worker runs (the tests run the app in-process, its log kept in memory), one line per event as a
// person reads them at a terminal. The log is already redacted: no secret reaches it.
import { Writable } from 'node:stream';
import { beforeEach } from 'vitest';
import { prettyLogStream } from '../server/log-pretty';
import { runningWorlds } from './harness';

const LAST_LINES = 80;

function readable(lines: string[]): Promise<string> {
  let text = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const pretty = prettyLogStream(out, false);
  return new Promise((resolve) => pretty.end(lines.join(''), () => resolve(text)));
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    for (const world of runningWorlds) {
      const text = await readable(world.app.logs.slice(-LAST_LINES));
      console.error(`The server's last log lines (${world.url}):\n${text}`);
    }
  });
});
