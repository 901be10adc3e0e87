// The code analysis worker: runs parseImports and detectEnvVars off the server's event loop, one
// job at a time, for code-analyser.ts (which sends the jobs and answers the requests).
import { parentPort } from 'node:worker_threads';
import type { AnalysisJob, AnalysisReply } from './code-analyser';
import { detectEnvVars } from './env-vars';
import { checkSyntax, parseImports } from './imports';

const port = parentPort;
if (!port) throw new Error('analysis.worker.ts runs only as a worker thread');

port.on('message', async (job: AnalysisJob) => {
  let reply: AnalysisReply;
  try {
    const result =
      job.kind === 'imports'
        ? await parseImports(job.content, job.language)
        : job.kind === 'syntax'
          ? await checkSyntax(job.content, job.language)
          : await detectEnvVars(job.content, job.language);
    reply = { id: job.id, ok: true, result };
  } catch (err) {
    reply = { id: job.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
