// The runner's parts (sandbox, dependency volumes, test chat, runs, logs, the deploy supervisor),
// set up on demand: at once, or with `runnerInBackground` when the first request that needs them
// comes (every other request waits for them) or shortly after listening, whichever is first. The
// first page is not held up by the sandbox probe, and deployed bots still come back without a visitor.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { depsWithRunner, type CoreDeps, type Deps, type RunnerDeps } from './deps';
import { createSandbox, limitsFor } from './features/runner/sandbox';
import type { HostTools } from './features/runner/sandbox/host-tools';
import { Runs } from './features/runner/runs/runs';
import { RunLogs, type KeptLogs } from './features/runner/logs/run-logs';
import { SharedRunLogs } from './features/runner/logs/shared-run-logs';
import { startRun } from './features/runner/runs/run.service';
import { Supervisor } from './features/bots/supervisor';
import { thisNode, WEB_NODE_REFUSAL } from './features/cluster/this-node';
import { letGoOfAllTokens } from './features/cluster/held-tokens';
import { RunRecords } from './features/runner/runs/run-records';
import { openTestChat } from './features/test-chat';
import { PackageVolumes } from './features/runner/dependencies/package-volumes';
import type { StepTimings } from './step-timings';

/** With the runner in the background: how long after listening it is set up if no request asked for it first. */
const RUNNER_START_AFTER_LISTEN_MS = 500;

export type RunnerOptions = { timings?: StepTimings; runnerInBackground?: boolean; hostTools?: Partial<HostTools> };

/**
 * The app's whole `Deps`, whose runner parts exist once `app.runnerReady` settles (decorated here with
 * `app.deps`), and the function that ends the runner's parts when the app closes.
 */
export async function withRunnerOnDemand(app: FastifyInstance, core: CoreDeps, opts: RunnerOptions): Promise<{ deps: Deps; closeRunner: () => Promise<void> }> {
  let runner: RunnerDeps | null = null;
  const deps = depsWithRunner(core, () => runner);
  let begin!: () => void;
  let begun = false;
  let startTimer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve) => (begin = resolve))
    .then(() => startRunner(deps, opts.timings, opts.hostTools))
    .then((parts) => {
      runner = parts;
    });
  const startRunnerNow = () => {
    begun = true;
    begin();
  };
  app.decorate('deps', { getter: () => deps });
  app.decorate('runnerReady', ready);
  app.addHook('onRequest', async (req) => {
    if (runner || (req.method === 'GET' && !/^\/(api|trpc|ws|hooks|cluster)(\/|$|\?)/.test(req.url))) return;
    startRunnerNow();
    await ready;
  });
  app.addHook('onListen', async () => {
    if (!begun) startTimer = setTimeout(startRunnerNow, RUNNER_START_AFTER_LISTEN_MS);
    // Every deployed bot runs again once the runner is set up (start-up does not wait for them).
    void ready.then(() => deps.supervisor.reconcile()).catch((err) => app.log.error({ err }, 'deployed bots could not be started'));
  });
  const closeRunner = async () => {
    clearTimeout(startTimer);
    if (begun) await ready.catch(() => {});
    runner?.supervisor.close();
    await runner?.runs.close();
    await runner?.supervisor.handBack().catch((err) => app.log.warn({ err }, 'the bots of this node could not be handed back (they move when their leases expire)'));
    await runner?.testChat.emulator.close();
    await runner?.packageVolumes.close();
  };
  if (!opts.runnerInBackground) {
    startRunnerNow();
    await ready;
  } else ready.catch((err) => app.log.fatal({ err }, 'the runner could not be set up'));
  return { deps, closeRunner };
}

/** The runner's parts, set up side by side: sandbox, dependency volumes, test chat, runs, logs and the deploy supervisor. */
async function startRunner(deps: Deps, timings: StepTimings | undefined, hostTools: Partial<HostTools> | undefined): Promise<RunnerDeps> {
  const { config, db, log } = deps;
  const timed = <T>(step: string, work: Promise<T>) => timings?.during(step, work) ?? work;
  const [sandbox, packageVolumes, testChat] = await Promise.all([
    timed('sandbox probe', createSandbox(config.runner, path.join(config.dataDir, 'runs'), log, hostTools)),
    timed('dependency volumes', PackageVolumes.open({ dataDir: config.dataDir, sizeBytes: config.runner.depsBytes, log })),
    timed('test chat', openTestChat({ dataDir: config.dataDir, log })),
  ]);
  log.info(`Runner dependencies: ${packageVolumes.storage.detail}`);
  // On PostgreSQL every node reads and writes the same kept logs; else they are files in DATA_DIR.
  const runLogs: KeptLogs = config.databaseUrl
    ? new SharedRunLogs({ db, keptBytes: config.runner.logFileBytes * config.runner.logFiles, log })
    : new RunLogs({ dir: path.join(config.dataDir, 'logs'), fileBytes: config.runner.logFileBytes, files: config.runner.logFiles, log });
  const node = thisNode(config, db, deps.channel, log, { holdsBots: config.cluster.role !== 'web' && sandbox.policy.refusal === null, liveRuns: () => runs.liveCount() });
  const runRecords = new RunRecords(db, log, node?.id ?? null);
  // Runs of a node whose heartbeat stopped two lease times ago (killed, its machine lost) ended with it.
  node?.keeper.eachBeat(() => runRecords.endRunsOfGoneNodes(Date.now(), 2 * config.cluster.leaseMs));
  // Ends this node could not write while it was cut off from the database.
  node?.keeper.eachBeat(() => runRecords.retryEnds());
  // Runs the previous server left live ended with it (kill -9, a crash, a reboot).
  const leftovers = await runRecords.endLeftovers(deps.clock.now().getTime());
  if (leftovers > 0) log.info({ runs: leftovers }, 'runs of the previous server marked as ended');
  // Their tokens were let go of with them.
  if (node) await letGoOfAllTokens(db, node.id);
  const runs: Runs = new Runs({
    sandbox,
    config: config.runner,
    limits: limitsFor(config.runner),
    log,
    logs: runLogs,
    records: runRecords,
    ...(node ? { sharedTokens: node.sharedTokens } : {}),
    ...(config.cluster.role === 'web' ? { refusal: WEB_NODE_REFUSAL } : {}),
  });
  const supervisor = new Supervisor({
    db,
    runs,
    log,
    maxDeployedPerUser: config.runner.maxDeployedPerUser,
    silentAfterMs: config.runner.silentAfterMs,
    start: (userId, fileId) => startRun({ deps, userId }, { fileId, mode: 'live', supervised: true }),
    ...(node ? { leases: node.keeper, webNode: config.cluster.role === 'web' } : {}),
  });
  timings?.mark('runner ready');
  return { sandbox, packageVolumes, testChat, runLogs, runRecords, runs, supervisor };
}
