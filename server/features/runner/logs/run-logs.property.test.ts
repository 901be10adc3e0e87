// RunLogs on a real temp folder (no app): rotation keeps files under their size and only the newest
// N of them; paging backwards with any page sizes returns every kept line exactly once, newest first;
// a line being written or cut by a crash is never returned half.
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunLogLine } from '../../../../shared/run-logs.schema';
import { decodeCursor, encodeCursor, parseLine, readLinesBefore, serializeLine, serializeLines } from './log-files';
import { RunLogs } from './run-logs';

const root = mkdtempSync(path.join(tmpdir(), 'botwright-runlogs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshLogs = (fileBytes: number, files: number) => {
  const dir = path.join(root, `case-${++n}`);
  return { dir, logs: new RunLogs({ dir, fileBytes, files, log: pino({ level: 'silent' }) }) };
};

/** Every line kept on disk for a bot, oldest first, read forwards. */
function onDisk(dir: string, projectId: string): RunLogLine[] {
  const botDir = path.join(dir, projectId);
  return readdirSync(botDir)
    .sort()
    .flatMap((f) => readFileSync(path.join(botDir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => parseLine(l)!);
}

async function allPages(logs: RunLogs, projectId: string, limits: number[]): Promise<RunLogLine[]> {
  const out: RunLogLine[] = [];
  let before: string | null = null;
  for (let i = 0; ; i++) {
    const page = await logs.page(projectId, before, limits[i % limits.length]!);
    out.push(...page.lines);
    if (!page.next) return out;
    expect(page.lines.length).toBe(limits[i % limits.length]);
    before = page.next;
  }
}

const textArb = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constant(''));

describe('RunLogs', () => {
  it('pages back through every kept line exactly once, across rotated files, for any page sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(textArb, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 1, max: 4 }),
        async (batches, limits, fileBytes, files) => {
          const { dir, logs } = freshLogs(fileBytes, files);
          let at = 1_700_000_000_000;
          for (const [i, batch] of batches.entries()) {
            logs.append('bot', batch.map((text) => ({ at: at++, level: 'output' as const, text, runId: `run${i % 3}` })));
            if (i % 2 === 0) await logs.flush();
          }
          await logs.flush();
          const kept = onDisk(dir, 'bot');
          // The newest lines are all there, in order, and older ones went whole files at a time.
          const all = batches.flat();
          expect(kept.map((l) => l.text)).toEqual(all.slice(all.length - kept.length));
          const names = readdirSync(path.join(dir, 'bot')).sort();
          expect(names.length).toBeLessThanOrEqual(files);
          for (const name of names) {
            const size = statSync(path.join(dir, 'bot', name)).size;
            const lines = readFileSync(path.join(dir, 'bot', name), 'utf8').split('\n').filter(Boolean).length;
            if (lines > 1) expect(size).toBeLessThanOrEqual(fileBytes);
          }
          expect(await allPages(logs, 'bot', limits)).toEqual([...kept].reverse());
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps a run's entries of several lines line by line, rotating between their lines", async () => {
    const lineArb = fc.string({ maxLength: 60 }).map((t) => t.replaceAll('\n', ' '));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.array(lineArb, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 200, max: 3000 }),
        async (batches, fileBytes) => {
          const { dir, logs } = freshLogs(fileBytes, 1000);
          const record = logs.recorder('bot', 'run1');
          let at = 1_700_000_000_000;
          for (const batch of batches) record(batch.map((lines) => ({ kind: 'output' as const, text: lines.join('\n'), at: at++, lines: lines.length })));
          await logs.flush();
          const kept = onDisk(dir, 'bot');
          expect(kept.map((l) => l.text)).toEqual(batches.flat(2));
          for (const name of readdirSync(path.join(dir, 'bot'))) {
            const text = readFileSync(path.join(dir, 'bot', name), 'utf8');
            if (text.split('\n').filter(Boolean).length > 1) expect(statSync(path.join(dir, 'bot', name)).size).toBeLessThanOrEqual(fileBytes);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps only the newest files: a cursor into a deleted one pages no further', async () => {
    const { logs } = freshLogs(300, 2);
    const line = (i: number): RunLogLine => ({ at: i, level: 'log', text: `line ${i} ${'x'.repeat(40)}`, runId: 'r1' });
    logs.append('bot', [0, 1, 2, 3].map(line));
    await logs.flush();
    const first = await logs.page('bot', null, 1);
    expect(first.lines.map((l) => l.at)).toEqual([3]);
    // Many more files' worth: the file the cursor points into is gone.
    logs.append('bot', Array.from({ length: 40 }, (_, i) => line(4 + i)));
    await logs.flush();
    expect(await logs.page('bot', first.next, 10)).toEqual({ lines: [], next: null });
  });

  it('never returns a line half written, and a file a crash cut short gets its next line on a line of its own', async () => {
    const { dir, logs } = freshLogs(1_000_000, 5);
    logs.append('bot', [{ at: 1, level: 'output', text: 'whole', runId: 'r1' }]);
    await logs.flush();
    const file = path.join(dir, 'bot', '00000001.jsonl');
    appendFileSync(file, '{"at":2,"level":"output","text":"cut sho');
    expect((await logs.page('bot', null, 10)).lines.map((l) => l.text)).toEqual(['whole']);
    expect((await readLinesBefore(file, statSync(file).size, 10)).lines.map((l) => l.text)).toEqual(['whole']);
    // A restarted server (a new RunLogs) appends after the cut line, which is then skipped as unreadable.
    const restarted = new RunLogs({ dir, fileBytes: 1_000_000, files: 5, log: pino({ level: 'silent' }) });
    restarted.append('bot', [{ at: 3, level: 'output', text: 'after the crash', runId: 'r2' }]);
    await restarted.flush();
    expect((await restarted.page('bot', null, 10)).lines.map((l) => l.text)).toEqual(['after the crash', 'whole']);
  });

  it('finds one run among others for its download, and forgets a removed bot', async () => {
    const { dir, logs } = freshLogs(400, 10);
    const lines = Array.from({ length: 30 }, (_, i): RunLogLine => ({ at: i, level: 'output', text: `l${i} "runId":"b"}`, runId: i % 2 ? 'b' : 'a' }));
    logs.append('bot', lines);
    await logs.flush();
    const got: RunLogLine[] = [];
    for await (const l of logs.runLines('bot', 'a')) got.push(l);
    expect(got).toEqual(lines.filter((l) => l.runId === 'a'));
    await logs.remove('bot');
    expect(() => readdirSync(path.join(dir, 'bot'))).toThrow();
    expect(await logs.page('bot', null, 10)).toEqual({ lines: [], next: null });
  });

  it('reads its own cursors and refuses anything else', () => {
    expect(decodeCursor(encodeCursor({ seq: 12, offset: 345 }))).toEqual({ seq: 12, offset: 345 });
    for (const bad of ['', 'abc', Buffer.from('1:-2').toString('base64url'), Buffer.from('x:1').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow('Invalid cursor');
    }
    expect(serializeLine({ at: 1, level: 'error', text: 'a\nb', runId: 'r' })).toBe('{"at":1,"level":"error","text":"a\\nb","runId":"r"}\n');
  });

  it('writes the lines of one entry exactly as it writes each of them alone', () => {
    // Backslashes, the letter n, quotes, control characters and lone surrogates around the newlines.
    const tricky = fc.constantFrom('\\', 'n', '\\n', '"', '\n', '\r', '\u0000', '\u2028', '\ud800', '\udc00', 'a', 'é', '😀');
    fc.assert(
      fc.property(fc.array(fc.array(tricky).map((parts) => parts.join('').replaceAll('\n', '')), { minLength: 1, maxLength: 8 }), fc.integer(), (lines, at) => {
        const runIdJson = JSON.stringify('r1');
        expect(serializeLines(at, 'output', lines.join('\n'), runIdJson)).toBe(lines.map((text) => serializeLine({ at, level: 'output', text, runId: 'r1' })).join(''));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes each line exactly as JSON.stringify would, and reads it back', () => {
    fc.assert(
      fc.property(
        fc.record({
          at: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
          level: fc.constantFrom('output' as const, 'error' as const, 'log' as const),
          text: fc.string({ unit: 'binary' }),
          runId: fc.stringMatching(/^[A-Za-z0-9]{1,32}$/),
        }),
        (line) => {
          const written = serializeLine(line);
          expect(written).toBe(JSON.stringify({ at: line.at, level: line.level, text: line.text, runId: line.runId }) + '\n');
          expect(parseLine(written.slice(0, -1))).toEqual({ ...line, at: Object.is(line.at, -0) ? 0 : line.at });
        },
      ),
    );
  });
});
