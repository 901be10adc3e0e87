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


/**
 * Publishes packages and everything they depend on, as this repository installed them, to a loopback
 * registry (package-index.ts): a real `npm install` of them then needs no public registry. Every
 * version found is published (nested copies may differ from the hoisted ones).
 */
export function publishPackages(registry: { publish(spec: { name: string; version: string; files: Record<string, string>; manifest: Record<string, unknown> }): void }, names: string[]): number {
  const root = path.resolve(import.meta.dirname, '../../node_modules');
  const published = new Set<string>();
  const queue = names.map((name) => path.join(root, name));
  while (queue.length) {
    const dir = queue.shift()!;
    const manifestFile = path.join(dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { name: string; version: string; dependencies?: Record<string, string> };
    const key = `${manifest.name}@${manifest.version}`;
    if (published.has(key)) continue;
    published.add(key);
    const files: Record<string, string> = {};
    const walk = (at: string, rel: string) => {
      for (const entry of readdirSync(at, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || (rel === '' && entry.name === 'package.json')) continue;
        const full = path.join(at, entry.name);
        if (entry.isDirectory()) walk(full, `${rel}${entry.name}/`);
        else if (entry.isFile()) files[`${rel}${entry.name}`] = readFileSync(full, 'utf8');
      }
    };
    walk(dir, '');
    const { scripts: _scripts, ...rest } = manifest as Record<string, unknown>;
    registry.publish({ name: manifest.name, version: manifest.version, files, manifest: rest });
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      // The copy npm would use: nested under this package, else hoisted.
      const nested = path.join(dir, 'node_modules', dep);
      queue.push(existsSync(path.join(nested, 'package.json')) ? nested : path.join(root, dep));
    }
  }
  return published.size;
}
