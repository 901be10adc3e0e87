// Always-on bots (/bots, deploy): the payloads shared by tRPC, REST and the client.
import { z } from 'zod';
import { idField } from './workspace.schema';

export const botIdInput = z.strictObject({ projectId: idField });
export const deployInput = z.strictObject({ projectId: idField, fileId: idField });
export const goLiveInput = z.strictObject({ fileId: idField });
/** One line of a bot file's go-live list (runner page). */
export const goLiveItem = z.strictObject({
  key: z.enum(['settings', 'packages', 'checks', 'publicUrl']),
  ok: z.boolean(),
  label: z.string(),
  detail: z.string(),
});
export type GoLiveItem = z.infer<typeof goLiveItem>;

/**
 * 'running': a process is up; 'starting': deployed, waiting to start (again); 'crashing': 5 crashes
 * in 10 minutes; 'refused': deployed, but this server refuses every run (its sandbox is incomplete:
 * the last exit says what is missing).
 */
export const BOT_STATUSES = ['running', 'starting', 'crashing', 'refused', 'stopped'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

export type BotSummary = {
  projectId: string;
  name: string;
  fileId: string | null;
  status: BotStatus;
  /** Its run was started by the test chat (test mode: the emulator, not the platform's real users). */
  testMode: boolean;
  deployed: boolean;
  startedAt: string | null;
  restarts: number;
  lastExit: { message: string; at: string } | null;
  /** Running and deployed, but nothing printed and no network traffic for RUNNER_SILENT_AFTER_MINUTES. */
  silent: boolean;
  /** What its processes use now (resident memory; CPU in % of one core); null when it is not running. */
  memoryBytes: number | null;
  cpuPercent: number | null;
  /** Its webhook address; every bot whose code takes webhooks has one (the list makes it on first need). */
  webhookUrl: string | null;
};
