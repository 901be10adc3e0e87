// `npm run backup -- <file>`: copies DATA_DIR/app.db to <file> while the server may be running,
// prints one line (where, how big, how long) and exits; any failure is one line and exit code 1.
import { ConfigError, dataDirFrom, usesPostgres } from '../server/config';
import { backupDatabase, describeBackup } from '../server/features/ops/backup';
import { Refusal } from '../server/features/ops/refusal';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <file>   (copies DATA_DIR/app.db to a new file)');
  process.exit(1);
}
if (usesPostgres()) {
  console.error('Backup refused: the database is PostgreSQL (DATABASE_URL); back it up with pg_dump, e.g. pg_dump --format=custom --file=<file> "$DATABASE_URL" (docs/operations.md), and keep the files in DATA_DIR with it');
  process.exit(1);
}
try {
  console.log(describeBackup(await backupDatabase(dataDirFrom(), file)));
} catch (err) {
  console.error(err instanceof Refusal || err instanceof ConfigError ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
