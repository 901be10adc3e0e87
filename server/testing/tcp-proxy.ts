// A TCP proxy on loopback between a test's node and its PostgreSQL, which the test can cut (nothing
// passes either way on any connection, old or new: a cable pulled) and restore: a node cut off from
// the database, with real sockets, inside one test process.
import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Connections stay open and nothing passes; new ones get no answer either. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let open = true;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    // While cut, bytes are swallowed in both directions: the node's queries never get an answer.
    client.on('data', (chunk) => void (open && upstream.write(chunk)));
    upstream.on('data', (chunk) => void (open && client.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
    },
    restore() {
      // Connections that lost bytes are broken for good: dropped, so the node makes new ones.
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      open = true;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
