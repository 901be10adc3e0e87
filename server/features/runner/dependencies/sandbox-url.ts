// A package index URL as an install sandbox must use it. A mirror on the host's loopback (a local
// devpi/verdaccio, and what the tests run) is only reachable through slirp4netns's 10.0.2.2, with
// host loopback allowed for that one sandbox; anything else goes out through plain 'internet'. Without slirp4netns (no network namespace, or
// none at all) there is no 10.0.2.2, so the URL stays as configured.
import { HOST_LOOPBACK_FROM_SANDBOX } from '../sandbox/network';
import type { NetworkMode } from '../sandbox/sandbox';

export type SandboxUrl = {
  url: string;
  network: Extract<NetworkMode, 'internet' | 'internet-and-host-loopback'>;
  /** host[:port] as the sandbox sees it. */
  host: string;
  /** Plain http: pip ignores such an index unless it is named a trusted host. */
  insecure: boolean;
};

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::1';
}

export function sandboxUrl(configured: string, slirp: boolean): SandboxUrl {
  const url = new URL(configured);
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && slirp) url.hostname = HOST_LOOPBACK_FROM_SANDBOX;
  return {
    url: url.toString(),
    network: loopback ? 'internet-and-host-loopback' : 'internet',
    host: url.host,
    insecure: url.protocol === 'http:',
  };
}
