// Installs and bots trust the host's CA store (docs/runner.md). Pure: how the bundle and variables
// are made. Real sandbox: a run sees the variables and the host's bundle (plus the test chat's CA);
// Python and Node bots, and npm in an install, reach an HTTPS server on host loopback whose root is
// only in that bundle (as behind a TLS-inspecting proxy), and fail without it. Fake: the root.
import '../../test-chat/reflect-metadata';
import { createHash, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { startNpmRegistry } from '../../../testing/package-index';
import { preparePackagesDir, writeManifest } from '../dependencies/packages-dir';
import { installSpec } from '../dependencies/installer';
import { npmInstallStep, npmManifest } from '../dependencies/npm-command';
import { botLaunch } from '../runs/bot-command';
import { caTrust, firstCaBundle, hostCaBundle, HOST_CA_BUNDLES, SANDBOX_CA_BUNDLE } from './ca-bundle';
import { createSandbox, limitsFor } from './index';
import { INSTALLER_UID, type NetworkMode, type SandboxSpec } from './sandbox';

const root = mkdtempSync(path.join(tmpdir(), 'botwright-ca-bundle-'));
chmodSync(root, 0o755); // the install's uid reaches the packages dir below it
afterAll(() => rmSync(root, { recursive: true, force: true }));

const VARIABLES = ['SSL_CERT_FILE', 'REQUESTS_CA_BUNDLE', 'PIP_CERT', 'NODE_EXTRA_CA_CERTS', 'npm_config_cafile'];
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const PEM = '-----BEGIN CERTIFICATE-----\nTUlJ\n-----END CERTIFICATE-----';

describe('caTrust', () => {
  it('the host bundle with the extra CA appended, at one path every TLS stack is pointed at', () => {
    const trust = caTrust(PEM, Buffer.from('HOST BUNDLE\n'));
    expect(trust.files).toEqual([{ path: SANDBOX_CA_BUNDLE, content: Buffer.from(`HOST BUNDLE\n${PEM}\n`) }]);
    expect(trust.env).toEqual(Object.fromEntries(VARIABLES.map((v) => [v, SANDBOX_CA_BUNDLE])));
    expect(caTrust(PEM, Buffer.from('NO NEWLINE')).files[0]!.content.toString()).toBe(`NO NEWLINE\n${PEM}\n`);
    expect(caTrust(undefined, Buffer.from('HOST BUNDLE\n')).files[0]!.content.toString()).toBe('HOST BUNDLE\n');
  });

  it('nothing to trust: no file and no variable; no host bundle: the extra CA alone', () => {
    expect(caTrust(undefined, null)).toEqual({ files: [], env: {} });
    expect(caTrust('', null)).toEqual({ files: [], env: {} });
    expect(caTrust(PEM, null).files[0]!.content.toString()).toBe(`${PEM}\n`);
  });

  it('the host bundle is the first usual path that holds certificates', () => {
    const empty = path.join(root, 'empty.crt');
    const bundle = path.join(root, 'bundle.crt');
    writeFileSync(empty, '');
    writeFileSync(bundle, `${PEM}\n`);
    expect(firstCaBundle([path.join(root, 'missing.crt'), empty, root, bundle])?.toString()).toBe(`${PEM}\n`);
    expect(firstCaBundle([empty])).toBeNull();
    const onThisHost = HOST_CA_BUNDLES.find((p) => existsSync(p));
    expect(hostCaBundle()).toEqual(onThisHost ? readFileSync(onThisHost) : null);
  });
});

// ---- the real sandbox ----

// DATA_DIR searchable by others, as an install's uid needs (bwrap reaches the packages dir by its path).
mkdirSync(path.join(root, 'data'), { mode: 0o755 });
const config = loadConfig({ DATA_DIR: path.join(root, 'data'), JWT_SECRET: 'ca-bundle-test-secret-that-is-long-enough', RUNNER_STOP_GRACE_MS: '200' });
const sandbox = await createSandbox(config.runner, path.join(root, 'runs'), pino({ level: 'silent' }));
const active = (name: string) => sandbox.status.protections.some((p) => p.name === name && p.active);
const HOST_BUNDLE = hostCaBundle();

async function runToEnd(spec: SandboxSpec): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = await sandbox.spawn(spec);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const timer = setTimeout(() => void child.stop(200), 60_000);
  const exit = await child.exit.finally(() => clearTimeout(timer));
  return { code: exit.code, stdout: stdout.trim(), stderr: stderr.trim() };
}

const PYTHON_BOT = `
import hashlib, json, os, urllib.request
out = {k: os.environ.get(k) for k in ${JSON.stringify(VARIABLES)}}
with open("${SANDBOX_CA_BUNDLE}", "rb") as f:
    out["sha256"] = hashlib.sha256(f.read()).hexdigest()
try:
    open("${SANDBOX_CA_BUNDLE}", "ab")
    out["writable"] = True
except OSError:
    out["writable"] = False
if os.environ.get("PROBE_URL"):
    try:
        out["fetch"] = urllib.request.urlopen(os.environ["PROBE_URL"], timeout=10).read().decode()
    except Exception as e:
        out["fetch"] = "error: " + str(e)
print(json.dumps(out))
`;

const NODE_BOT = `
const https = require('node:https');
const out = { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS };
const done = () => console.log(JSON.stringify(out));
if (!process.env.PROBE_URL) done();
else https.get(process.env.PROBE_URL, (res) => { let body = ''; res.on('data', (d) => (body += d)); res.on('end', () => { out.fetch = body; done(); }); })
  .on('error', (e) => { out.fetch = 'error: ' + (e.code || e.message); done(); });
`;

function launch(filename: string, content: string, opts: { extraCaPem?: string; secrets?: Record<string, string>; network?: NetworkMode } = {}): SandboxSpec {
  const spec = botLaunch({ config: config.runner, packagesDir: null, filename, files: [{ name: filename, content }], secrets: opts.secrets ?? {}, extraCaPem: opts.extraCaPem });
  return { ...spec, network: opts.network ?? 'none', limits: limitsFor(config.runner) };
}

/** A root that no host trusts (a TLS-inspecting proxy's, say) and a leaf for the host as a sandbox sees it (10.0.2.2). */
async function inspectingProxyPki(): Promise<{ caPem: string; key: string; cert: string }> {
  const crypto = webcrypto as unknown as Crypto;
  const alg = { name: 'ECDSA', namedCurve: 'P-256' };
  const signing = { name: 'ECDSA', hash: 'SHA-256' };
  const [caKeys, leafKeys] = (await Promise.all([1, 2].map(() => crypto.subtle.generateKey(alg, true, ['sign', 'verify'])))) as CryptoKeyPair[];
  const day = 86_400_000;
  const ca = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: 'CN=Inspecting proxy test root',
      notBefore: new Date(Date.now() - day),
      notAfter: new Date(Date.now() + day),
      keys: caKeys!,
      signingAlgorithm: signing,
      extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
    },
    crypto,
  );
  const leaf = await x509.X509CertificateGenerator.create(
    {
      subject: 'CN=10.0.2.2',
      issuer: ca.subjectName,
      notBefore: new Date(Date.now() - day),
      notAfter: new Date(Date.now() + day),
      publicKey: leafKeys!.publicKey,
      signingKey: caKeys!.privateKey,
      signingAlgorithm: signing,
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '10.0.2.2' }]), new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth])],
    },
    crypto,
  );
  const key = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', leafKeys!.privateKey), 'PRIVATE KEY');
  return { caPem: ca.toString('pem'), key, cert: leaf.toString('pem') };
}

describe.skipIf(!active('bubblewrap'))('in the sandbox', () => {
  it("a run sees every variable and reads the host's bundle, read-only", async () => {
    const result = await runToEnd(launch('bot.py', PYTHON_BOT));
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    if (!HOST_BUNDLE) return expect(out.SSL_CERT_FILE).toBeNull();
    for (const v of VARIABLES) expect(out[v]).toBe(SANDBOX_CA_BUNDLE);
    expect(out.sha256).toBe(sha256(HOST_BUNDLE));
    expect(out.writable).toBe(false);
  });

  it("with the test chat's CA: the host's bundle with it appended; a person's own variable still wins", async () => {
    const result = await runToEnd(launch('bot.py', PYTHON_BOT, { extraCaPem: PEM, secrets: { PIP_CERT: '/app/mine.pem' } }));
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.sha256).toBe(sha256(Buffer.concat([HOST_BUNDLE ?? Buffer.alloc(0), Buffer.from(`${PEM}\n`)])));
    expect(out.SSL_CERT_FILE).toBe(SANDBOX_CA_BUNDLE);
    expect(out.PIP_CERT).toBe('/app/mine.pem');
  });

  it('a TypeScript run gets the bundle beside the loader', async () => {
    const result = await runToEnd(launch('bot.ts', `import { readFileSync } from 'node:fs';\nconsole.log(readFileSync(process.env.NODE_EXTRA_CA_CERTS as string).length);\n`, { extraCaPem: PEM }));
    expect(result.code, result.stderr).toBe(0);
    expect(Number(result.stdout)).toBe((HOST_BUNDLE?.length ?? 0) + PEM.length + 1);
  });

  describe.skipIf(!active('network-isolation'))('behind a TLS-inspecting proxy (its root only in the bundle)', () => {
    let pki: Awaited<ReturnType<typeof inspectingProxyPki>>;
    let server: https.Server;
    let url: string;
    beforeAll(async () => {
      pki = await inspectingProxyPki();
      server = https.createServer({ key: pki.key, cert: pki.cert }, (_req, res) => res.end('hello over tls'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `https://10.0.2.2:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(async () => new Promise((r) => server?.close(r)));

    it('Python and Node bots verify the server through the bundle, and fail without the root', async () => {
      const opts = { secrets: { PROBE_URL: url }, network: 'internet-and-host-loopback' as const };
      const fetched = async (file: string, code: string, extraCaPem?: string) => JSON.parse((await runToEnd(launch(file, code, { ...opts, extraCaPem }))).stdout).fetch as string;
      expect(await fetched('bot.py', PYTHON_BOT, pki.caPem)).toBe('hello over tls');
      expect(await fetched('bot.js', NODE_BOT, pki.caPem)).toBe('hello over tls');
      expect(await fetched('bot.py', PYTHON_BOT)).toMatch(/CERTIFICATE_VERIFY_FAILED/);
      expect(await fetched('bot.js', NODE_BOT)).toBe('error: UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    });

    it("an install's spec carries the host's bundle; npm installs from a registry behind the proxy through it", async () => {
      const registry = await startNpmRegistry();
      registry.publish({ name: 'tiny-lib', version: '1.0.0', files: { 'index.js': 'module.exports = 1;\n' } });
      const upstream = Number(new URL(registry.url).port);
      const proxy = tls.createServer({ key: pki.key, cert: pki.cert }, (client) => {
        const server = net.connect(upstream, '127.0.0.1');
        client.pipe(server).pipe(client);
        client.on('error', () => server.destroy());
        server.on('error', () => client.destroy());
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      try {
        const runner = { ...config.runner, npmRegistry: `https://127.0.0.1:${(proxy.address() as AddressInfo).port}/` };
        const install = (projectId: string) => {
          const packagesDir = preparePackagesDir(path.join(root, 'data'), projectId);
          writeManifest(packagesDir, npmManifest({}, ['tiny-lib']));
          return { packagesDir, spec: installSpec(runner, npmInstallStep(runner, ['tiny-lib'], true), packagesDir, INSTALLER_UID) };
        };

        const trusted = install('trusted');
        expect(trusted.spec.files).toEqual(caTrust().files);
        if (HOST_BUNDLE) expect(trusted.spec.files![0]!.content).toEqual(HOST_BUNDLE);
        for (const v of VARIABLES) expect(trusted.spec.env[v]).toBe(HOST_BUNDLE ? SANDBOX_CA_BUNDLE : undefined);
        // The proxy's root as the host's store would hold it (this host's real store must stay untouched).
        const result = await runToEnd({ ...trusted.spec, files: caTrust(pki.caPem).files });
        expect(result.code, result.stderr).toBe(0);
        expect(readFileSync(path.join(trusted.packagesDir, 'node_modules/tiny-lib/index.js'), 'utf8')).toBe('module.exports = 1;\n');

        const untrusted = install('untrusted');
        const env = Object.fromEntries(Object.entries(untrusted.spec.env).filter(([k]) => !VARIABLES.includes(k)));
        const refused = await runToEnd({ ...untrusted.spec, files: [], env: { ...env, npm_config_fetch_retries: '0' } });
        expect(refused.code).not.toBe(0);
        expect(refused.stdout + refused.stderr).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|unable to verify the first certificate/);
        expect(existsSync(path.join(untrusted.packagesDir, 'node_modules/tiny-lib'))).toBe(false);
      } finally {
        await new Promise((r) => proxy.close(r));
        await registry.close();
      }
    });
  });
});
