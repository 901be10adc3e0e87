// Test helper: a process's resident memory as the kernel counts it (/proc/<pid>/status), now and at
// its peak. Memory tests attack a server in its own process and bound the growth of its peak.
import { readFile } from 'node:fs/promises';

const MiB = 1024 * 1024;

export type ResidentMemory = { rssMiB: number; peakMiB: number };

export async function residentMemory(pid: number): Promise<ResidentMemory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: (kib('VmRSS') * 1024) / MiB, peakMiB: (kib('VmHWM') * 1024) / MiB };
}

/**
 * Follows the growth of `pid`'s peak over what it is now. `failed` rejects as soon as the growth
 * passes `boundMiB` (race it against the attack, so a server that grows without end fails the test
 * at once instead of dying); `stop` ends the watch and gives the growth in MiB.
 */
export async function watchGrowth(pid: number, boundMiB: number): Promise<{ failed: Promise<never>; stop(): Promise<number> }> {
  const base = (await residentMemory(pid)).peakMiB;
  let peak = 0;
  let over: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => (over = reject));
  failed.catch(() => {});
  const timer = setInterval(async () => {
    const now = await residentMemory(pid).catch(() => null);
    if (!now) return;
    peak = Math.max(peak, now.peakMiB - base);
    if (peak > boundMiB) over(new Error(`the process grew by ${Math.round(peak)} MiB, more than ${boundMiB}`));
  }, 50);
  return {
    failed,
    async stop() {
      clearInterval(timer);
      const last = await residentMemory(pid);
      return Math.max(peak, last.peakMiB - base);
    },
  };
}
