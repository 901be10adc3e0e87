// TypeScript bots in the real sandbox: types stripped by the shipped loader (swc's stripper, strip-only),
// sibling .ts imports without extension, type errors ignored, syntax errors reported clearly; and
// the loader found both from source and from the bundled server.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createSandbox, limitsFor } from '../sandbox';
import type { SandboxExit } from '../sandbox/sandbox';
import { TYPESCRIPT_LOADER_ARGS, typescriptLoaderDir, typescriptLoaderFiles } from './index';
import { REGISTER_SOURCE, loaderBuildOptions } from './loader-build.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'botwright-ts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = loadConfig({ DATA_DIR: path.join(root, 'data'), JWT_SECRET: 'typescript-test-jwt-secret-long-enough', RUNNER_MEMORY_MB: '256', RUNNER_TMP_MB: '16' });
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const sandbox = await createSandbox(config.runner, path.join(root, 'runs'), quiet);

async function runTs(files: Record<string, string>, loaderDir = typescriptLoaderDir()): Promise<{ exit: SandboxExit; stdout: string; stderr: string }> {
  const proc = await sandbox.spawn({
    argv: [config.runner.node, ...TYPESCRIPT_LOADER_ARGS, 'bot.ts'],
    cwd: '/app',
    mounts: [],
    files: typescriptLoaderFiles(loaderDir),
    workdir: { path: '/app', files: Object.entries(files).map(([name, content]) => ({ name, content })) },
    env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', NODE_ENV: 'production' },
    network: 'none',
    limits: limitsFor(config.runner),
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d) => (stdout += d));
  proc.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => void proc.stop(0), 15_000);
  try {
    return { exit: await proc.exit, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

const UTIL_TS = `export interface Person {
  name: string;
  age?: number;
}

export type Greeting = \`hello \${string}\`;

export function greet(person: Person): Greeting {
  return \`hello \${person.name}\`;
}
`;

describe('TypeScript bots', () => {
  it('run with types, interfaces, generics and an extensionless sibling import', async () => {
    const { exit, stdout, stderr } = await runTs({
      'bot.ts': `import { greet, type Person } from './util';
import type { Greeting } from './util';

interface Config {
  readonly name: string;
  times: number;
}

function twice<T extends number>(n: T): number {
  return n * 2;
}

const config: Config = { name: 'bot', times: 21 };
const person: Person = { name: config.name };
const words: Greeting = greet(person);
const total = twice(config.times) as number;
console.log(words, total, typeof process.versions.node);
`,
      'util.ts': UTIL_TS,
    });
    expect(stderr).toBe('');
    expect(stdout).toBe('hello bot 42 string\n');
    expect(exit).toEqual({ code: 0, signal: null, oomKilled: false });
  });

  it('finds ./util.ts from a compiler-style ./util.js import too', async () => {
    const { exit, stdout } = await runTs({
      'bot.ts': `import { greet } from './util.js';\nconsole.log(greet({ name: 'js-style' }));\n`,
      'util.ts': UTIL_TS,
    });
    expect(stdout).toBe('hello js-style\n');
    expect(exit.code).toBe(0);
  });

  it('a type error does not stop the bot (types are stripped, not checked)', async () => {
    const { exit, stdout } = await runTs({
      'bot.ts': `const count: number = 'not a number';\nfunction f(x: string): number { return x; }\nconsole.log(count, f('still runs'));\n`,
    });
    expect(stdout).toBe('not a number still runs\n');
    expect(exit.code).toBe(0);
  });

  it('keeps line numbers in stack traces', async () => {
    const { exit, stderr } = await runTs({
      'bot.ts': `interface Boom {\n  reason: string;\n}\nconst b: Boom = { reason: 'x' };\nthrow new Error('boom ' + b.reason);\n`,
    });
    expect(exit.code).toBe(1);
    expect(stderr).toContain('Error: boom x');
    expect(stderr).toContain('/app/bot.ts:5:7');
  });

  it('a syntax error is reported with file, line, column and the line itself', async () => {
    const { exit, stdout, stderr } = await runTs({
      'bot.ts': `console.log('never');\nconst broken: = 1;\n`,
    });
    expect(stdout).toBe('');
    expect(exit.code).toBe(1);
    expect(stderr).toMatch(/SyntaxError.*Unexpected token/);
    expect(stderr).toContain('at /app/bot.ts:2:15');
    expect(stderr).toContain('const broken: = 1;\n              ^');
  });

  it('a syntax error in an imported module names that module', async () => {
    const { exit, stderr } = await runTs({
      'bot.ts': `import { x } from './broken';\nconsole.log(x);\n`,
      'broken.ts': `export const x: number = (;\n`,
    });
    expect(exit.code).toBe(1);
    expect(stderr).toContain('SyntaxError');
    expect(stderr).toContain('/app/broken.ts:1:');
  });

  it('TypeScript that needs compiling (enum) is refused with a hint', async () => {
    const { exit, stderr } = await runTs({ 'bot.ts': `enum Color { Red }\nconsole.log(Color.Red);\n` });
    expect(exit.code).toBe(1);
    expect(stderr).toContain('TypeScript enum is not supported in strip-only mode');
    expect(stderr).toContain('types removed, not compiled');
    expect(stderr).toContain('/app/bot.ts:1:1');
  });
});

describe('the loader directory', () => {
  it('from source: a bundle of its own', () => {
    const dir = typescriptLoaderDir();
    expect(typescriptLoaderDir()).toBe(dir);
    expect(statSync(path.join(dir, 'ts-loader.mjs')).mode & 0o004).toBe(0o004);
    // Bundled: nothing imported that the sandbox lacks (only node: builtins).
    const imports = spawnSync(process.execPath, ['--input-type=module', '-e', `import('${path.join(dir, 'ts-loader.mjs')}').then((m) => console.log(Object.keys(m).sort().join(',')))`], { encoding: 'utf8', env: {}, cwd: '/' });
    expect(imports.stdout.trim()).toBe('load,resolve');
  });

  it('from the bundled server: dist/server/ts beside main.js', async () => {
    // A miniature of `npm run build`: the loader as scripts/build-server.mjs writes it, and a bundle
    // of this module standing in for dist/server/main.js.
    const dist = path.join(root, 'dist', 'server');
    buildSync(loaderBuildOptions(path.join(dist, 'ts', 'ts-loader.mjs')));
    copyFileSync(REGISTER_SOURCE, path.join(dist, 'ts', 'register.mjs'));
    const entry = path.join(root, 'entry.ts');
    writeFileSync(entry, `import { typescriptLoaderDir } from ${JSON.stringify(fileURLToPath(new URL('./index.ts', import.meta.url)))};\nconsole.log(typescriptLoaderDir());\n`);
    buildSync({ entryPoints: [entry], outfile: path.join(dist, 'main.js'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
    for (const dir of [root, path.join(root, 'dist'), dist]) chmodSync(dir, 0o755);
    const found = spawnSync(process.execPath, [path.join(dist, 'main.js')], { encoding: 'utf8', env: {} });
    expect(found.stderr).toBe('');
    expect(found.stdout.trim()).toBe(path.join(dist, 'ts'));
    const { stdout } = await runTs({ 'bot.ts': `const n: number = 1;\nconsole.log('from dist', n);\n` }, found.stdout.trim());
    expect(stdout).toBe('from dist 1\n');
  });
});
