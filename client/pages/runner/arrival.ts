// Which file the runner opens when the address names none (the Run tab, a bot picked in the
// sidebar): a running one, so a return to the page shows its live logs, else the one last looked
// at. The last selected file is remembered per person in localStorage. Pure choice, unit-tested.
import type { RunInfo } from '../../live/run-state';

const LAST_FILE_KEY = 'botwright:runner-file:';

export function readLastRunnerFile(userId: string): string | null {
  try {
    return localStorage.getItem(LAST_FILE_KEY + userId);
  } catch {
    return null; // storage blocked: a running file is still found
  }
}

export function rememberRunnerFile(userId: string, fileId: string): void {
  try {
    localStorage.setItem(LAST_FILE_KEY + userId, fileId);
  } catch {
    /* storage blocked: nothing to remember with */
  }
}

const live = (run: RunInfo | undefined) => run !== undefined && run.status !== 'exited';

/**
 * The file to open: among the running ones, the last selected if it runs, else the one started most
 * recently; with none running, the last selected if it is one of the current bot's files. `bot` (a
 * ?bot= in the address) keeps the choice to that bot's files.
 */
export function fileOnArrival(input: {
  files: ReadonlyArray<{ id: string; projectId: string }>;
  runs: Readonly<Record<string, RunInfo>>;
  lastFileId: string | null;
  /** The bot the page shows now. */
  currentBot: string | undefined;
  /** The bot the address asks for, if any. */
  askedBot: string | null;
}): string | null {
  const { files, runs, lastFileId, currentBot, askedBot } = input;
  const candidates = askedBot ? files.filter((f) => f.projectId === askedBot) : files;
  const running = candidates
    .filter((f) => live(runs[f.id]))
    .sort((a, b) => startedAt(runs[b.id]) - startedAt(runs[a.id]));
  if (running.length > 0) return running.some((f) => f.id === lastFileId) ? lastFileId : running[0]!.id;
  const last = candidates.find((f) => f.id === lastFileId);
  return last && last.projectId === currentBot ? last.id : null;
}

function startedAt(run: RunInfo | undefined): number {
  const at = run?.startedAt ? Date.parse(run.startedAt) : NaN;
  return Number.isNaN(at) ? 0 : at;
}
