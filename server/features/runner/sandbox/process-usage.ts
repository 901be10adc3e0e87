// What a run's processes use now, read from /proc: resident memory (VmRSS summed over the run's
// processes), CPU time so far (user + system, in clock ticks of USER_HZ, which Linux fixes at 100 for
// /proc), and the TCP and UDP traffic of its network namespace (loopback included: a webhook
// reaches the bot through it). Read on demand, a few small files per process.
// Also the process tree below a pid, for a run without a cgroup to list its processes.
import { readFileSync, readdirSync } from 'node:fs';

export type ProcessUsage = {
  memoryBytes: number;
  cpuMs: number;
  /** TCP segments and UDP datagrams in and out of the run's network namespace; null when it has none of its own. */
  netPackets: number | null;
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
  return { memoryBytes, cpuMs, netPackets: netPid === null ? null : namespaceTraffic(netPid) };
}

/**
 * TCP segments and UDP datagrams in and out of the network namespace of `pid` (IPv4 and IPv6,
 * loopback included): what a bot sends and answers, without the kernel's own chatter on the
 * interface (router solicitations, multicast reports), which is ICMP.
 */
function namespaceTraffic(pid: number): number | null {
  try {
    let total = 0;
    const lines = readFileSync(`/proc/${pid}/net/snmp`, 'utf8').split('\n');
    // Pairs of lines: "Tcp: <names>" then "Tcp: <values>".
    for (let i = 0; i + 1 < lines.length; i++) {
      const [kind, ...names] = lines[i]!.split(/\s+/);
      if ((kind !== 'Tcp:' && kind !== 'Udp:') || !lines[i + 1]!.startsWith(kind)) continue;
      const values = lines[i + 1]!.split(/\s+/).slice(1);
      for (const name of ['InSegs', 'OutSegs', 'InDatagrams', 'OutDatagrams']) {
        const at = names.indexOf(name);
        if (at >= 0) total += Number(values[at]);
      }
      i++;
    }
    for (const line of readFileSync(`/proc/${pid}/net/snmp6`, 'utf8').split('\n')) {
      const [name, value] = line.split(/\s+/);
      if (name === 'Udp6InDatagrams' || name === 'Udp6OutDatagrams') total += Number(value);
    }
    return total;
  } catch {
    return null;
  }
}

/** A process's state letter ('S', 'R', 'Z' for a zombie...), null when it is gone. */
export function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
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
