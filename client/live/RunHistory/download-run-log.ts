// One run's kept log as a file: GET /api/bots/:projectId/runs/:runId/log, fetched with the token.
import { restBlob } from '../../lib/rest';

export async function downloadRunLog(projectId: string, runId: string): Promise<void> {
  const blob = await restBlob(`/api/bots/${encodeURIComponent(projectId)}/runs/${encodeURIComponent(runId)}/log`);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `run-${runId}.log`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
