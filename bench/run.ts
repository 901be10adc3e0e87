// `npm run bench [-- name-filter]`: runs every scenario (or those whose name contains the filter),
// prints one line each as a ratio against its baseline, and writes bench-results.json at the
// repository root. Exits 1 only when a scenario could not be measured; a missed goal is reported.
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { report, runScenario, ROUNDS, type Scenario, type ScenarioResult } from './harness';
import { loginThroughput } from './login-throughput';
import { coldStart, secondStart } from './cold-start';
import { feedScenarios } from './feed';
import { runnerScenarios } from './runner';
import { logLinesScenarios } from './log-lines';
import { testChatScenarios } from './test-chat';
import { deployedBotsScenarios } from './deployed-bots';
import { pageWeightScenarios } from './page-weight';
import { firstPaintScenarios } from './first-paint';
import { assistantChecks } from './assistant-checks';
import { feedNodes } from './feed-nodes';
import { remoteStart } from './remote-start';
import { idleBots } from './idle-bots';

const SCENARIOS: Scenario[] = [loginThroughput, coldStart, secondStart, ...feedScenarios, ...runnerScenarios, ...logLinesScenarios, ...testChatScenarios, ...deployedBotsScenarios, ...pageWeightScenarios, ...firstPaintScenarios, assistantChecks, feedNodes, remoteStart, idleBots];

const RESULTS_FILE = path.resolve(import.meta.dirname, '..', 'bench-results.json');

async function main() {
  const filter = process.argv.slice(2).join(' ').trim().toLowerCase();
  // Understanding is a share of requests built right, not a ratio against a baseline: its own report.
  if (filter === 'understanding') {
    await (await import('./understanding')).runUnderstanding();
    process.exit(0);
  }
  const chosen = SCENARIOS.filter((s) => !filter || s.name.toLowerCase().includes(filter));
  if (chosen.length === 0) {
    console.error(`no scenario matches "${filter}"; there are: ${SCENARIOS.map((s) => s.name).join(', ')}`);
    process.exit(1);
  }
  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  const results: ScenarioResult[] = [];
  for (const s of chosen) results.push(await runScenario(s, { log: (line) => console.error(`  ${line}`) }));

  console.log(`\nBenchmarks (median of ${ROUNDS} interleaved rounds, ratio = subject / baseline)`);
  console.log(report(results));
  const loadAfter = loadavg()[0]!;
  const cores = availableParallelism();
  // The run itself loads the machine; a load already high before it means other work shared the cores.
  if (loadBefore > cores / 2) {
    console.log(`\nnote: the machine was busy (1-minute load ${loadBefore.toFixed(2)} on ${cores} cores before the run): the figures are noisy`);
  }
  const machine = { node: process.version, cpus: cores, cpu: cpus()[0]?.model ?? 'unknown', loadAverage: { before: loadBefore, after: loadAfter } };
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify({ date: new Date().toISOString(), machine, rounds: ROUNDS, scenarios: results }, null, 2) + '\n',
  );
  console.log(`\nwrote ${path.basename(RESULTS_FILE)} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (results.some((r) => r.error)) process.exit(1);
  // Nothing may keep the process alive (sockets of a closed app, timers): the run is over.
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
