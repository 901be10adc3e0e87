// The app's Prometheus metrics, in a registry of its own (never prom-client's global one: tests
// build several apps in one process). Counts that live elsewhere (runs, deployed bots, credits)
// are read when scraped; the rest is counted as it happens.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { runnerPartsOf, type Deps } from '../../deps';
import { countDeployments } from '../bots/deployments';
import { countLiveRuns } from './live-runs';
import { creditsChargedReader } from './credits-charged';
import { AI_OPERATIONS } from './ai-metrics';

/** How often the event loop is sampled; the delay reported is what comes on top of it. */
const LOOP_RESOLUTION_MS = 10;

export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  aiCalls: Counter<'provider' | 'operation'>;
  aiErrors: Counter<'provider' | 'operation'>;
  /** The text of a scrape; the event-loop figures start over after each one. */
  scrape(): Promise<string>;
  close(): void;
};

export function createMetrics(deps: Pick<Deps, 'db' | 'runs' | 'runRecords' | 'ai'>): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'botwright_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long they took to answer',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  countsReadWhenScraped(registry, deps);
  const { aiCalls, aiErrors } = aiCounters(registry, deps.ai.kind);
  const loop = eventLoopDelay(registry);

  return {
    registry,
    httpDuration,
    aiCalls,
    aiErrors,
    async scrape() {
      const text = await registry.metrics();
      loop.reset();
      return text;
    },
    close() {
      loop.disable();
    },
  };
}

/** Figures other modules own (live runs, deployed bots, the ledger's charges), read at each scrape. */
function countsReadWhenScraped(registry: Registry, deps: Pick<Deps, 'db' | 'runs' | 'runRecords'>): void {
  const registers = [registry];
  new Gauge({
    name: 'botwright_runs',
    help: "Runs live now, by mode (live, test) and status (running; starting_or_stopping: the process is not up)",
    labelNames: ['mode', 'status'] as const,
    registers,
    async collect() {
      const counts = await countLiveRuns(runnerPartsOf(deps));
      this.reset();
      for (const c of counts) this.set({ mode: c.mode, status: c.status }, c.runs);
    },
  });

  new Gauge({
    name: 'botwright_deployed_bots',
    help: 'Bots deployed (always on), running or not: rows of the deployments table',
    registers,
    async collect() {
      this.set(await countDeployments(deps.db));
    },
  });

  const readCharged = creditsChargedReader(deps.db);
  new Counter({
    name: 'botwright_credits_charged_total',
    help: 'Credits charged, by ledger type (ai_message, code_edit), read from the credit ledger; refunds are not subtracted',
    labelNames: ['type'] as const,
    registers,
    async collect() {
      const totals = await readCharged();
      this.reset();
      for (const [type, credits] of totals) this.inc({ type }, credits);
    },
  });
}

/** Calls to the AI provider and their failures, every operation shown from the start (at 0). */
function aiCounters(registry: Registry, provider: string): Pick<Metrics, 'aiCalls' | 'aiErrors'> {
  const aiCalls = new Counter({
    name: 'botwright_ai_calls_total',
    help: 'Calls to the AI provider, by provider kind (builtin, openai) and operation (chat, modify, ai_help)',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });
  const aiErrors = new Counter({
    name: 'botwright_ai_errors_total',
    help: 'Calls to the AI provider that failed (not counting ones the person abandoned), by provider kind and operation',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });
  for (const operation of AI_OPERATIONS) {
    aiCalls.inc({ provider, operation }, 0);
    aiErrors.inc({ provider, operation }, 0);
  }
  return { aiCalls, aiErrors };
}

/** The event loop's delay, sampled from now on; the caller resets it after each scrape. */
function eventLoopDelay(registry: Registry): IntervalHistogram {
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const delaySeconds = (nanoseconds: number) => (loop.count === 0 ? 0 : Math.max(0, nanoseconds / 1e6 - LOOP_RESOLUTION_MS) / 1000);
  const loopGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(delaySeconds(read()));
      },
    });
  loopGauge('botwright_event_loop_delay_p50_seconds', 'Event-loop delay since the previous scrape: median', () => loop.percentile(50));
  loopGauge('botwright_event_loop_delay_p99_seconds', 'Event-loop delay since the previous scrape: 99th percentile', () => loop.percentile(99));
  loopGauge('botwright_event_loop_delay_max_seconds', 'Event-loop delay since the previous scrape: longest', () => loop.max);
  return loop;
}
