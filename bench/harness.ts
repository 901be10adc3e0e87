// The benchmark harness: every scenario measures a subject against a baseline taken in the same
// run, in interleaved rounds (baseline, subject, baseline, subject, ...), and is judged by the ratio
// of the two medians (subject / baseline) against its goal. Later features add scenarios to the
// list in bench/run.ts; each one only has to say how to measure its two sides once.

export const ROUNDS = 3;

/**
 * Usually a bound on the ratio subject / baseline; `value` instead bounds the subject itself, in its
 * unit (for figures with an absolute budget, such as a latency): the ratio is still measured and printed.
 */
export type Goal = { op: '>=' | '<='; ratio: number } | { op: '>=' | '<='; value: number };

/** What a scenario has ready after its setup: one measurement of each side per call. */
export type Prepared = {
  baseline(): Promise<number>;
  subject(): Promise<number>;
  /** Run once before the rounds and not counted (JIT, caches, connection pools). */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
  /**
   * Anything the reader must know to read the figures (printed and kept in the json). Read after
   * prepare() and again after the rounds, so a getter may report what the rounds saw.
   */
  note?: string;
};

export type Scenario = {
  name: string;
  /** Unit of the subject, and of the baseline unless baselineUnit says otherwise, e.g. 'req/s' or 'ms'. */
  unit: string;
  baselineUnit?: string;
  subjectLabel: string;
  baselineLabel: string;
  goal: Goal;
  prepare(): Promise<Prepared>;
};

export type ScenarioResult = {
  name: string;
  baseline: number | null;
  subject: number | null;
  unit: string;
  baselineUnit: string;
  ratio: number | null;
  goal: Goal;
  met: boolean;
  subjectLabel: string;
  baselineLabel: string;
  rounds: { baseline: number[]; subject: number[] };
  /** subject / baseline of each round: adjacent rounds share the machine's load, so a spread here means noise. */
  roundRatios: number[];
  note?: string;
  error?: string;
};

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function ratioOf(subject: number, baseline: number): number {
  if (!(baseline > 0)) throw new Error(`baseline is ${baseline}: no ratio`);
  return subject / baseline;
}

export function meets(goal: Goal, ratio: number, subject: number): boolean {
  const [figure, bound] = 'ratio' in goal ? [ratio, goal.ratio] : [subject, goal.value];
  return goal.op === '>=' ? figure >= bound : figure <= bound;
}

/** Runs the rounds, interleaved, and reduces them to medians and the ratio. */
export async function runScenario(s: Scenario, opts: { rounds?: number; log?: (line: string) => void } = {}): Promise<ScenarioResult> {
  const rounds = opts.rounds ?? ROUNDS;
  const log = opts.log ?? (() => {});
  const result: ScenarioResult = {
    name: s.name,
    baseline: null,
    subject: null,
    unit: s.unit,
    baselineUnit: s.baselineUnit ?? s.unit,
    ratio: null,
    goal: s.goal,
    met: false,
    subjectLabel: s.subjectLabel,
    baselineLabel: s.baselineLabel,
    rounds: { baseline: [], subject: [] },
    roundRatios: [],
  };
  let prepared: Prepared | null = null;
  try {
    prepared = await s.prepare();
    if (prepared.note) result.note = prepared.note;
    if (prepared.warmUp) {
      log(`${s.name}: warming up`);
      await prepared.warmUp();
    }
    for (let i = 1; i <= rounds; i++) {
      const b = await prepared.baseline();
      result.rounds.baseline.push(b);
      log(`${s.name}: round ${i}/${rounds} ${s.baselineLabel} ${fmt(b)} ${result.baselineUnit}`);
      const v = await prepared.subject();
      result.rounds.subject.push(v);
      log(`${s.name}: round ${i}/${rounds} ${s.subjectLabel} ${fmt(v)} ${s.unit}`);
    }
    result.roundRatios = result.rounds.subject.map((v, i) => ratioOf(v, result.rounds.baseline[i]!));
    result.baseline = median(result.rounds.baseline);
    result.subject = median(result.rounds.subject);
    result.ratio = ratioOf(result.subject, result.baseline);
    result.met = meets(s.goal, result.ratio, result.subject);
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  } finally {
    if (prepared?.note) result.note = prepared.note;
    if (prepared) await prepared.close().catch((err) => log(`${s.name}: cleanup failed: ${String(err)}`));
  }
  return result;
}

/** A number at a readable precision: 3 significant digits below 100, whole numbers above. */
export function fmt(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return '-';
  if (Math.abs(n) >= 100) return String(Math.round(n));
  return String(Number(n.toPrecision(3)));
}

export function goalText(goal: Goal, unit: string): string {
  return 'ratio' in goal ? `${goal.op} ${goal.ratio}x` : `${goal.op} ${goal.value} ${unit}`;
}

/** One line per scenario, aligned:  name  subject unit vs baseline unit  ratio  goal  met. */
export function report(results: ScenarioResult[]): string {
  const rows = results.map((r) => {
    if (r.error) return [r.name, `FAILED: ${r.error}`, '', '', '', ''];
    return [
      r.name,
      `${fmt(r.subject)} ${r.unit}`,
      `vs ${r.baselineLabel} ${fmt(r.baseline)} ${r.baselineUnit}`,
      `ratio ${fmt(r.ratio)}x`,
      `goal ${goalText(r.goal, r.unit)}`,
      r.met ? 'met' : 'MISSED',
    ];
  });
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => row[col]!.length))) ?? [];
  const lines = rows.map((row) => row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col]!))).join('  ').trimEnd());
  for (const r of results) {
    const details = [`${r.name}: ${r.subjectLabel} vs ${r.baselineLabel}`];
    if (r.rounds.subject.length) {
      details.push(`rounds ${r.rounds.subject.map(fmt).join(' / ')} ${r.unit} vs ${r.rounds.baseline.map(fmt).join(' / ')} ${r.baselineUnit}`);
      details.push(`round ratios ${r.roundRatios.map((x) => `${fmt(x)}x`).join(' / ')}`);
    }
    if (r.note) details.push(r.note);
    lines.push(`  - ${details.join('; ')}`);
  }
  return lines.join('\n');
}
