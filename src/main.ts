// The one entry (`npm start`): read the configuration, migrate, serve, and close cleanly on signals.
import { buildApp } from '../server/app';
import { ConfigError, loadConfig } from '../server/config';
import { StartupTimings } from '../server/startup-timings';

async function main() {
  const timings = new StartupTimings();
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
  timings.mark('configuration');
  const app = await buildApp(config, { timings, runnerInBackground: true });
  await app.listen({ port: config.port, host: config.host });
  timings.mark('listen');
  app.log.info({ startup: timings.steps }, `Botwright is ready at ${config.publicUrl} (started in ${timings.summary()})`);
  void app.runnerReady.then(() => app.log.info({ startup: timings.steps }, `The runner is ready (${timings.summary()})`));
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
