// Which server a slirp4netns belongs to. slirp4netns runs as root outside the sandbox; a server that
// is killed cannot stop it. Each one carries its server's pid and start time in its environment
// (the start time tells a reused pid apart), so a later server can end exactly those whose server is
// gone, and never anyone else's process.
import { readFileSync, readdirSync } from 'node:fs';

export const SLIRP_OWNER_VARIABLE = 'BOTWRIGHT_SLIRP_OWNER';

/** `<pid>:<start time in clock ticks since boot>` of this server. */
export const ownMarker = (): string => `${process.pid}:${startTime(process.pid)}`;

/** Field 22 of /proc/<pid>/stat, or null when the process is gone. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function ownerOf(pid: number): string | null {
  try {
    const entry = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((e) => e.startsWith(`${SLIRP_OWNER_VARIABLE}=`));
    return entry ? entry.slice(SLIRP_OWNER_VARIABLE.length + 1) : null;
  } catch {
    return null; // gone, or not ours to read
  }
}

/** Ends every slirp4netns whose Botwright server is gone; returns how many. */
export async function sweepStaleNetworks(): Promise<number> {
  let swept = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'slirp4netns') continue;
    const started = startTime(pid);
    const owner = ownerOf(pid);
    const match = owner === null ? null : /^(\d+):(\d+)$/.exec(owner);
    if (!match || started === null) continue;
    if (startTime(Number(match[1])) === match[2]) continue; // its server is alive
    // The same process still (not a new one under a reused pid) before it is killed.
    if (startTime(pid) !== started) continue;
    try {
      process.kill(pid, 'SIGKILL');
      swept++;
    } catch {
      /* gone meanwhile */
    }
  }
  return swept;
}
