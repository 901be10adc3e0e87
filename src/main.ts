// The one entry (`npm start`): read the configuration, migrate, serve, and close cleanly on signals.
import { buildApp } from '../server/app';
import { ConfigError, loadConfig } from '../server/config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Botwright is ready at ${config.publicUrl}`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
