// Test helper: compiles generated files with the real toolchains (python3 -m py_compile, node
// --check), in parallel batches. Used by the builtin assistant's tests only.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SourceFile {
  /** A unique key for the result (the file is written under this name's last part). */
  key: string;
  filename: string;
  code: string;
}

/** Compiles every file; returns the compiler's complaint for each key ('' when it compiled). */
export async function compileAll(files: SourceFile[], batchSize = 8): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'builtin-bots-'));
  const results = new Map<string, string>();
  try {
    const jobs = files.map((file, i) => async () => {
      const sub = join(dir, String(i));
      mkdirSync(sub);
      const path = join(sub, file.filename);
      writeFileSync(path, file.code);
      const [cmd, args] = file.filename.endsWith('.py') ? ['python3', ['-m', 'py_compile', path]] : ['node', ['--check', path]];
      try {
        await run(cmd, args, { timeout: 20_000, env: { PATH: process.env.PATH ?? '', HOME: dir } });
        results.set(file.key, '');
      } catch (error) {
        const e = error as { stderr?: string; message: string };
        results.set(file.key, (e.stderr || e.message).trim() || 'failed');
      }
    });
    for (let i = 0; i < jobs.length; i += batchSize) {
      await Promise.all(jobs.slice(i, i + batchSize).map((job) => job()));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
