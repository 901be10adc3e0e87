// What both kinds of kept logs (files, run-logs.ts; PostgreSQL, shared-run-logs.ts) do with their
// writers, one per bot, each with the write going on now (if any).
type Writer = { writing: Promise<void> | null };

/** Resolves once no writer is writing: looked at again after each wait, since a writer may start again meanwhile. */
export async function allWritten(writers: Map<string, Writer>): Promise<void> {
  for (;;) {
    const writing = [...writers.values()].map((w) => w.writing).filter((w) => w !== null);
    if (writing.length === 0) return;
    await Promise.all(writing);
  }
}

/** The bot's writer, once its last lines are written, is forgotten (a deleted bot's lines must not come back). */
export async function forgetWriter(writers: Map<string, Writer>, projectId: string): Promise<void> {
  const writer = writers.get(projectId);
  while (writer?.writing) await writer.writing;
  writers.delete(projectId);
}
