// The packages each project asked for, kept in the database (project_packages) so that any runner of
// a server of several nodes can give a bot what it asked for: recorded after every install, and
// installed first by a runner that starts the bot without them (a deployed bot placed on another
// runner, a runner that took over). Which of them a runner has is written beside them, in the
// project's packages dir (runs mount only its venv and node_modules, never this file).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Ecosystem, InstallPlan } from '../install-request';
import { nodeModulesReady, venvReady } from './packages-dir';

const HERE_FILE = '.botwright-packages.json';
type Here = Partial<Record<Ecosystem, string[]>>;

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/** Adds an install's packages to what its project asked for. */
export async function recordPackages(db: Kysely<Database>, projectId: string, plan: InstallPlan): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('project_packages').select('packages').where('project_id', '=', projectId).where('ecosystem', '=', plan.ecosystem).executeTakeFirst();
    const packages = JSON.stringify(union(row ? (JSON.parse(row.packages) as string[]) : [], plan.packages));
    if (row) await trx.updateTable('project_packages').set({ packages }).where('project_id', '=', projectId).where('ecosystem', '=', plan.ecosystem).execute();
    else await trx.insertInto('project_packages').values({ project_id: projectId, ecosystem: plan.ecosystem, packages }).execute();
  });
}

function readHere(packagesDir: string): Here | null {
  const file = path.join(packagesDir, HERE_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Here;
  } catch {
    return {};
  }
}

/** Notes that this runner's copy of the project's packages has these. */
export function markInstalledHere(packagesDir: string, plan: InstallPlan): void {
  const here = readHere(packagesDir) ?? {};
  here[plan.ecosystem] = union(here[plan.ecosystem] ?? [], plan.packages);
  writeFileSync(path.join(packagesDir, HERE_FILE), JSON.stringify(here));
}

/**
 * What the project asked for that this runner's copy lacks, one install per package manager. A copy
 * made before packages were noted (a ready venv or node_modules, no note) counts as complete.
 */
export async function packagesMissingHere(db: Kysely<Database>, projectId: string, packagesDir: string | null): Promise<InstallPlan[]> {
  const rows = await db.selectFrom('project_packages').select(['ecosystem', 'packages']).where('project_id', '=', projectId).execute();
  if (rows.length === 0) return [];
  const here = packagesDir ? readHere(packagesDir) : null;
  const ready = { pip: packagesDir !== null && venvReady(packagesDir), npm: packagesDir !== null && nodeModulesReady(packagesDir) };
  return rows.flatMap((row) => {
    if (here === null && ready[row.ecosystem]) return [];
    const have = new Set(ready[row.ecosystem] ? (here?.[row.ecosystem] ?? []) : []);
    const packages = (JSON.parse(row.packages) as string[]).filter((p) => !have.has(p));
    return packages.length ? [{ ecosystem: row.ecosystem, packages }] : [];
  });
}
