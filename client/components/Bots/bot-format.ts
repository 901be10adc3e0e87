// How /bots, the admin's bots and the runner's 'Always on' badge word a bot's state: the status
// badge's label and color, uptime, memory and CPU. Pure, so it is unit-tested.
import type { BotStatus, BotSummary } from '../../../shared/bots.schema';
import { formatBytes } from '../../../shared/storage';

export const NOT_MEASURED = '—';

export type StatusLook = { label: string; color: string; description: string };

const LOOKS: Record<BotStatus, StatusLook> = {
  running: { label: 'Running', color: 'green', description: 'The bot is running.' },
  starting: { label: 'Starting', color: 'blue', description: 'Deployed: the bot is being started (again).' },
  crashing: { label: 'Crashing', color: 'red', description: 'Deployed, but it crashed 5 times in 10 minutes: it is started again less often.' },
  refused: { label: 'Refused', color: 'red', description: 'Deployed, but this server runs no bots until its sandbox is complete: the last exit says what is missing.' },
  stopped: { label: 'Stopped', color: 'gray', description: 'Not running.' },
};

/** A run the test chat started: it talks to the emulator, so it serves nobody yet. */
const TEST_RUN: StatusLook = {
  label: 'Running (test)',
  color: 'cyan',
  description: 'Started by the test chat: it talks to the test chat only, not to real users. Start or deploy it to run it for real.',
};

export function statusLook(status: BotStatus, testMode = false): StatusLook {
  return status === 'running' && testMode ? TEST_RUN : LOOKS[status];
}

/** '42s', '5m 03s', '2h 07m', '3d 4h': how long a run has been up, at most two units. */
export function formatUptime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${two(m)}m`;
  if (m > 0) return `${m}m ${two(sec)}s`;
  return `${sec}s`;
}

/** The uptime of a bot that runs now, else null (no run, or a start time we cannot read). */
export function uptimeOf(bot: Pick<BotSummary, 'status' | 'startedAt'>, now: number): string | null {
  if (bot.status !== 'running' || !bot.startedAt) return null;
  const started = Date.parse(bot.startedAt);
  return Number.isNaN(started) ? null : formatUptime(now - started);
}

export function formatMemory(bytes: number | null): string {
  return bytes === null ? NOT_MEASURED : formatBytes(bytes);
}

export function formatCpu(percent: number | null): string {
  if (percent === null) return NOT_MEASURED;
  return `${percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** '1 restart', '3 restarts'. */
export function restartsLabel(n: number): string {
  return `${n} ${n === 1 ? 'restart' : 'restarts'}`;
}
