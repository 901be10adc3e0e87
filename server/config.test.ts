// Configuration (docs/configuration.md): every variable optional with embedded defaults, a generated
// JWT secret of >= 32 random bytes kept in DATA_DIR, and a bad value refused with a line naming it.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, proxyTrust } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'botwright-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('bad values stop start-up with a line naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['SMTP_URL', 'http://user:hunter2@mail.example.com'],
    ['JWT_SECRET', 'too-short-secret'],
    ['JWT_SECRET', 'x'.repeat(31)],
    ['PUBLIC_URL', 'not a url'],
    ['GOOGLE_ISSUER', 'accounts.google.com'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '1.5'],
    ['TRUST_PROXY', '10.0.0.300'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,'],
    ['ADMIN_KEY', 'short'],
    ['DATABASE_URL', 'mysql://user:hunter2@db.example.com/botwright'],
    ['DATABASE_URL', '/var/lib/botwright/app.db'],
    ['BOTWRIGHT_ROLE', 'worker'],
    ['NODE_URL', 'ftp://10.0.0.5:3000'],
    ['CLUSTER_SECRET', 'too-short'],
    ['BOT_LEASE_SECONDS', '0'],
  ])('%s=%s', (name, value) => {
    const err = refusal({ [name]: value });
    expect(err.message.split('\n')).toHaveLength(1);
    expect(err.message).toMatch(new RegExp(`\\b${name}\\b`));
    // A refused secret is never echoed back to the console.
    if (name === 'JWT_SECRET' || name === 'ADMIN_KEY' || name === 'CLUSTER_SECRET') expect(err.message).not.toContain(value);
  });

  it('a refused SMTP_URL does not echo its password', () => {
    expect(refusal({ SMTP_URL: 'http://user:hunter2@mail.example.com' }).message).not.toContain('hunter2');
  });

  it('a refused DATABASE_URL does not echo its password; postgres:// and postgresql:// are taken, unset is SQLite', () => {
    expect(refusal({ DATABASE_URL: 'mysql://user:hunter2@db.example.com/botwright' }).message).toBe('Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/b' }).databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/b');
      expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://db.example.com/b?sslmode=require' }).databaseUrl).toBe('postgresql://db.example.com/b?sslmode=require');
      expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }).databaseUrl).toBeNull();
      expect(loadConfig({ DATA_DIR: dataDir }).databaseUrl).toBeNull();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a web or runner node needs the shared database, secrets and its own address; a single process needs none', () => {
    expect(refusal({ BOTWRIGHT_ROLE: 'runner' }).message).toBe(
      'Invalid configuration: BOTWRIGHT_ROLE=runner needs DATABASE_URL, JWT_SECRET, CLUSTER_SECRET, NODE_URL: the nodes of a server share one PostgreSQL and their secrets, and each says where the others reach it',
    );
    expect(refusal({ BOTWRIGHT_ROLE: 'web', DATABASE_URL: 'postgres://u:p@127.0.0.1/b', JWT_SECRET: 'j'.repeat(40) }).message).toMatch(/BOTWRIGHT_ROLE=web needs CLUSTER_SECRET, NODE_URL:/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-config-'));
    try {
      const node = loadConfig({
        DATA_DIR: dataDir,
        BOTWRIGHT_ROLE: 'runner',
        DATABASE_URL: 'postgres://u:p@127.0.0.1/b',
        JWT_SECRET: 'j'.repeat(40),
        CLUSTER_SECRET: 'c'.repeat(40),
        NODE_URL: 'http://10.0.0.5:3000/',
        BOT_LEASE_SECONDS: '20',
      }).cluster;
      expect(node).toEqual({ role: 'runner', nodeUrl: 'http://10.0.0.5:3000', secret: 'c'.repeat(40), leaseMs: 20_000 });
      // One process: every role, reached where it listens, a cluster secret derived from its signing secret.
      const single = loadConfig({ DATA_DIR: dataDir, PORT: '4100' }).cluster;
      expect(single).toMatchObject({ role: 'all', nodeUrl: 'http://127.0.0.1:4100', leaseMs: 15_000 });
      expect(single.secret).toHaveLength(43);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two bad variables give two lines, each naming its variable', () => {
    const lines = refusal({ PORT: 'abc', SMTP_URL: 'ftp://x' }).message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => /\bPORT\b/.test(l))).toBe(true);
    expect(lines.some((l) => /\bSMTP_URL\b/.test(l))).toBe(true);
  });

  it('TRUST_PROXY=true is refused with a line that says what to set instead', () => {
    const message = refusal({ TRUST_PROXY: 'true' }).message;
    expect(message).toMatch(/X-Forwarded-For/);
    expect(message).toMatch(/number of proxies/);
    expect(message).toMatch(/addresses\/CIDRs/);
  });

  it('GOOGLE_CLIENT_ID without GOOGLE_CLIENT_SECRET is refused, naming both', () => {
    const err = refusal({ GOOGLE_CLIENT_ID: 'id-only' });
    expect(err.message).toMatch(/GOOGLE_CLIENT_ID/);
    expect(err.message).toMatch(/GOOGLE_CLIENT_SECRET/);
  });

  it('good values are taken as given', () => {
    const dataDir = tempDir();
    const c = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://bots.example.com/',
      JWT_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      GOOGLE_CLIENT_ID: 'cid',
      GOOGLE_CLIENT_SECRET: 'csecret',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://bots.example.com',
      jwtSecret: 's'.repeat(32),
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      google: { clientId: 'cid', clientSecret: 'csecret', issuer: 'https://accounts.google.com' },
      trustProxy: 2,
      logLevel: 'warn',
    });
  });
});

describe('RUNNER_PIP_FIND_LINKS', () => {
  it('a relative path is the folder under the working directory at start-up; the assistant checks its bots unless ASSISTANT_CHECKS=off', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), RUNNER_PIP_FIND_LINKS: 'wheels' });
    expect(c.runner.pipFindLinks).toBe(path.join(process.cwd(), 'wheels'));
    expect(c.assistantChecks).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), ASSISTANT_CHECKS: 'off' }).assistantChecks).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;

  it('takes false, a hop count, or a list of proxy addresses, CIDRs and proxy-addr names', () => {
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 3 ')).toBe(3);
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8 , ::1,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1', 'loopback']);
  });

  it('a hop count trusts the socket peer and that many forwarded entries minus one, never more', () => {
    const trust = proxyTrust(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false, false]);
    expect(proxyTrust(false)).toBe(false);
    expect(proxyTrust(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});

describe('a bare environment', () => {
  it('gives the documented defaults, with DATA_DIR ./data under the working directory', () => {
    const cwd = process.cwd();
    const work = tempDir();
    process.chdir(work);
    try {
      const c = loadConfig({});
      expect(c).toMatchObject({
        port: 3000,
        host: '127.0.0.1',
        publicUrl: 'http://localhost:3000',
        dataDir: path.join(work, 'data'),
        adminKey: null,
        smtpUrl: null,
        google: null,
        googleIssuer: 'https://accounts.google.com',
        openai: null,
        logLevel: 'info',
        trustProxy: false,
      });
    } finally {
      process.chdir(cwd);
    }
  });

  it('blank values count as unset', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), PORT: '', SMTP_URL: '  ', JWT_SECRET: '' });
    expect(c.port).toBe(3000);
    expect(c.smtpUrl).toBeNull();
  });

  it('generates a secret of >= 32 random bytes once, keeps it in DATA_DIR (0600) and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(Buffer.from(first, 'base64url').length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    // Random: another data directory gets another secret, with no shared structure.
    const other = loadConfig({ DATA_DIR: tempDir() }).jwtSecret;
    expect(other).not.toBe(first);
    expect(new Set(first).size).toBeGreaterThan(20);
  });

  it('JWT_SECRET, when set, wins over the generated one and writes no file', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(40) }).jwtSecret).toBe('k'.repeat(40));
    expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
  });
});
