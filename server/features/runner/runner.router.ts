// The runner's tRPC calls: a project's saved environment variables (owner-scoped, values never
// returned) and code analysis of a file's text (imports to install, env vars it reads).
import { z } from 'zod';
import { router, authedProcedure, runnerProcedure } from '../../trpc';
import {
  detectedEnvVar,
  detectedPackage,
  detectEnvVarsInput,
  envVarsInput,
  importLanguageField,
  parseImportsInput,
  savedEnvVar,
  saveEnvVarsInput,
} from '../../../shared/runner.schema';
import { envVars } from './env-vars/env-vars.service';
import { answering, ONE_FILE_BODY } from '../../procedure-meta';

export const runnerRouter = router({
  /**
   * Which protections of the sandbox work on this server, whether bots run here at all (and why,
   * with what to install when they do not), and the limits of a run.
   */
  status: runnerProcedure
    .meta({ doc: { summary: 'What the runner offers on this server', answers: "The sandbox's protections, where dependencies are kept and the limits of a run." } })
    .query(({ ctx }) => {
      const r = ctx.deps.config.runner;
      const { mode, runs, reason, refusal } = ctx.deps.sandbox.policy;
      return {
        sandbox: { ...ctx.deps.sandbox.status, mode, runs, reason, refusal },
        dependencies: ctx.deps.packageVolumes.storage,
        limits: { memoryMb: Math.round(r.memoryBytes / 1048576), pids: r.pids, maxRunsPerUser: r.maxRunsPerUser, wallClockMinutes: Math.round(r.wallClockMs / 60_000) },
      };
    }),
  envVars: answering(
    z.array(savedEnvVar),
    authedProcedure.meta({ doc: { summary: "List a bot's environment variables", description: 'Names only: values are never sent back.', answers: 'The variables set.' } }).input(envVarsInput),
  ).query(({ ctx, input }) => envVars.list(ctx, input)),
  saveEnvVars: answering(
    z.array(savedEnvVar),
    authedProcedure.meta({ doc: { summary: "Set or clear a bot's environment variables", answers: 'The variables set now.', errors: [409] } }).input(saveEnvVarsInput),
  ).mutation(({ ctx, input }) => envVars.save(ctx, input)),
  parseImports: answering(
    z.object({ imports: z.array(z.string()), packages: z.array(detectedPackage), language: importLanguageField }),
    authedProcedure
      .meta({
        rateLimit: [{ max: 60, window: '1 minute', key: 'user' }],
        body: ONE_FILE_BODY,
        doc: { summary: 'Find the packages a file imports', answers: 'The imports found and the packages to install for them.' },
      })
      .input(parseImportsInput),
  ).mutation(async ({ ctx, input }) => ({
    ...(await ctx.deps.analyser.parseImports(input.content, input.language)),
    language: input.language,
  })),
  detectEnvVars: answering(
    z.object({ envVars: z.array(detectedEnvVar) }),
    authedProcedure
      .meta({
        rateLimit: [{ max: 60, window: '1 minute', key: 'user' }],
        body: ONE_FILE_BODY,
        doc: { summary: 'Find the environment variables a file reads', answers: 'The variables found.' },
      })
      .input(detectEnvVarsInput),
  ).mutation(async ({ ctx, input }) => ({ envVars: await ctx.deps.analyser.detectEnvVars(input.content, input.language) })),
});
