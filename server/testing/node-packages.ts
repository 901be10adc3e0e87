// Tests that run real libraries inside the sandbox (Telegraf, grammY...) give the project a copy of
// the repository's own packages as its installed dependencies: no registry involved.
import { cpSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Copies packages and everything they depend on from the repository's node_modules; answers how many were named. */
export function copyPackages(names: string[], dest: string): number {
  const root = path.resolve(import.meta.dirname, '../../node_modules');
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const dir = path.join(root, name);
    if (!existsSync(dir)) continue;
    cpSync(dir, path.join(dest, name), { recursive: true, dereference: true });
    queue.push(...dependenciesOf(dir));
  }
  return seen.size;
}

/** What a package needs, and what the packages nested in its own node_modules need (those may be hoisted). */
function dependenciesOf(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const names = Object.keys(pkg.dependencies ?? {});
  const nested = path.join(dir, 'node_modules');
  if (!existsSync(nested)) return names;
  for (const entry of readdirSync(nested)) {
    const scoped = entry.startsWith('@') ? readdirSync(path.join(nested, entry)).map((e) => path.join(entry, e)) : [entry];
    for (const name of scoped) if (existsSync(path.join(nested, name, 'package.json'))) names.push(...dependenciesOf(path.join(nested, name)));
  }
  return names;
}

