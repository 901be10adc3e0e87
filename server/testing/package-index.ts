// Package sources for install tests, all local: a wheel built in memory (a wheel is a zip with a
// dist-info dir) for a `--find-links` directory, and a tiny npm registry on loopback serving
// packuments and .tgz tarballs built here (gzip + a minimal ustar writer). No public index is used.
import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, gzipSync } from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// Wheels

/** An uncompressed zip archive of these files (enough for pip, which reads any valid zip). */
export function zipArchive(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export type WheelSpec = {
  name: string;
  version: string;
  /** Files of the package, relative to site-packages, e.g. `{'mypkg/__init__.py': 'X = 42\n'}`. */
  files: Record<string, string>;
};

/** Writes `<name>-<version>-py3-none-any.whl` into `dir` and returns its path. */
export function writeWheel(dir: string, spec: WheelSpec): string {
  const dist = `${spec.name.replace(/-/g, '_')}-${spec.version}`;
  const distInfo = `${dist}.dist-info`;
  const files: Record<string, string> = {
    ...spec.files,
    [`${distInfo}/METADATA`]: `Metadata-Version: 2.1\nName: ${spec.name}\nVersion: ${spec.version}\n`,
    [`${distInfo}/WHEEL`]: 'Wheel-Version: 1.0\nGenerator: botwright-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  };
  const record = Object.entries(files).map(([name, content]) => {
    const digest = createHash('sha256').update(content).digest('base64url');
    return `${name},sha256=${digest},${Buffer.byteLength(content)}`;
  });
  record.push(`${distInfo}/RECORD,,`);
  files[`${distInfo}/RECORD`] = record.join('\n') + '\n';
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${dist}-py3-none-any.whl`);
  writeFileSync(file, zipArchive(files));
  return file;
}

// ---------------------------------------------------------------------------------------------
// npm tarballs

function tarHeader(name: string, size: number, type: '0' | '5'): Buffer {
  const header = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) => header.write(value, offset, length, 'utf8');
  const octal = (value: number, offset: number, length: number) => field(value.toString(8).padStart(length - 1, '0') + '\0', offset, length);
  field(name, 0, 100);
  octal(type === '5' ? 0o755 : 0o644, 100, 8);
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(size, 124, 12);
  octal(0, 136, 12); // mtime
  field('        ', 148, 8); // checksum placeholder: spaces while summing
  field(type, 156, 1);
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return header;
}

/** A gzipped tar of these files (names up to 100 bytes), the shape of an npm package tarball. */
export function tarGz(files: Record<string, string | Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    if (Buffer.byteLength(name) > 100) throw new Error(`tar name too long: ${name}`);
    parts.push(tarHeader(name, data.length, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

export type NpmPackageSpec = {
  name: string;
  version: string;
  /** Files besides package.json, relative to the package root, e.g. `{'index.js': '...'}`. */
  files?: Record<string, string>;
  /** Merged into the package.json (and the packument's version entry): scripts, dependencies... */
  manifest?: Record<string, unknown>;
};

// ---------------------------------------------------------------------------------------------
// The registry

export type NpmRegistry = {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** Every request path, in order. */
  requests: string[];
  /** Accept connections but never answer (a stalled mirror). */
  hang: boolean;
  /** Resolves on the next request that arrives. */
  nextRequest(): Promise<string>;
  publish(spec: NpmPackageSpec): void;
  close(): Promise<void>;
};

type Published = { manifest: Record<string, unknown>; tarball: Buffer };

/**
 * An npm registry on loopback: `GET /<name>` answers the packument, `GET /<name>/-/<file>.tgz` the
 * tarball. Tarball URLs are built from the request's Host header, as real mirrors do, so a client
 * that reaches the registry under another address (a sandbox's 10.0.2.2) fetches from there too.
 */
export async function startNpmRegistry(): Promise<NpmRegistry> {
  const packages = new Map<string, Map<string, Published>>();
  const sockets = new Set<Socket>();
  let waiters: ((p: string) => void)[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server: Server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    registry.requests.push(url);
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake(url);
    if (registry.hang) return; // keep the socket open, answer nothing
    const tarballMatch = /^\/((?:@[^/]+\/)?[^/@]+)\/-\/(.+)-(\d[^/]*)\.tgz$/.exec(url);
    if (tarballMatch) {
      const published = packages.get(tarballMatch[1]!)?.get(tarballMatch[3]!);
      if (!published) return json(res, 404, { error: 'Not found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': published.tarball.length }).end(published.tarball);
      return;
    }
    const name = url.slice(1);
    const versions = packages.get(name);
    if (!versions) return json(res, 404, { error: 'Not found' });
    const host = req.headers.host ?? '127.0.0.1';
    const entries = Object.fromEntries(
      [...versions.entries()].map(([version, p]) => {
        const file = `${name.split('/').pop()}-${version}.tgz`;
        return [
          version,
          {
            ...p.manifest,
            dist: {
              tarball: `http://${host}/${name}/-/${file}`,
              shasum: createHash('sha1').update(p.tarball).digest('hex'),
              integrity: `sha512-${createHash('sha512').update(p.tarball).digest('base64')}`,
            },
          },
        ];
      }),
    );
    const latest = [...versions.keys()].at(-1)!;
    json(res, 200, { name, 'dist-tags': { latest }, versions: entries });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  const registry: NpmRegistry = {
    url: `http://127.0.0.1:${port}/`,
    requests: [],
    hang: false,
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    publish(spec) {
      const manifest = { name: spec.name, version: spec.version, ...spec.manifest };
      const files: Record<string, string> = { 'package/package.json': JSON.stringify(manifest, null, 2) };
      for (const [file, content] of Object.entries(spec.files ?? {})) files[`package/${file}`] = content;
      const versions = packages.get(spec.name) ?? new Map<string, Published>();
      versions.set(spec.version, { manifest, tarball: tarGz(files) });
      packages.set(spec.name, versions);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return registry;
}
