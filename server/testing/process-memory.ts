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
