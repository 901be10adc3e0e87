// Reading a bot's kept log, for its owner only (another person's bot answers 404 like a missing
// one): a page of lines newest first, and one run's lines as a plain-text download.
import { Readable } from 'node:stream';
import type { ServiceCtx } from '../../../trpc';
import { AppError } from '../../../errors';
import { botLabel } from '../../../../shared/workspace.schema';
import { KEPT_RUNS_LISTED, RUN_LOG_PAGE_DEFAULT, type KeptRun, type RunLogLine, type RunLogPage, type RunLogPageInput } from '../../../../shared/run-logs.schema';
import { existingProject } from '../../workspace/projects';

export async function logPage({ deps, userId }: ServiceCtx, input: RunLogPageInput): Promise<RunLogPage> {
  const project = await existingProject(deps.db, userId, input.projectId);
  return deps.runLogs.page(project.id, input.before, input.limit ?? RUN_LOG_PAGE_DEFAULT);
}

/** The bot's kept runs, newest first: when each started and how it ended. */
export async function keptRuns({ deps, userId }: ServiceCtx, input: { projectId: string }): Promise<{ runs: KeptRun[] }> {
  const project = await existingProject(deps.db, userId, input.projectId);
  return { runs: await deps.runRecords.list(project.id, KEPT_RUNS_LISTED) };
}

/** "[2025-01-31T12:00:00.000Z] OUTPUT hello": one line of a downloaded log. */
export function downloadLine(line: RunLogLine): string {
  return `[${new Date(line.at).toISOString()}] ${line.level.toUpperCase()} ${line.text}\n`;
}

/** A run's log as text, streamed from the files (a long run's log may be tens of MiB). */
export async function runLogDownload({ deps, userId }: ServiceCtx, input: { projectId: string; runId: string }): Promise<{ filename: string; body: Readable }> {
  const project = await existingProject(deps.db, userId, input.projectId);
  const lines = deps.runLogs.runLines(project.id, input.runId);
  const first = await lines.next();
  if (first.done) throw new AppError('NOT_FOUND', 'Run not found');
  async function* text(): AsyncGenerator<string> {
    let chunk = downloadLine(first.value as RunLogLine);
    for await (const line of lines) {
      chunk += downloadLine(line);
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return { filename: `${botLabel(project.name)}-${input.runId}.log`, body: Readable.from(text()) };
}
