// A narrow path between one sandbox and the server, for the test chat: inside the sandbox's network
// namespace, a host service answers at one fixed address (e.g. 127.0.0.2, ports 80 and 443), and
// the server reaches the sandbox's own loopback (a bot's webhook port) through a socket of its own.
// The host's loopback stays closed to the sandbox (slirp4netns --disable-host-loopback): the
// sandbox reaches this one service and nothing else of the host's. A live run's bridge has the way
// in only (its webhooks, runner/hooks): no service, so the sandbox gains no address at all.
//
// The relay is a small Python program the server starts as root on the host. It makes its Unix
// sockets in the host's network namespace and enters the sandbox's (setns, one thread) only for its
// TCP sockets: a namespace's /proc/net/unix lists its Unix sockets with the path they are bound to
// (a connection's server end with its listener's), so a bot reading it sees no host path. It binds
// its listeners as root (ports below 1024 in that namespace are closed to the bot), then drops to
// nobody before it relays a byte; it dies with the server (PR_SET_PDEATHSIG) and is killed with the
// run. It only copies bytes: the server's own HTTP and TLS code reads them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, type Socket } from 'node:net';
import { withinSetupDeadline } from './setup-deadline';

export type ServiceBridge = {
  /** Where the relay listens for the server's connections into the sandbox (mode 0600, root only). */
  inboundSocket: string;
} & (BridgedService | { address?: undefined; ports?: undefined; hostSocket?: undefined });

/** A host service the sandbox reaches (test mode only). */
export type BridgedService = {
  /** The sandbox-side address of the service (a loopback address inside the sandbox only). */
  address: string;
  /** Ports the service answers on at that address. */
  ports: number[];
  /** The server's Unix socket every connection to address:port is relayed to (mode 0666 in a 0711 dir: the relay runs as nobody). */
  hostSocket: string;
};

export type BridgeTools = { python3: string | null };

/** Starts the relay between the host and the network namespace of `sandboxPid`; resolves once it listens. */
export async function attachBridge(tools: BridgeTools, sandboxPid: number, bridge: ServiceBridge): Promise<{ close(): void }> {
  if (!tools.python3) throw new Error('python3 is needed for the sandbox bridge');
  // No service: empty arguments, and the relay listens on the inbound socket alone.
  const service = bridge.address === undefined ? ['', '', ''] : [bridge.address, bridge.ports.join(','), bridge.hostSocket];
  const child: ChildProcess = spawn(
    tools.python3,
    ['-I', '-S', '-c', RELAY, `/proc/${sandboxPid}/ns/net`, ...service, bridge.inboundSocket],
    { stdio: ['ignore', 'pipe', 'pipe'], env: {}, cwd: '/' },
  );
  child.on('error', () => {});
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  try {
    await withinSetupDeadline(
      new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`the sandbox bridge's relay exited (${code}): ${stderr.trim()}`)));
        child.once('error', reject);
      }),
      "the sandbox bridge's relay",
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  child.removeAllListeners('exit');
  child.stdout!.resume();
  return { close: () => void child.kill('SIGKILL') };
}

/** A connection to `port` on the sandbox's own loopback, through the relay (see RELAY: two bytes of port first). */
export function connectInto(inboundSocket: string, port: number): Socket {
  const socket = createConnection(inboundSocket);
  socket.write(Buffer.from([port >> 8, port & 0xff]));
  return socket;
}

// argv: the sandbox's network namespace, address, ports (comma-separated), host socket, inbound
// socket; the middle three empty when there is no service (a live run's bridge: the way in only).
//
// setns moves only the thread that calls it, and a thread starts in its creator's namespace. So the
// main thread stays in the host's namespace: it makes the inbound socket and accepts the bot's
// connections out, whose relay threads connect to the host socket from there. One thread enters the
// sandbox's: it makes the listeners and accepts the server's connections in, whose relay threads
// connect to the bot's loopback from there.
export const RELAY = String.raw`
import ctypes, os, selectors, socket, sys, threading
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL: go with the server
if os.getppid() == 1:
    sys.exit(0)
sandbox_net, address, ports, host_path, inbound_path = sys.argv[1], sys.argv[2], [p for p in sys.argv[3].split(',') if p], sys.argv[4], sys.argv[5]
CLONE_NEWNET = 0x40000000
MAX_CONNECTIONS = 64
net = os.open(sandbox_net, os.O_RDONLY | os.O_CLOEXEC)
try:
    os.unlink(inbound_path)
except FileNotFoundError:
    pass
old = os.umask(0o177)
inbound = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
inbound.bind(inbound_path)
os.umask(old)
inbound.listen(16)

listeners, failed = [], []
entered, dropped = threading.Event(), threading.Event()

def pump(a, b):
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    try:
        b.shutdown(socket.SHUT_WR)
    except OSError:
        pass

def relay(conn, kind):
    try:
        if kind == 'out':
            other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            other.connect(host_path)
        else:
            head = b''
            while len(head) < 2:
                more = conn.recv(2 - len(head))
                if not more:
                    raise OSError('no port')
                head += more
            other = socket.create_connection(('127.0.0.1', int.from_bytes(head, 'big')), timeout=5)
            other.settimeout(None)
        t = threading.Thread(target=pump, args=(other, conn), daemon=True)
        t.start()
        pump(conn, other)
        t.join()
        other.close()
    except OSError:
        pass
    finally:
        conn.close()
        live.release()

def serve(sockets, kind):
    sel = selectors.DefaultSelector()
    for s in sockets:
        sel.register(s, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            try:
                conn, _ = key.fileobj.accept()
            except OSError:
                continue
            if not live.acquire(blocking=False):
                conn.close()
                continue
            threading.Thread(target=relay, args=(conn, kind), daemon=True).start()

def in_sandbox():
    try:
        if libc.setns(net, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), 'setns into the sandbox network namespace failed')
        for port in ports:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((address, int(port)))
            s.listen(64)
            listeners.append(s)
    except OSError as e:
        failed.append(e)
    entered.set()
    if not failed:
        dropped.wait()
        serve([inbound], 'in')

sandbox_side = threading.Thread(target=in_sandbox, daemon=True)
sandbox_side.start()
entered.wait()
if failed:
    raise failed[0]
os.close(net)
# glibc changes the credentials of every thread of the process, the sandbox's one too.
os.setgroups([])
os.setresgid(65534, 65534, 65534)
os.setresuid(65534, 65534, 65534)
# Changing credentials clears the parent-death signal: set it again, or a relay outlives a server
# that was killed (its sandbox gone, the relay left behind as nobody).
libc.prctl(1, 9)
if os.getppid() == 1:
    sys.exit(0)
live = threading.BoundedSemaphore(MAX_CONNECTIONS)
dropped.set()
sys.stdout.write('ready\n')
sys.stdout.flush()
if listeners:
    serve(listeners, 'out')
sandbox_side.join()
`;
