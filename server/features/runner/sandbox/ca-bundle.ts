// Installs and bots trust what the host trusts (docs/runner.md): behind a TLS-inspecting proxy the
// proxy's root is in the host's system bundle, so the sandbox gets that bundle as one read-only file
// and every TLS stack's variable pointing at it (OpenSSL, Python requests, pip, Node, npm).
import { readFileSync } from 'node:fs';

/** Where the bundle appears inside the sandbox (handed over as data, like the TypeScript loader). */
export const SANDBOX_CA_BUNDLE = '/etc/botwright/ca-certificates.crt';

/** Where distributions keep the system bundle: Debian/Ubuntu/Alpine, Fedora/RHEL, openSUSE, Arch's link, others. */
export const HOST_CA_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
] as const;

export type CaTrust = { files: { path: string; content: Buffer }[]; env: Record<string, string> };

let cached: { path: string; content: Buffer } | null | undefined;

/** The host's system bundle, read once per server (a changed host store takes a restart); null when there is none. */
export function hostCaBundle(): Buffer | null {
  cached ??= findCaBundle(HOST_CA_BUNDLES);
  return cached?.content ?? null;
}

/** The first of `candidates` that holds a certificate. */
export function firstCaBundle(candidates: readonly string[]): Buffer | null {
  return findCaBundle(candidates)?.content ?? null;
}

function findCaBundle(candidates: readonly string[]): { path: string; content: Buffer } | null {
  for (const candidate of candidates) {
    try {
      const content = readFileSync(candidate);
      if (content.includes('-----BEGIN CERTIFICATE-----')) return { path: candidate, content };
    } catch {
      /* not on this distribution */
    }
  }
  return null;
}

/**
 * The sandbox's CA bundle: the host's system bundle plus `extraPem` (the test chat's CA) appended,
 * never in its place. Nothing (no file, no variable) when there is nothing to trust; a host without
 * a system bundle gets `extraPem` alone.
 */
export function caTrust(extraPem?: string, hostBundle: Buffer | null = hostCaBundle()): CaTrust {
  const parts: Buffer[] = [];
  if (hostBundle) parts.push(hostBundle);
  if (extraPem?.trim()) {
    if (hostBundle && hostBundle.length && hostBundle[hostBundle.length - 1] !== 0x0a) parts.push(Buffer.from('\n'));
    parts.push(Buffer.from(extraPem.endsWith('\n') ? extraPem : `${extraPem}\n`));
  }
  if (parts.length === 0) return { files: [], env: {} };
  const content = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  const files = [{ path: SANDBOX_CA_BUNDLE, content }];
  // With an extra CA, the system bundle's own path shows the same bundle: programs that read it
  // directly and no variable (Debian's certifi, curl) trust the extra CA too.
  const systemPath = hostBundle === cached?.content ? cached?.path : undefined;
  if (extraPem?.trim() && systemPath) files.push({ path: systemPath, content });
  return {
    files,
    env: {
      SSL_CERT_FILE: SANDBOX_CA_BUNDLE,
      REQUESTS_CA_BUNDLE: SANDBOX_CA_BUNDLE,
      PIP_CERT: SANDBOX_CA_BUNDLE,
      NODE_EXTRA_CA_CERTS: SANDBOX_CA_BUNDLE,
      npm_config_cafile: SANDBOX_CA_BUNDLE,
    },
  };
}
