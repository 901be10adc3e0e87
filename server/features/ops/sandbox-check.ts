// Readiness of the runner's sandbox: which protections this host gives bots. Missing protections
// make the server not ready only when it refuses runs because of them (RUNNER_SANDBOX=required, or
// 'auto' off loopback: sandbox/policy.ts), since then no bot may run at all.
import type { SandboxPolicy } from '../runner/sandbox/policy';
import type { SandboxStatus } from '../runner/sandbox';
import type { Check } from './check';

export function checkSandbox(status: SandboxStatus, policy: SandboxPolicy): Check {
  const active = status.protections.filter((p) => p.active).map((p) => p.name);
  const missing = status.protections.filter((p) => !p.active).map((p) => p.name);
  if (status.full) return { ok: true, detail: `full: ${active.join(', ')}` };
  const summary = `partial: ${active.length ? active.join(', ') : 'none'} active; missing ${missing.join(', ')}`;
  const setting = policy.mode === 'auto' ? `RUNNER_SANDBOX=auto with HOST=${policy.host}` : `RUNNER_SANDBOX=${policy.mode}`;
  if (policy.runs === 'refused') return { ok: false, detail: `${summary} (${setting}: bots cannot run)` };
  return { ok: true, detail: `${summary} (${setting}: bots run with what the host offers)` };
}
