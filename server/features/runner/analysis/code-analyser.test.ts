// The worker pool behind parse-imports and detect-env-vars (real worker threads): answers match the
// in-process analysers, a job past its time ends its worker and the next job gets a fresh one, a
// full queue answers 503 at once, and closing fails what is left.
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodeAnalyser, type CodeAnalyser } from './code-analyser';
import { detectEnvVars } from './env-vars';
import { parseImports } from './imports';

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
/** About 4 s of tree-sitter work on this machine. */
const slow = `x = ${'process.env.A || '.repeat(58_000)}1`;

let analyser: CodeAnalyser | undefined;
afterEach(async () => {
  await analyser?.close();
  analyser = undefined;
});

describe('the code analyser', () => {
  it('answers what the analysers answer in-process', async () => {
    analyser = createCodeAnalyser({ log, workers: 2 });
    const py = "import os\nimport telegram\ntoken = os.environ['BOT_TOKEN']\nport = os.getenv('PORT', '80')\n";
    const js = "import express from 'express';\nconst key = process.env.OPENAI_API_KEY;\n";
    const [a, b, c, d] = await Promise.all([
      analyser.parseImports(py, 'python'),
      analyser.detectEnvVars(py, 'python'),
      analyser.parseImports(js, 'typescript'),
      analyser.detectEnvVars(js, 'javascript'),
    ]);
    expect(a).toEqual(await parseImports(py, 'python'));
    expect(b).toEqual(await detectEnvVars(py, 'python'));
    expect(c).toEqual(await parseImports(js, 'typescript'));
    expect(d).toEqual(await detectEnvVars(js, 'javascript'));
  });

  it('ends a worker that runs past the time limit and carries on with a fresh one', async () => {
    analyser = createCodeAnalyser({ log, workers: 1, timeoutMs: 500 });
    await analyser.parseImports('import os', 'python'); // worker started and warm
    const started = performance.now();
    await expect(analyser.detectEnvVars(slow, 'javascript')).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: 'Analysing this file took too long' });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await analyser.parseImports('import requests', 'python')).imports).toEqual(['requests']);
  });

  it("does not count a new worker's start (loading the grammars) against a file's time", async () => {
    analyser = createCodeAnalyser({ log, workers: 1, timeoutMs: 50 });
    expect((await analyser.parseImports('import requests', 'python')).imports).toEqual(['requests']);
  });

  it('answers 503 at once when too many analyses wait; one that waits past its time says the analyser is busy', async () => {
    analyser = createCodeAnalyser({ log, workers: 1, maxWaiting: 1, timeoutMs: 800, maxWaitMs: 300 });
    await analyser.parseImports('import os', 'python'); // worker started and warm: the limit is the file's alone
    const running = expect(analyser.detectEnvVars(slow, 'javascript')).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    const waiting = expect(analyser.detectEnvVars(slow, 'javascript')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/busy/) });
    await expect(analyser.parseImports('import flask', 'python')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await Promise.all([running, waiting]);
  });

  it('fails running and waiting analyses when closed, and refuses new ones', async () => {
    analyser = createCodeAnalyser({ log, workers: 1 });
    const running = expect(analyser.detectEnvVars(slow, 'javascript')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const waiting = expect(analyser.parseImports('import os', 'python')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await analyser.close();
    await Promise.all([running, waiting]);
    await expect(analyser.parseImports('import os', 'python')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
