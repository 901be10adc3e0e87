// The log lines AI Help reads: the last 10, one per line (the socket batches several lines
// into one frame, so an entry may hold more than one), without colour codes or blank lines.
export const AI_HELP_LINES = 10;

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

export function lastLogLines(logs: readonly string[], count = AI_HELP_LINES): string[] {
  return logs
    .flatMap((entry) => entry.replace(ANSI, '').split(/\r\n|\r|\n/))
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(-count);
}
