// What procedures declare about themselves (their tRPC meta) is what the limits read, by name.
import { describe, expect, it } from 'vitest';
import { appRouter } from './router';
import { bodyRules, fastReadNames, metaOf } from './procedure-rules';

const names = Object.keys(appRouter._def.procedures);

describe('procedure declarations', () => {
  it('are found by the name a request calls, and nothing is found for a name that is no procedure', () => {
    expect(metaOf('auth.login').rateLimit).toEqual([
      { max: 5, window: '1 minute', key: 'ip+email' },
      { max: 100, window: '1 hour', key: 'ip' },
    ]);
    for (const name of ['constructor', '__proto__', 'toString', 'auth', 'auth.nothing']) expect(metaOf(name)).toEqual({});
  });

  it('a procedure counted as another names one that has limits of its own', () => {
    const counted = names.filter((n) => metaOf(n).countsAs);
    expect(counted.sort()).toEqual(['chat.stream', 'dependencies.installStream']);
    for (const name of counted) expect(metaOf(metaOf(name).countsAs!).rateLimit?.length).toBeGreaterThan(0);
  });

  it('the fast reads are the hot queries, and the largest body is a post with its image', () => {
    expect(fastReadNames().sort()).toEqual(['auth.me', 'bots.list', 'feed.list', 'projects.list']);
    expect(Math.max(...bodyRules().map((r) => r.limit))).toBe(16 * 1024 * 1024);
  });
});
