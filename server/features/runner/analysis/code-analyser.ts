// Runs parse-imports and detect-env-vars in worker threads. tree-sitter parses synchronously and a
// hostile 1 MiB file keeps it busy for seconds (0.3-0.8 s for a plain 1 MiB bot file), which would
// stall every other request on the server's event loop; a worker stalls only other analyses.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { DetectedEnvVar, EnvLanguage, ImportLanguage } from '../../../../shared/runner.schema';
import { builtServerDir, runningFromSource } from '../../../built-server-dir';
import { AppError } from '../../../errors';
import type { ParsedImports, SyntaxReport } from './imports';

export type AnalysisJob =
  | { id: number; kind: 'imports'; content: string; language: ImportLanguage }
  | { id: number; kind: 'envVars'; content: string; language: EnvLanguage }
  | { id: number; kind: 'syntax'; content: string; language: ImportLanguage };
export type AnalysisReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

export type CodeAnalyser = {
  parseImports(content: string, language: ImportLanguage): Promise<ParsedImports>;
  detectEnvVars(content: string, language: EnvLanguage): Promise<DetectedEnvVar[]>;
  /** Syntax errors (tree-sitter ERROR and MISSING nodes) and the modules the file loads. */
  checkSyntax(content: string, language: ImportLanguage): Promise<SyntaxReport>;
  /** Ends the workers; waiting and running analyses fail. */
  close(): Promise<void>;
};

export type CodeAnalyserOptions = {
  log: FastifyBaseLogger;
  /** Worker threads; by default one per spare core, at most two (the server keeps a core). */
  workers?: number;
  /** Time one analysis may run; past it its worker is ended and replaced. */
  timeoutMs?: number;
  /** Time one analysis may wait for a worker (by default as long as it may run); past it, 503. */
  maxWaitMs?: number;
  /** Analyses waiting for a worker; more answer 503 (each holds up to 1 MiB of text). */
  maxWaiting?: number;
};

// From source (tsx, vitest) this module is a .ts file and the worker starts through tsx; in the
// bundle the worker is the bundled entry beside main.js (this module may be in a chunk below it).
const workerEntry = () =>
  runningFromSource ? new URL('./analysis.worker.source.mjs', import.meta.url) : pathToFileURL(path.join(builtServerDir(), 'analysis-worker.js'));

const busy = () => new AppError('SERVICE_UNAVAILABLE', 'The code analyser is busy. Please try again in a moment.', { retryAfterSeconds: 5 });

/** The JS heap of one worker (tree-sitter's wasm memory is apart): a runaway walk fails, the server lives. */
const WORKER_HEAP_MB = 512;

type Task = {
  job: AnalysisJob;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
  /** While waiting: the wait limit; once running: the run limit. */
  timer: NodeJS.Timeout;
};
type Slot = { worker: Worker | null; task: Task | null };

/** Added to the time limit of a job that starts a new worker (loading the grammars). */
const WORKER_START_ALLOWANCE_MS = 5_000;

export function createCodeAnalyser(opts: CodeAnalyserOptions): CodeAnalyser {
  const pool = new AnalysisPool(opts);
  return {
    parseImports: (content, language) => pool.run<ParsedImports>({ kind: 'imports', content, language }),
    detectEnvVars: (content, language) => pool.run<DetectedEnvVar[]>({ kind: 'envVars', content, language }),
    checkSyntax: (content, language) => pool.run<SyntaxReport>({ kind: 'syntax', content, language }),
    close: () => pool.close(),
  };
}

/** The workers (slots, each started when first needed) and the analyses waiting for one. */
class AnalysisPool {
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;
  private readonly maxWaitMs: number;
  private readonly maxWaiting: number;
  private readonly slots: Slot[];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: CodeAnalyserOptions) {
    this.log = opts.log;
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.maxWaitMs = opts.maxWaitMs ?? this.timeoutMs;
    this.maxWaiting = opts.maxWaiting ?? 32;
    this.slots = Array.from({ length: opts.workers ?? Math.min(2, Math.max(1, availableParallelism() - 1)) }, () => ({ worker: null, task: null }));
  }

  run<T>(job: Omit<AnalysisJob, 'id'>): Promise<T> {
    if (this.closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down'));
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(busy());
    }
    return new Promise<T>((resolve, reject) => {
      const task: Task = {
        job: { ...job, id: this.nextId++ } as AnalysisJob,
        resolve: resolve as (result: unknown) => void,
        reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(task), 1);
          reject(busy());
        }, this.maxWaitMs),
      };
      this.waiting.push(task);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopped = new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down');
    for (const task of this.waiting.splice(0)) {
      clearTimeout(task.timer);
      task.reject(stopped);
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, task } = slot;
        slot.worker = null;
        slot.task = null;
        if (task) {
          clearTimeout(task.timer);
          task.reject(stopped);
        }
        if (worker) await worker.terminate();
      }),
    );
  }

  private finish(slot: Slot, task: Task): void {
    clearTimeout(task.timer);
    if (slot.task === task) slot.task = null;
    this.dispatch();
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref(); // an idle analyser never keeps the process alive
    worker.on('message', (reply: AnalysisReply) => {
      const task = slot.task;
      if (slot.worker !== worker || !task || task.job.id !== reply.id) return;
      this.finish(slot, task);
      if (reply.ok) task.resolve(reply.result);
      else task.reject(new Error(`code analysis failed: ${reply.message}`));
    });
    worker.on('error', (err) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'the code analysis worker failed');
      this.retire(slot);
      if (task) {
        this.finish(slot, task);
        task.reject(outOfMemory ? new AppError('UNPROCESSABLE_CONTENT', 'This file is too complex to analyse') : new Error(`code analysis worker failed: ${err.message}`));
      }
    });
    worker.on('exit', () => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      this.retire(slot);
      if (task) {
        this.finish(slot, task);
        task.reject(new Error('the code analysis worker stopped'));
      }
    });
    return worker;
  }

  private retire(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = null;
    if (worker) void worker.terminate();
  }

  private dispatch(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.task || this.waiting.length === 0) continue;
      const task = this.waiting.shift()!;
      slot.task = task;
      // A new worker first loads the grammars (a second or more on a busy machine): that is not the file's time.
      const starting = slot.worker === null;
      slot.worker ??= this.spawn(slot);
      slot.worker.postMessage(task.job);
      clearTimeout(task.timer);
      task.timer = setTimeout(() => {
        // Still parsing: the only way to stop synchronous wasm is to end its thread.
        this.retire(slot);
        this.finish(slot, task);
        task.reject(new AppError('UNPROCESSABLE_CONTENT', 'Analysing this file took too long'));
      }, this.timeoutMs + (starting ? WORKER_START_ALLOWANCE_MS : 0));
    }
  }
}
