// RunOutput alone, on fake timers (the clock is the only fake; the pipes are real streams): each
// line keeps the time it was read, and a flood's 'N lines dropped' notices come at most once a
// second while their counts still add up to every line dropped.
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eachLine } from '../../../testing/output-lines';
import { DEFAULT_OUTPUT_LIMITS, DROPPED_NOTICE_MS, RunOutput, type OutputLimits, type OutputLine } from './run-output';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

function output(limits: Partial<OutputLimits> = {}) {
  const batches: OutputLine[][] = [];
  const recorded: OutputLine[][] = [];
  const out = new RunOutput({
    limits: { ...DEFAULT_OUTPUT_LIMITS, ...limits },
    mask: (s) => s,
    now: () => Date.now(),
    onBatch: (lines) => batches.push(lines),
    record: (lines) => recorded.push(lines),
    onVolumeExceeded: () => {},
  });
  const stdout = new PassThrough();
  const reading = out.read(stdout, 'output');
  return { out, stdout, reading, batches, recorded, lines: () => eachLine(batches.flat()), recent: () => eachLine(out.recent()) };
}

const DROPPED = /^(\d+) lines? dropped/;

describe('RunOutput', () => {
  it('gives each line the time it was read, also lines that later share a batch or a replay', async () => {
    const { out, stdout, reading, lines, recorded, recent } = output();
    stdout.write('first\n');
    await vi.advanceTimersByTimeAsync(300);
    stdout.write('second\nthird part');
    await vi.advanceTimersByTimeAsync(20);
    // A line cut across reads takes the time its end arrived.
    stdout.write(' ends here\n');
    await vi.advanceTimersByTimeAsync(0);
    stdout.end();
    await reading;
    out.flush();
    const t0 = 1_000_000;
    expect(lines().map((l) => [l.text, l.at - t0])).toEqual([
      ['first', 0],
      ['second', 300],
      ['third part ends here', 320],
    ]);
    expect(recent().map((l) => l.at - t0)).toEqual([0, 300, 320]);
    // The log on disk gets the very batches viewers get, before they do.
    expect(eachLine(recorded.flat())).toEqual(lines());
  });

  it('replays the last ringSize lines in order, however many came before, and none that are still pending', async () => {
    const { out, stdout, reading, recent } = output({ ringSize: 10, linesPerSecond: 1e9, burstLines: 1e9 });
    for (let i = 0; i < 57; i++) {
      stdout.write(`line ${i}\n`);
      if (i % 5 === 0) await vi.advanceTimersByTimeAsync(60);
    }
    await vi.advanceTimersByTimeAsync(60);
    expect(recent().map((l) => l.text)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${47 + i}`));
    // After a quiet spell a line goes out at once; the next one waits for the batch interval.
    stdout.write('sent at once\n');
    await vi.advanceTimersByTimeAsync(0);
    stdout.write('not sent yet\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(recent().map((l) => l.text)).toEqual([...Array.from({ length: 8 }, (_, i) => `line ${49 + i}`), 'sent at once']);
    stdout.end();
    await reading;
    out.flush();
    expect(recent().at(-1)!.text).toBe('not sent yet');
  });

  it('carries the whole lines of one read as one entry, split again for viewers, the disk and the replay', async () => {
    const { out, stdout, reading, batches, recorded, lines, recent } = output({ ringSize: 10 });
    stdout.write(Array.from({ length: 25 }, (_, i) => `row ${i}\r`).join('\n') + '\nhalf');
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([{ kind: 'output', text: Array.from({ length: 25 }, (_, i) => `row ${i}`).join('\n'), at: 1_000_000, lines: 25 }]);
    expect(eachLine(recorded.flat())).toEqual(lines());
    // The replay holds the last ringSize lines: the entry is cut, not dropped whole.
    expect(recent().map((l) => l.text)).toEqual(Array.from({ length: 10 }, (_, i) => `row ${15 + i}`));
    stdout.end(' done\n');
    await reading;
    out.flush();
    expect(lines().map((l) => l.text).slice(-2)).toEqual(['row 24', 'half done']);
  });

  it('goes line by line when a line must be cut or the rate cannot take the whole read', async () => {
    const { out, stdout, reading, batches, lines } = output({ maxLineBytes: 10, linesPerSecond: 1, burstLines: 3 });
    stdout.write('short\n' + 'x'.repeat(15) + '\nok\n');
    await vi.advanceTimersByTimeAsync(60);
    stdout.write('a\nb\nc\n');
    await vi.advanceTimersByTimeAsync(DROPPED_NOTICE_MS + 100);
    stdout.end();
    await reading;
    out.flush();
    expect(batches.flat().every((e) => (e.lines ?? 1) === 1)).toBe(true);
    expect(lines().map((l) => l.text)).toEqual(['short', 'xxxxxxxxxx [line cut]', 'ok', '3 lines dropped (the bot printed faster than 1 lines a second)']);
  });

  it('writes at most one "N lines dropped" a second during a flood, with counts that add up', async () => {
    const { out, stdout, reading, lines } = output({ linesPerSecond: 100, burstLines: 100 });
    let printed = 0;
    // 3.5 s of 20 lines every 10 ms: twice what the rate lets through.
    for (let ms = 0; ms < 3500; ms += 10) {
      stdout.write(Array.from({ length: 20 }, () => `line ${printed++}`).join('\n') + '\n');
      await vi.advanceTimersByTimeAsync(10);
    }
    // Then quiet: the last notice still comes, within the second.
    await vi.advanceTimersByTimeAsync(DROPPED_NOTICE_MS + 100);
    const notices = lines().filter((l) => DROPPED.test(l.text));
    const kept = lines().filter((l) => l.text.startsWith('line '));
    const dropped = notices.reduce((n, l) => n + Number(DROPPED.exec(l.text)![1]), 0);
    expect(kept.length + dropped).toBe(printed);
    expect(dropped).toBeGreaterThan(printed / 3);
    expect(notices.length).toBeGreaterThanOrEqual(3);
    expect(notices.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < notices.length; i++) expect(notices[i]!.at - notices[i - 1]!.at).toBeGreaterThanOrEqual(DROPPED_NOTICE_MS);
    stdout.end();
    await reading;
    out.flush();
  });

  it('counts the lines dropped just before the run ends in a last notice, ahead of the exit line', async () => {
    const { out, stdout, reading, lines } = output({ linesPerSecond: 10, burstLines: 10 });
    stdout.write(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n') + '\n');
    await vi.advanceTimersByTimeAsync(100);
    stdout.write('one more\n'.repeat(5));
    stdout.end();
    await reading;
    out.log('The bot finished (exit code 0)');
    out.flush();
    const texts = lines().map((l) => l.text);
    const notices = texts.filter((t) => DROPPED.test(t));
    expect(notices.reduce((n, t) => n + Number(DROPPED.exec(t)![1]), 0) + texts.filter((t) => t.startsWith('line ') || t === 'one more').length).toBe(55);
    expect(texts.at(-1)).toBe('The bot finished (exit code 0)');
    expect(texts.at(-2)).toMatch(DROPPED);
  });
});
