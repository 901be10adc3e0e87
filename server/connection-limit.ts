// Open connections per client address: past the cap a new connection is closed at once, so one
// address cannot hold hundreds of requests (and their bodies) open. Connections from a proxy the
// server trusts (TRUST_PROXY) are not counted: they carry many clients, and the proxy caps them.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from './config';

/** Connections one address may hold open at once (a browser uses up to 6 and its socket; an office behind one address, many browsers). */
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

export function limitConnectionsPerAddress(server: Server, trustProxy: Config['trustProxy'], max = MAX_CONNECTIONS_PER_ADDRESS): void {
  const isProxy = fromProxy(trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function fromProxy(trustProxy: Config['trustProxy']): (address: string) => boolean {
  // A hop count trusts whoever connects directly: every peer is a proxy.
  if (typeof trustProxy === 'number') return () => true;
  if (!trustProxy) return () => false;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}
