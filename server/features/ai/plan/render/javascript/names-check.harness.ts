// Test helper: the names a rendered JavaScript file reads that nothing defines (a typo, a helper left
// out), found by the repo's own TypeScript checking the files as JavaScript with Node's globals (one
// tsc for all). `node --check` only parses, so it misses them; platform libraries that are not
// installed here (discord.js, @slack/bolt...) are not needed, only their missing-module errors are.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NODE_MODULES = fileURLToPath(new URL('../../../../../../node_modules', import.meta.url));

/** TypeScript's "cannot find name" errors (plain, with a suggestion, or a Node global without types). */
const UNDEFINED = /^(\d+)\/bot\.js\(\d+,\d+\): error TS(2304|2552|2591|2662|2663): (.*)$/;

/** For each key, the undefined names' messages (empty when there are none). */
export async function undefinedNames(files: Array<{ key: string; code: string }>): Promise<Map<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'plan-js-names-'));
  try {
    files.forEach((file, i) => {
      mkdirSync(join(dir, String(i)));
      writeFileSync(join(dir, String(i), 'bot.js'), file.code);
    });
    const compilerOptions = {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      strict: false,
      module: 'commonjs',
      target: 'es2022',
      lib: ['es2023', 'dom'],
      types: ['node'],
      typeRoots: [join(NODE_MODULES, '@types')],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*/bot.js'] }));
    const output = await run(join(NODE_MODULES, '.bin', 'tsc'), ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }).then(
      (done) => done.stdout,
      (failed: { stdout?: string }) => failed.stdout ?? '',
    );
    const found = new Map(files.map((file) => [file.key, [] as string[]]));
    for (const line of output.split('\n')) {
      const match = UNDEFINED.exec(line.trim());
      if (match) found.get(files[Number(match[1])]!.key)!.push(match[3]!);
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Names the file defines at its top level (functions and constants) that it never uses again. */
export function unusedNames(code: string): string[] {
  const defined = [...code.matchAll(/^(?:async )?function (\w+)\(|^const (\w+) =|^const \{ ([\w, ]+) \} =/gm)].flatMap((m) => (m[3] ? m[3].split(/,\s*/) : [m[1] ?? m[2]!]));
  return defined.filter((name) => code.match(new RegExp(`\\b${name}\\b`, 'g'))!.length < 2);
}
