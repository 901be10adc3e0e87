// Where the time of something made of steps goes: the server's start-up (main.ts hands one to
// buildApp; the ready line says the total and the steps, and the cold-start bench prints them) and
// a run's start (runs.ts; the run-start bench prints them). Steps that run side by side are timed
// each on its own (`during`), so those overlap.
export type TimedStep = { step: string; ms: number };

export class StepTimings {
  readonly steps: TimedStep[] = [];
  private last: number;
  private readonly origin: number;

  /** `firstStep`: a name for the time from the process's start to now (the server's start-up). */
  constructor(firstStep?: string) {
    this.last = performance.now();
    this.origin = firstStep ? 0 : this.last;
    if (firstStep) this.steps.push({ step: firstStep, ms: this.last });
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
    return `${Math.round(performance.now() - this.origin)} ms (${this.steps.map((s) => `${s.step} ${Math.round(s.ms)}`).join(', ')})`;
  }
}
