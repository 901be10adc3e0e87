// A bot's kept log: every run's lines as viewers saw them, one JSON
// object a line on disk, paged newest first with an opaque cursor, and one run's log as a download.
import { z } from 'zod';
import { idField } from './workspace.schema';

export const RUN_LOG_PAGE_DEFAULT = 200;
export const RUN_LOG_PAGE_MAX = 500;

export const runLogLevel = z.enum(['output', 'error', 'log']);
export type RunLogLevel = z.infer<typeof runLogLevel>;

/** Short random ids: one per run, carried by each of its lines. */
export const runIdField = z.string().regex(/^[A-Za-z0-9]{1,32}$/, { error: 'Invalid run id' });

/** A line as kept: its own time (ms since the epoch), its kind, its (masked) text, and its run. */
export const runLogLine = z.strictObject({ at: z.number(), level: runLogLevel, text: z.string(), runId: z.string() });
export type RunLogLine = z.infer<typeof runLogLine>;

export const runLogPageInput = z.strictObject({
  projectId: idField,
  /** The `next` of the previous page; without it the page ends with the newest line. */
  before: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid cursor' })
    .nullish(),
  limit: z.coerce
    .number({ error: `The limit must be a whole number from 1 to ${RUN_LOG_PAGE_MAX}` })
    .int({ error: `The limit must be a whole number from 1 to ${RUN_LOG_PAGE_MAX}` })
    .min(1, { error: `The limit must be a whole number from 1 to ${RUN_LOG_PAGE_MAX}` })
    .max(RUN_LOG_PAGE_MAX, { error: `The limit must be a whole number from 1 to ${RUN_LOG_PAGE_MAX}` })
    .optional(),
});
export type RunLogPageInput = z.infer<typeof runLogPageInput>;

/** Newest first; `next` pages back through earlier output and earlier runs, null at the oldest kept line. */
export const runLogPage = z.strictObject({ lines: z.array(runLogLine), next: z.string().nullable() });
export type RunLogPage = z.infer<typeof runLogPage>;

export const runLogDownloadInput = z.strictObject({ projectId: idField, runId: runIdField });

/** Runs of a bot the History drawer lists (newest first), at most this many. */
export const KEPT_RUNS_LISTED = 50;

/** A bot's run as kept (server/features/runner/runs/run-records.ts): its file, mode, start, and how it ended (null while live). */
export const keptRun = z.strictObject({
  runId: z.string(),
  fileId: z.string(),
  filename: z.string(),
  mode: z.enum(['live', 'test']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  exit: z.strictObject({ reason: z.string(), code: z.number().nullable(), signal: z.string().nullable(), message: z.string() }).nullable(),
});
export type KeptRun = z.infer<typeof keptRun>;
