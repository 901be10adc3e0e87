// Test helper: one of the operator's scripts (`npm run <name>`: src/<name>.ts) run as npm runs it
// (node with tsx) in a child process with only PATH and the given env; resolves with its exit code
// and everything it printed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');

export type ScriptResult = { code: number | null; stdout: string; stderr: string };

export function runNpmScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/${script}.ts`, ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
