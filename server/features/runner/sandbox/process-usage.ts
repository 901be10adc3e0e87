// What a run's processes use now, read from /proc: resident memory (VmRSS summed over the run's
// processes), CPU time so far (user + system, in clock ticks of USER_HZ, which Linux fixes at 100 for
// /proc), and the bytes its network namespace has sent and received on every interface (loopback
// included: a webhook reaches the bot through it). Read on demand, a few small files per process.
// Also the process tree below a pid, for a run without a cgroup to list its processes.
import { readFileSync, readdirSync } from 'node:fs';

export type ProcessUsage = {
  memoryBytes: number;
  cpuMs: number;
  /** Bytes in and out of the run's network namespace; null when it has none of its own. */
  netBytes: number | null;
};

const MS_PER_TICK = 1000 / 100;

export function processUsage(pids: number[], netPid: number | null): ProcessUsage {
  let memoryBytes = 0;
  let cpuMs = 0;
  for (const pid of new Set(pids)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuMs += (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
      const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) memoryBytes += Number(rss[1]) * 1024;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return { memoryBytes, cpuMs, netBytes: netPid === null ? null : namespaceBytes(netPid) };
}

/** Received plus sent bytes of every interface in the network namespace of `pid`. */
function namespaceBytes(pid: number): number | null {
  try {
    let total = 0;
    // Two header lines, then "  iface: rx_bytes rx_packets ... (8 fields) tx_bytes ...".
    for (const line of readFileSync(`/proc/${pid}/net/dev`, 'utf8').split('\n').slice(2)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const fields = line.slice(colon + 1).trim().split(/\s+/);
      total += Number(fields[0]) + Number(fields[8]);
    }
    return total;
  } catch {
    return null;
  }
}

export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}
