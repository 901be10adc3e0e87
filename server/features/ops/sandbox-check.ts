// Readiness of the runner's sandbox: which protections this host gives bots. Missing protections
// make the server not ready only with RUNNER_SANDBOX=required (then no bot may run at all).
import type { RunnerConfig } from '../../config';
import type { SandboxStatus } from '../runner/sandbox';
import type { Check } from './check';

export function checkSandbox(status: SandboxStatus, mode: RunnerConfig['sandbox']): Check {
  const active = status.protections.filter((p) => p.active).map((p) => p.name);
  const missing = status.protections.filter((p) => !p.active).map((p) => p.name);
  if (status.full) return { ok: true, detail: `full: ${active.join(', ')}` };
  const summary = `partial: ${active.length ? active.join(', ') : 'none'} active; missing ${missing.join(', ')}`;
  if (mode === 'required') return { ok: false, detail: `${summary} (RUNNER_SANDBOX=required: bots cannot run)` };
  return { ok: true, detail: `${summary} (RUNNER_SANDBOX=auto: bots run with what the host offers)` };
}
