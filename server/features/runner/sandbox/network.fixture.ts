// A server in miniature for network.test.ts: starts one bot with network, says "running", and waits
// to be killed (the test then checks that the bot's slirp4netns does not outlive it).
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../../config';
import { createSandbox, limitsFor } from './index';

const config = loadConfig(process.env);
const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet } as unknown as FastifyBaseLogger;
const sandbox = await createSandbox(config.runner, `${config.dataDir}/runs`, quiet);
const bot = await sandbox.spawn({
  argv: [config.runner.python, '-c', 'import time; time.sleep(120)'],
  cwd: '/app',
  mounts: [],
  workdir: { path: '/app', files: [] },
  env: { PATH: '/usr/bin:/bin' },
  network: 'internet',
  limits: limitsFor(config.runner),
});
bot.stdout.resume();
bot.stderr.resume();
console.log('running');
await bot.exit;
