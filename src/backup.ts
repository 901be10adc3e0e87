// `npm run backup -- <file>`: copies DATA_DIR/app.db to <file> while the server may be running,
// prints one line (where, how big, how long) and exits; any failure is one line and exit code 1.
import { ConfigError, dataDirFrom } from '../server/config';
import { backupDatabase, describeBackup } from '../server/features/ops/backup';
import { Refusal } from '../server/features/ops/refusal';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <file>   (copies DATA_DIR/app.db to a new file)');
  process.exit(1);
}
try {
  console.log(describeBackup(await backupDatabase(dataDirFrom(), file)));
} catch (err) {
  console.error(err instanceof Refusal || err instanceof ConfigError ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
