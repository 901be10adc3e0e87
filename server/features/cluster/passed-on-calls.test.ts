import { describe, expect, it } from 'vitest';
import { PASSED_ON_HEADERS, passOnHeaders, passedOnAddress } from './passed-on-calls';

const SECRET = 'the-cluster-secret-of-this-test-server-0123456789';
const call = { method: 'POST', url: '/trpc/testChat.post', address: '203.0.113.7' };
const request = (headers: Record<string, string>, over: Partial<typeof call> = {}) => ({ method: over.method ?? call.method, url: over.url ?? call.url, headers });

describe('a call a web node passes on', () => {
  it("carries the person's address, read back only with the cluster secret, for that call, within a minute", () => {
    const now = 1_800_000_000_000;
    const headers = passOnHeaders(SECRET, call, now);
    expect(passedOnAddress(SECRET, request(headers), now + 59_000)).toBe('203.0.113.7');
    // Another secret, another call, another address, or a minute later: ignored.
    expect(passedOnAddress('another-secret-of-another-server-0123456789', request(headers), now)).toBeNull();
    expect(passedOnAddress(SECRET, request(headers, { url: '/trpc/testChat.clear' }), now)).toBeNull();
    expect(passedOnAddress(SECRET, request(headers, { method: 'GET' }), now)).toBeNull();
    expect(passedOnAddress(SECRET, request({ ...headers, [PASSED_ON_HEADERS.address]: '198.51.100.1' }), now)).toBeNull();
    expect(passedOnAddress(SECRET, request(headers), now + 61_000)).toBeNull();
    expect(passedOnAddress(SECRET, request({ [PASSED_ON_HEADERS.address]: '198.51.100.1', [PASSED_ON_HEADERS.at]: String(now) }), now)).toBeNull();
  });
});
