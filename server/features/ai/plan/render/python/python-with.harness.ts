// Test helper: the python3 that can import what a rendered bot needs (Debian's, where CI installs
// python3-flask and python3-requests, else the one on PATH); undefined when none can, and the
// tests that run the bot then fail saying so.
import { execFileSync } from 'node:child_process';

export function pythonWith(modules: string): string | undefined {
  return ['/usr/bin/python3', 'python3'].find((python) => {
    try {
      execFileSync(python, ['-c', `import ${modules}`], { stdio: 'ignore', timeout: 20_000 });
      return true;
    } catch {
      return false;
    }
  });
}
