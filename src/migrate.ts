// `npm run migrate`: bring the database (DATABASE_URL, else DATA_DIR/app.db) up to the latest migration and exit.
import { loadConfig, ConfigError } from '../server/config';
import { connectDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

try {
  const config = loadConfig();
  const database = connectDatabase(config);
  await migrateToLatest(database.db);
  await database.close();
  console.log(`Database ${config.databaseUrl ? 'at DATABASE_URL' : `in ${config.dataDir}`} is up to date.`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
