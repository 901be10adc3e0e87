// The test chat's certificate authority: in test mode api.telegram.org resolves, inside the sandbox
// only, to the Bot API emulator, which answers TLS with a leaf this CA signs; the CA joins the
// sandbox's CA bundle (runner/sandbox/ca-bundle.ts). The CA is made once into DATA_DIR and kept; it
// is name-constrained to the emulator's names, so its key could not vouch for any other site.
import './reflect-metadata';
import { createPrivateKey, createPublicKey, randomBytes, webcrypto } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { systemClock, type Clock } from '../../clock';
import { privateDir, privateFile } from '../../data-dir';

export type TestChatCertificates = {
  /** The CA certificate (PEM): what the sandbox's bundle adds. */
  caPem: string;
  /** The leaf's private key (PKCS#8 PEM). */
  key: string;
  /** The leaf for api.telegram.org and 127.0.0.2 (PEM), signed by the CA. */
  cert: string;
};

export const TEST_CHAT_HOST = 'api.telegram.org';
export const TEST_CHAT_ADDRESS = '127.0.0.2';

const crypto = webcrypto as unknown as Crypto;
const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };
const DAY = 24 * 60 * 60 * 1000;
const CA_LIFETIME = 10 * 365 * DAY;
// Within what browsers accept of a leaf; the CA is renewed before it has less than that left.
const LEAF_LIFETIME = 397 * DAY;
// A little in the past: a sandbox's clock a few minutes behind must not find the leaf not yet valid.
const BACKDATE = 60 * 60 * 1000;
const NAME_CONSTRAINTS = '2.5.29.30';

type Ca = { cert: x509.X509Certificate; certPem: string; key: CryptoKey };

/** Generated once into `dataDir/test-chat-ca/ca.pem` (0600, in a 0700 dir), reused after; a fresh leaf per call. */
export async function loadTestChatCertificates(dataDir: string, clock: Clock = systemClock): Promise<TestChatCertificates> {
  const dir = path.join(dataDir, 'test-chat-ca');
  privateDir(dir);
  const ca = await storedCa(path.join(dir, 'ca.pem'), clock.now());
  const leaf = await issueLeaf(ca, clock.now());
  return { caPem: ca.certPem, ...leaf };
}

/**
 * The CA in `file`, made when it is missing, unusable or due for renewal. A new one is written
 * aside and linked into place, which never replaces a file (unlike rename): concurrent first calls
 * all end up with the one that landed first. A bad file is removed only while it is still the bad
 * one (synchronously, so no other call of this process slips in between).
 */
async function storedCa(file: string, now: Date): Promise<Ca> {
  const text = await readText(file);
  const found = text === null ? null : await parseCa(text, now);
  if (found) {
    privateFile(file); // an older copy may have been readable by others
    return found;
  }
  if (text !== null) removeIfStill(file, text);
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, await newCaFile(now), { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  } finally {
    await rm(temp, { force: true });
  }
  const stored = await readText(file);
  const ca = stored === null ? null : await parseCa(stored, now);
  if (!ca) throw new Error(`The test chat's certificate authority could not be stored in ${file}`);
  privateFile(file);
  return ca;
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function removeIfStill(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** A CA this server can use: certificate and key that belong together, valid long enough, with today's constraints. */
async function parseCa(text: string, now: Date): Promise<Ca | null> {
  try {
    const certPem = pemBlock(text, 'CERTIFICATE');
    const keyPem = pemBlock(text, 'PRIVATE KEY');
    const cert = new x509.X509Certificate(certPem);
    const keyObject = createPrivateKey(keyPem);
    const matches = Buffer.from(cert.publicKey.rawData).equals(createPublicKey(keyObject).export({ type: 'spki', format: 'der' }));
    const constraints = cert.getExtension(NAME_CONSTRAINTS);
    const current = constraints !== null && Buffer.from(constraints.value).equals(nameConstraints());
    if (!matches || !current || cert.notAfter.getTime() - now.getTime() < LEAF_LIFETIME) return null;
    const key = await crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(keyPem), KEY_ALGORITHM, false, ['sign']);
    return { cert, certPem, key };
  } catch {
    return null;
  }
}

async function newCaFile(now: Date): Promise<string> {
  const keys = (await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serialNumber(),
      name: 'CN=Botwright test chat CA, O=Botwright',
      notBefore: new Date(now.getTime() - BACKDATE),
      notAfter: new Date(now.getTime() + CA_LIFETIME),
      keys,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        new x509.Extension(NAME_CONSTRAINTS, true, Uint8Array.from(nameConstraints())),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const key = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return `${cert.toString('pem')}\n${key}\n`;
}

async function issueLeaf(ca: Ca, now: Date): Promise<{ key: string; cert: string }> {
  const keys = (await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const caKeyId = ca.cert.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serialNumber(),
      subject: `CN=${TEST_CHAT_HOST}`,
      issuer: ca.cert.subjectName,
      notBefore: new Date(now.getTime() - BACKDATE),
      notAfter: new Date(Math.min(now.getTime() + LEAF_LIFETIME, ca.cert.notAfter.getTime())),
      publicKey: keys.publicKey,
      signingKey: ca.key,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
        new x509.SubjectAlternativeNameExtension([
          { type: 'dns', value: TEST_CHAT_HOST },
          { type: 'ip', value: TEST_CHAT_ADDRESS },
        ]),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
        caKeyId ? new x509.AuthorityKeyIdentifierExtension(caKeyId) : await x509.AuthorityKeyIdentifierExtension.create(ca.cert, false, crypto),
      ],
    },
    crypto,
  );
  const key = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return { key: `${key}\n`, cert: `${cert.toString('pem')}\n` };
}

/** 16 random bytes, positive and in minimal DER (Go refuses a negative or zero-padded serial). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes.toString('hex');
}

/** NameConstraints permitting only dNSName api.telegram.org and iPAddress 127.0.0.2/32 (RFC 5280 4.2.1.10). */
function nameConstraints(): Buffer {
  const der = (tag: number, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    if (body.length > 127) throw new Error('name constraints too long for short-form DER');
    return Buffer.concat([Buffer.from([tag, body.length]), body]);
  };
  const dns = der(0x82, Buffer.from(TEST_CHAT_HOST, 'ascii'));
  const ip = der(0x87, Buffer.from(TEST_CHAT_ADDRESS.split('.').map(Number)), Buffer.from([255, 255, 255, 255]));
  return der(0x30, der(0xa0, der(0x30, dns), der(0x30, ip)));
}

function pemBlock(text: string, label: string): string {
  const match = new RegExp(`-----BEGIN ${label}-----[A-Za-z0-9+/=\\s]+-----END ${label}-----`).exec(text);
  if (!match) throw new Error(`no ${label} block`);
  return `${match[0]}\n`;
}
