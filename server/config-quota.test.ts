// Storage quotas in the configuration (QUOTA_*): defaults that fit a small team's server, values
// in MiB and counts (bots included), and a bad value or contradiction refused with a line naming the variable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'botwright-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MiB = 1024 * 1024;
const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...env });

describe('QUOTA_* settings', () => {
  it('default to 200 files / 20 MiB a project, 1,000 files / 100 MiB / 20 bots a person, 50 versions, 30 days, newest 10 kept', () => {
    expect(load().quota).toEqual({
      projectFiles: 200,
      projectBytes: 20 * MiB,
      userFiles: 1000,
      userBytes: 100 * MiB,
      userBots: 20,
      versionsPerFile: 50,
      versionDays: 30,
      versionsAlwaysKept: 10,
    });
  });

  it('take other values', () => {
    const quota = load({
      QUOTA_PROJECT_FILES: '3',
      QUOTA_PROJECT_MB: '1',
      QUOTA_USER_FILES: '10',
      QUOTA_USER_MB: '2',
      QUOTA_USER_BOTS: '1',
      QUOTA_VERSIONS_PER_FILE: '5',
      QUOTA_VERSIONS_DAYS: '7',
      QUOTA_VERSIONS_ALWAYS_KEEP: '0',
    }).quota;
    expect(quota).toEqual({ projectFiles: 3, projectBytes: MiB, userFiles: 10, userBytes: 2 * MiB, userBots: 1, versionsPerFile: 5, versionDays: 7, versionsAlwaysKept: 0 });
    expect(load({ QUOTA_USER_BOTS: '10000' }).quota.userBots).toBe(10_000);
  });

  it.each([
    ['QUOTA_PROJECT_FILES', '0'],
    ['QUOTA_PROJECT_MB', 'lots'],
    ['QUOTA_USER_FILES', '-1'],
    ['QUOTA_USER_MB', '1.5'],
    ['QUOTA_USER_BOTS', '0'],
    ['QUOTA_USER_BOTS', '10001'],
    ['QUOTA_USER_BOTS', 'many'],
    ['QUOTA_VERSIONS_PER_FILE', '0'],
    ['QUOTA_VERSIONS_DAYS', '0'],
  ])('%s=%s stops start-up with a line naming it', (key, value) => {
    expect(() => load({ [key]: value })).toThrow(ConfigError);
    expect(() => load({ [key]: value })).toThrow(new RegExp(`^Invalid configuration: ${key} `));
  });

  it('refuses keeping more versions regardless of age than a file may keep at all', () => {
    expect(() => load({ QUOTA_VERSIONS_PER_FILE: '5', QUOTA_VERSIONS_ALWAYS_KEEP: '6' })).toThrow(/QUOTA_VERSIONS_ALWAYS_KEEP/);
  });
});
