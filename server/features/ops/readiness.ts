// GET /readyz: can this server do its work now? Ready when every check passes: the database takes
// a write, the sandbox is set up and bots may run in it (HOST, RUNNER_SANDBOX), and mail can go out.
import { runnerPartsOf, type Deps } from '../../deps';
import type { Check } from './check';
import { checkDatabase } from './database-check';
import { checkSandbox } from './sandbox-check';
import type { MailCheck } from './mail-check';

export type Readiness = { status: 'ready' | 'not ready'; checks: { database: Check; sandbox: Check; mail: Check } };

export async function readiness(deps: Deps, mail: MailCheck): Promise<Readiness> {
  const sandbox = runnerPartsOf(deps)?.sandbox;
  const [database, sandboxCheck, mailResult] = await Promise.all([
    checkDatabase(deps.db),
    // Built with runnerInBackground, the server answers before the runner is set up.
    sandbox ? checkSandbox(sandbox.status, sandbox.policy) : { ok: false, detail: 'starting: the sandbox is being probed' },
    mail(),
  ]);
  const checks = { database, sandbox: sandboxCheck, mail: mailResult };
  return { status: Object.values(checks).every((c) => c.ok) ? 'ready' : 'not ready', checks };
}
