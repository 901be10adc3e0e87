// Tests look at a run's output line by line: RunOutput hands out the whole lines of one read as one
// entry (run-output.ts), which this splits again.
import { lineCount, type OutputLine } from '../features/runner/runs/run-output';

/** The entries as single lines, in order (an entry of several lines split at its '\n'). */
export function eachLine(entries: readonly OutputLine[]): OutputLine[] {
  return entries.flatMap((e) => (lineCount(e) === 1 ? [e] : e.text.split('\n').map((text) => ({ kind: e.kind, text, at: e.at }))));
}
