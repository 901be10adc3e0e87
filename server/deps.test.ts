// The bag is honest: a runner part read before the runner is set up throws, naming it; once set up,
// every part reads through; what answers before (readiness, metrics) asks runnerPartsOf first.
import { describe, expect, it } from 'vitest';
import { depsWithRunner, runnerPartsOf, type CoreDeps, type RunnerDeps } from './deps';

describe('depsWithRunner', () => {
  it('throws on a runner part read too early, and reads it once the runner is there', () => {
    let runner: RunnerDeps | null = null;
    const core = { log: { info() {} } } as unknown as CoreDeps;
    const deps = depsWithRunner(core, () => runner);
    expect(deps.log).toBe(core.log);
    expect(() => deps.runs).toThrow('deps.runs was read before the runner was set up');
    expect(runnerPartsOf(deps)).toBeNull();
    const runs = { live: () => null };
    runner = { runs } as unknown as RunnerDeps;
    expect(deps.runs).toBe(runs);
    expect(runnerPartsOf(deps)).toBe(runner);
  });
});
