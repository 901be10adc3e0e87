// The private networks a sandbox never reaches (slirp4netns connects out from the host, so without
// these a bot could reach the office LAN, the cloud VPC or the carrier's NAT), and the exceptions an
// operator may open with RUNNER_ALLOW_NETWORKS (a package mirror on the LAN, say).
// No dependencies: server/config.ts validates the setting with it.

/** RFC 1918, carrier-grade NAT (RFC 6598) and the benchmarking range (RFC 2544). */
export const PRIVATE_IPV4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '198.18.0.0/15'];
/** IPv6 unique local addresses. */
export const PRIVATE_IPV6 = ['fc00::/7'];

/** slirp4netns's own subnet (gateway 10.0.2.2, DNS 10.0.2.3): on-link inside every sandbox, never re-routed. */
const SLIRP_SUBNET = '10.0.2.0/24';

type Cidr = { base: number; bits: number };

function parseCidr(text: string): Cidr | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (!m) return null;
  const octets = m.slice(1, 5);
  // Leading zeros read as octal to some tools: refuse rather than guess.
  if (octets.some((o) => (o.length > 1 && o.startsWith('0')) || Number(o) > 255)) return null;
  const bits = Number(m[5]);
  if (bits > 32 || (m[5].length > 1 && m[5].startsWith('0'))) return null;
  const base = octets.reduce((acc, o) => acc * 256 + Number(o), 0);
  return { base, bits };
}

const mask = (bits: number) => (bits === 0 ? 0 : 2 ** 32 - 2 ** (32 - bits));
/** Whether `inner` lies within `outer` (or equals it). */
function within(inner: Cidr, outer: Cidr): boolean {
  return inner.bits >= outer.bits && Math.floor(inner.base / 2 ** (32 - outer.bits)) === Math.floor(outer.base / 2 ** (32 - outer.bits));
}

/**
 * Parses RUNNER_ALLOW_NETWORKS: comma-separated IPv4 CIDRs, each inside one of the private ranges
 * (anything else is reachable already, or must stay closed: loopback, link-local metadata).
 * Throws an Error whose message says what is wrong with which entry.
 */
export function parseAllowedNetworks(text: string): string[] {
  const out: string[] = [];
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const cidr = parseCidr(entry);
    if (!cidr) throw new Error(`entry "${entry.slice(0, 50)}" is not an IPv4 network like 192.168.50.0/24`);
    if ((cidr.base & mask(cidr.bits)) >>> 0 !== cidr.base) {
      const base = (cidr.base & mask(cidr.bits)) >>> 0;
      throw new Error(`entry ${entry} has host bits set (the network is ${[24, 16, 8, 0].map((s) => (base >>> s) & 255).join('.')}/${cidr.bits})`);
    }
    if (!PRIVATE_IPV4.some((p) => within(cidr, parseCidr(p)!))) {
      throw new Error(`entry ${entry} is not inside a private range (${PRIVATE_IPV4.join(', ')}); only those are closed`);
    }
    if (within(cidr, parseCidr(SLIRP_SUBNET)!)) throw new Error(`entry ${entry} is inside the sandbox's own subnet ${SLIRP_SUBNET}`);
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}
