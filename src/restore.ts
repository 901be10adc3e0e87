// `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of DATA_DIR/app.db
// (the server must be stopped; the current database is kept beside it), prints one line and
// exits; any refusal or failure is one line and exit code 1, with DATA_DIR left as it was.
import { ConfigError, dataDirFrom, usesPostgres } from '../server/config';
import { describeRestore, restoreDatabase } from '../server/features/ops/restore';
import { Refusal } from '../server/features/ops/refusal';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <file>   (replaces DATA_DIR/app.db; stop the server first)');
  process.exit(1);
}
if (usesPostgres()) {
  console.error('Restore refused: the database is PostgreSQL (DATABASE_URL); restore it with pg_restore, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" <file> (docs/operations.md)');
  process.exit(1);
}
try {
  console.log(describeRestore(restoreDatabase(dataDirFrom(), file)));
} catch (err) {
  console.error(err instanceof Refusal || err instanceof ConfigError ? err.message : `Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
