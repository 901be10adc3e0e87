// `npm run migrate`: bring the database in DATA_DIR up to the latest migration and exit.
import { loadConfig, ConfigError } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

try {
  const config = loadConfig();
  const { db } = openDatabase(config.dataDir);
  await migrateToLatest(db);
  await db.destroy();
  console.log(`Database in ${config.dataDir} is up to date.`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
