// The test files that touch the database: those that start the app (in-process or as a process)
// or open a database themselves. The `unit-postgres` project runs exactly these a second time, on
// PostgreSQL; the rest (the assistant's reading, the sandbox, the emulator) never open one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const OPENS_A_DATABASE = /\b(startTestApp|startServerProcess|startAppWithModel|freshDatabasePerTest|connectDatabase|openDatabase|testDatabaseEnv|buildApp)\b/;

/** Tests about the SQLite file itself (its statement cache, file modes, online backup): SQLite only. */
const ABOUT_THE_SQLITE_FILE = new Set(['server/db/statement-cache.test.ts', 'server/features/ops/backup-restore.test.ts', 'server/data-dir-modes.test.ts']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Under these folders (relative to the repository), the database tests, as paths Vitest includes. */
export function testsTouchingTheDatabase(root: string, folders: string[]): string[] {
  return folders
    .flatMap((folder) => testFiles(path.join(root, folder)))
    .map((file) => path.relative(root, file))
    .filter((file) => !ABOUT_THE_SQLITE_FILE.has(file) && OPENS_A_DATABASE.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
