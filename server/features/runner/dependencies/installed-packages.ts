// Which of a bot's packages its package folder lacks, by name (a version installed earlier counts):
// npm packages by their folder under node_modules, Python distributions by their .dist-info folder.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../../deps';
import { splitNpmSpec } from '../install-request';

export async function packagesNotInstalled(deps: Pick<Deps, 'packageVolumes'>, projectId: string, ecosystem: 'pip' | 'npm', packages: string[]): Promise<string[]> {
  const dir = await deps.packageVolumes.dir(projectId, false);
  if (!dir) return packages;
  if (ecosystem === 'npm') return packages.filter((spec) => !existsSync(path.join(dir, 'node_modules', splitNpmSpec(spec)[0], 'package.json')));
  const installed = pythonDistributions(dir);
  return packages.filter((spec) => !installed.has(normalise(spec.split(/[<>=!~[\s]/)[0]!)));
}

/** The distributions of the bot's venv, by normalised name. */
function pythonDistributions(dir: string): Set<string> {
  const lib = path.join(dir, 'venv', 'lib');
  const names = new Set<string>();
  if (!existsSync(lib)) return names;
  for (const python of readdirSync(lib)) {
    const site = path.join(lib, python, 'site-packages');
    if (!existsSync(site)) continue;
    for (const entry of readdirSync(site)) {
      const m = /^(.+?)-[^-]+\.dist-info$/.exec(entry);
      if (m) names.add(normalise(m[1]!));
    }
  }
  return names;
}

const normalise = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '_');
