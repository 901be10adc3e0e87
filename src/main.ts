// The one entry (`npm start`): read the configuration, migrate, serve, and close cleanly on signals.
import { buildApp } from '../server/app';
import { ConfigError, loadConfig } from '../server/config';
import { StepTimings } from '../server/step-timings';
import { assistantLine, databaseFailure, databaseLine, listenFailure, mailLine } from '../server/startup-lines';

async function main() {
  const timings = new StepTimings('node and modules');
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
  let app;
  try {
    app = await buildApp(config, { timings, runnerInBackground: true });
  } catch (err) {
    const line = databaseFailure(err, config);
    if (!line) throw err;
    console.error(line);
    process.exit(1);
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const line = listenFailure(err, config);
    if (!line) throw err;
    console.error(line);
    process.exit(1);
  }
  timings.mark('listen');
  app.log.info({ startup: timings.steps }, `Botwright is ready at ${config.publicUrl} (started in ${timings.summary()})`);
  app.log.info(databaseLine(config));
  app.log.info(mailLine(config));
  app.log.info(assistantLine(config));
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
