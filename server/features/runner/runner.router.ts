// The runner's tRPC calls: a project's saved environment variables (owner-scoped, values never
// returned) and code analysis of a file's text (imports to install, env vars it reads).
import { router, authedProcedure } from '../../trpc';
import { detectEnvVarsInput, envVarsInput, parseImportsInput, saveEnvVarsInput } from '../../../shared/runner.schema';
import { envVars } from './env-vars/env-vars.service';
import { ONE_FILE_BODY } from '../../procedure-meta';

export const runnerRouter = router({
  /**
   * Which protections of the sandbox work on this server, whether bots run here at all (and why,
   * with what to install when they do not), and the limits of a run.
   */
  status: authedProcedure.query(({ ctx }) => {
    const r = ctx.deps.config.runner;
    const { mode, runs, reason, refusal } = ctx.deps.sandbox.policy;
    return {
      sandbox: { ...ctx.deps.sandbox.status, mode, runs, reason, refusal },
      dependencies: ctx.deps.packageVolumes.storage,
      limits: { memoryMb: Math.round(r.memoryBytes / 1048576), pids: r.pids, maxRunsPerUser: r.maxRunsPerUser, wallClockMinutes: Math.round(r.wallClockMs / 60_000) },
    };
  }),
  envVars: authedProcedure.input(envVarsInput).query(({ ctx, input }) => envVars.list(ctx, input)),
  saveEnvVars: authedProcedure.input(saveEnvVarsInput).mutation(({ ctx, input }) => envVars.save(ctx, input)),
  parseImports: authedProcedure.meta({ rateLimit: [{ max: 60, window: '1 minute', key: 'user' }], body: ONE_FILE_BODY }).input(parseImportsInput).mutation(async ({ ctx, input }) => ({
    ...(await ctx.deps.analyser.parseImports(input.content, input.language)),
    language: input.language,
  })),
  detectEnvVars: authedProcedure.meta({ rateLimit: [{ max: 60, window: '1 minute', key: 'user' }], body: ONE_FILE_BODY })
    .input(detectEnvVarsInput)
    .mutation(async ({ ctx, input }) => ({ envVars: await ctx.deps.analyser.detectEnvVars(input.content, input.language) })),
});
