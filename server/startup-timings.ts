// Where start-up time goes: main.ts hands one of these to buildApp, which marks each step; the
// ready line says the total and the steps (the cold-start bench prints them). Steps that run side
// by side are timed each on its own (`during`), so those overlap.
export type StartupStep = { step: string; ms: number };

export class StartupTimings {
  readonly steps: StartupStep[] = [];
  private last: number;

  constructor() {
    // performance.now() counts from the process's start: before this, Node started and loaded the code.
    this.last = performance.now();
    this.steps.push({ step: 'node and modules', ms: this.last });
  }

  /** The time since the previous mark, as `step`. */
  mark(step: string): void {
    const now = performance.now();
    this.steps.push({ step, ms: now - this.last });
    this.last = now;
  }

  /** Times one of several things running at once. */
  async during<T>(step: string, work: Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work;
    } finally {
      this.steps.push({ step, ms: performance.now() - start });
    }
  }

  /** "712 ms (node and modules 250, database 60, ...)". */
  summary(): string {
    const total = performance.now();
    return `${Math.round(total)} ms (${this.steps.map((s) => `${s.step} ${Math.round(s.ms)}`).join(', ')})`;
  }
}
