// `npm run migrate-to-postgres`: copies DATA_DIR/app.db into the empty PostgreSQL database at
// DATABASE_URL (stop the server first), prints one line and exits; a refusal or failure is one line
// and exit code 1, with nothing kept in PostgreSQL.
import { ConfigError, loadConfig } from '../server/config';
import { describeMigration, migrateToPostgres } from '../server/features/ops/migrate-to-postgres';
import { Refusal } from '../server/features/ops/refusal';

try {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Refusal('Set DATABASE_URL to the empty PostgreSQL database to copy DATA_DIR/app.db into (postgres://user:password@host:5432/botwright)');
  console.log(describeMigration(await migrateToPostgres(config.dataDir, config.databaseUrl)));
} catch (err) {
  console.error(err instanceof Refusal || err instanceof ConfigError ? err.message : `Migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
