// The test chat's CA against real verifiers: a real TLS server on loopback with the leaf, Node's
// tls and Python's ssl (OpenSSL, in X509_STRICT mode as Python 3.13 sets by default) as clients.
// Also: the CA is made once and kept, concurrent first loads agree, a broken file is replaced.
import './reflect-metadata';
import { execFile } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadTestChatCertificates, TEST_CHAT_ADDRESS, TEST_CHAT_HOST, type TestChatCertificates } from './certificate-authority';

const root = mkdtempSync(path.join(tmpdir(), 'botwright-test-chat-ca-'));
let count = 0;
const freshDataDir = () => path.join(root, `data-${count++}`);
const caFile = (dataDir: string) => path.join(dataDir, 'test-chat-ca', 'ca.pem');

const servers: tls.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function tlsServer(certs: Pick<TestChatCertificates, 'key' | 'cert'>, host = '127.0.0.1'): Promise<number> {
  const server = tls.createServer({ key: certs.key, cert: certs.cert }, (socket) => socket.end('hello\n'));
  servers.push(server);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** 'ok' once the handshake verified, else the error code. */
function nodeClient(options: tls.ConnectionOptions): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', ...options }, () => {
      resolve(socket.authorized ? 'ok' : String(socket.authorizationError));
      socket.destroy();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const PYTHON_CLIENT = `
import socket, ssl, sys
cafile = sys.argv[2] or None
ctx = ssl.create_default_context(cafile=cafile)
ctx.verify_flags |= ssl.VERIFY_X509_STRICT
try:
    with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10) as raw:
        with ctx.wrap_socket(raw, server_hostname=sys.argv[3]) as s:
            print("ok")
except ssl.SSLCertVerificationError as e:
    print("refused:", e.verify_message)
`;

/** Python's default context (async: the server answering lives in this process). */
function pythonClient(port: number, opts: { cafile?: string; sslCertFile?: string; servername?: string }): Promise<string> {
  const env = { ...process.env, ...(opts.sslCertFile ? { SSL_CERT_FILE: opts.sslCertFile } : {}) };
  return new Promise((resolve, reject) => {
    execFile('python3', ['-c', PYTHON_CLIENT, String(port), opts.cafile ?? '', opts.servername ?? TEST_CHAT_HOST], { env, timeout: 20_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout.trim()),
    );
  });
}

describe('loadTestChatCertificates', () => {
  it('a leaf for api.telegram.org that Node verifies with the CA, and only with it', async () => {
    const certs = await loadTestChatCertificates(freshDataDir());
    const port = await tlsServer(certs);
    expect(await nodeClient({ port, ca: certs.caPem, servername: TEST_CHAT_HOST })).toBe('ok');
    expect(await nodeClient({ port, servername: TEST_CHAT_HOST })).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/);
    expect(await nodeClient({ port, ca: certs.caPem, servername: 'example.com' })).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
  });

  it(`the leaf also names ${TEST_CHAT_ADDRESS}`, async () => {
    const certs = await loadTestChatCertificates(freshDataDir());
    const port = await tlsServer(certs, TEST_CHAT_ADDRESS);
    expect(await nodeClient({ host: TEST_CHAT_ADDRESS, port, ca: certs.caPem })).toBe('ok');
  });

  it("Python's ssl verifies it, with cafile= and through SSL_CERT_FILE, and refuses it without the CA", async () => {
    const dataDir = freshDataDir();
    const certs = await loadTestChatCertificates(dataDir);
    const port = await tlsServer(certs);
    const bundle = path.join(root, 'bundle.pem');
    writeFileSync(bundle, certs.caPem);
    expect(await pythonClient(port, { cafile: bundle })).toBe('ok');
    expect(await pythonClient(port, { sslCertFile: bundle })).toBe('ok');
    expect(await pythonClient(port, {})).toMatch(/^refused: unable to get local issuer certificate/);
  });

  it('the CA is made once: a second load returns the same CA, with a new leaf it signed', async () => {
    const dataDir = freshDataDir();
    const first = await loadTestChatCertificates(dataDir);
    const second = await loadTestChatCertificates(dataDir);
    expect(second.caPem).toBe(first.caPem);
    expect(second.cert).not.toBe(first.cert);
    const port = await tlsServer(second);
    expect(await nodeClient({ port, ca: first.caPem, servername: TEST_CHAT_HOST })).toBe('ok');
  });

  it('a CA with less than a leaf\'s lifetime left is renewed', async () => {
    const dataDir = freshDataDir();
    const first = await loadTestChatCertificates(dataDir);
    const later = (years: number) => ({ now: () => new Date(Date.now() + years * 365 * 86_400_000) });
    expect((await loadTestChatCertificates(dataDir, later(8))).caPem).toBe(first.caPem);
    expect((await loadTestChatCertificates(dataDir, later(9.5))).caPem).not.toBe(first.caPem);
  });

  it('concurrent first loads agree on one CA', async () => {
    const dataDir = freshDataDir();
    const all = await Promise.all(Array.from({ length: 6 }, () => loadTestChatCertificates(dataDir)));
    expect(new Set(all.map((c) => c.caPem)).size).toBe(1);
    expect(readFileSync(caFile(dataDir), 'utf8')).toContain(all[0]!.caPem.trim());
  });

  it('a corrupt or half-written CA file is replaced', async () => {
    const dataDir = freshDataDir();
    const first = await loadTestChatCertificates(dataDir);
    const text = readFileSync(caFile(dataDir), 'utf8');
    for (const broken of ['garbage', text.slice(0, text.length / 2), text.replace(/PRIVATE KEY-----[\s\S]*$/, '')]) {
      writeFileSync(caFile(dataDir), broken);
      const all = await Promise.all(Array.from({ length: 4 }, () => loadTestChatCertificates(dataDir)));
      expect(new Set(all.map((c) => c.caPem)).size).toBe(1);
      const again = all[0]!;
      expect(again.caPem).not.toBe(first.caPem);
      const port = await tlsServer(again);
      expect(await nodeClient({ port, ca: again.caPem, servername: TEST_CHAT_HOST })).toBe('ok');
    }
  });

  it('a key that does not belong to the certificate is not used', async () => {
    const [a, b] = [freshDataDir(), freshDataDir()];
    await Promise.all([loadTestChatCertificates(a), loadTestChatCertificates(b)]);
    const certOfA = readFileSync(caFile(a), 'utf8').replace(/-----BEGIN PRIVATE KEY[\s\S]*$/, '');
    const keyOfB = /-----BEGIN PRIVATE KEY[\s\S]*$/.exec(readFileSync(caFile(b), 'utf8'))![0];
    writeFileSync(caFile(a), certOfA + keyOfB);
    const again = await loadTestChatCertificates(a);
    expect(certOfA).not.toContain(again.caPem.trim());
    const port = await tlsServer(again);
    expect(await nodeClient({ port, ca: again.caPem, servername: TEST_CHAT_HOST })).toBe('ok');
  });

  it('the key file is 0600 in a 0700 directory', async () => {
    const dataDir = freshDataDir();
    await loadTestChatCertificates(dataDir);
    expect(statSync(path.dirname(caFile(dataDir))).mode & 0o777).toBe(0o700);
    expect(statSync(caFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(readFileSync(caFile(dataDir), 'utf8')).toMatch(/BEGIN CERTIFICATE[\s\S]*BEGIN PRIVATE KEY/);
  });

  it('the CA cannot vouch for any other site, even with its own key (name constraints)', async () => {
    const dataDir = freshDataDir();
    const certs = await loadTestChatCertificates(dataDir);
    const crypto = webcrypto as unknown as Crypto;
    const alg = { name: 'ECDSA', namedCurve: 'P-256' };
    const caKey = await crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(/-----BEGIN PRIVATE KEY[\s\S]*$/.exec(readFileSync(caFile(dataDir), 'utf8'))![0]), alg, false, ['sign']);
    const ca = new x509.X509Certificate(certs.caPem);
    const rogue = async (name: string) => {
      const keys = (await crypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
      const cert = await x509.X509CertificateGenerator.create(
        {
          subject: `CN=${name}`,
          issuer: ca.subjectName,
          notBefore: new Date(Date.now() - 3600_000),
          notAfter: new Date(Date.now() + 86_400_000),
          publicKey: keys.publicKey,
          signingKey: caKey,
          signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
          extensions: [
            new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: name }]),
            new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
            new x509.AuthorityKeyIdentifierExtension(ca.getExtension(x509.SubjectKeyIdentifierExtension)!.keyId),
          ],
        },
        crypto,
      );
      const key = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
      return { key, cert: cert.toString('pem') };
    };
    // The probe can succeed: a leaf for the permitted name made the same way verifies.
    const allowed = await tlsServer(await rogue(TEST_CHAT_HOST));
    expect(await nodeClient({ port: allowed, ca: certs.caPem, servername: TEST_CHAT_HOST })).toBe('ok');
    const port = await tlsServer(await rogue('example.com'));
    // Node names OpenSSL's X509_V_ERR_PERMITTED_VIOLATION 'UNSPECIFIED'; Python says which check failed.
    expect(await nodeClient({ port, ca: certs.caPem, servername: 'example.com' })).not.toBe('ok');
    const bundle = path.join(root, 'constrained.pem');
    writeFileSync(bundle, certs.caPem);
    expect(await pythonClient(allowed, { cafile: bundle })).toBe('ok');
    expect(await pythonClient(port, { cafile: bundle, servername: 'example.com' })).toBe('refused: permitted subtree violation');
  });
});
