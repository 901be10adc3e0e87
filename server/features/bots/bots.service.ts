// The person's bots as /bots shows them (and the admin's across everyone): each project with its
// deployed or running file, its status, uptime, restarts and last exit; deploy, undeploy, restart.
import type { Deps } from '../../deps';
import type { ServiceCtx } from '../../trpc';
import { botLabel } from '../../../shared/workspace.schema';
import type { BotStatus, BotSummary } from '../../../shared/bots.schema';
import { AppError } from '../../errors';
import { fileTexts, filesOfProjects } from '../workspace/files';
import { projectsWithOwners } from '../workspace/projects';
import { hookSecret, hookSecretsOf } from '../runner/hooks/hook-secrets';
import { hookUrl } from '../runner/hooks/hook-url';
import { assertTokensFreeEverywhere, stopRun } from '../runner/runs/run.service';
import { deploymentsOf } from './deployments';
import type { DeployedState } from './supervisor';
import { leaseStatesOf, type LeaseState } from '../cluster/bot-leases';
import { takesWebhooks, variablesToSet } from './go-live';
import { joinWords } from '../../../shared/bot-plan-words';

/**
 * The bots' webhook addresses by project. A bot whose code takes webhooks gets its secret here if it
 * has none yet (made on first need, as the runner page's row makes it), so the list shows every one.
 */
async function webhookUrls(deps: Deps, bots: Array<{ projectId: string; fileId: string | null }>, projectIds: string[]): Promise<Map<string, string>> {
  const secrets = new Map((await hookSecretsOf(deps.db, projectIds)).map((h) => [h.project_id, h.secret]));
  const without = bots.filter((b) => b.fileId !== null && !secrets.has(b.projectId));
  if (without.length > 0) {
    const texts = await fileTexts(deps.db, without.map((b) => b.fileId!));
    for (const bot of without) {
      const file = texts.find((f) => f.id === bot.fileId);
      if (file && (await takesWebhooks(deps, file))) secrets.set(bot.projectId, await hookSecret(deps.db, deps.clock, bot.projectId));
    }
  }
  return new Map([...secrets].map(([projectId, secret]) => [projectId, hookUrl(deps.config.publicUrl, projectId, secret)]));
}

/** A deployed bot another runner holds: what that runner said (a bot nobody holds yet is starting). */
function heldElsewhere(states: LeaseState[], projectId: string): DeployedState {
  const held = states.find((l) => l.projectId === projectId);
  return held ? { status: held.status, nextStartAt: held.nextStartAt, silent: held.silent } : { status: 'starting', nextStartAt: null, silent: false };
}

async function summaries(deps: Deps, userId: string | null): Promise<Array<BotSummary & { userId: string; userEmail: string }>> {
  const rows = await projectsWithOwners(deps.db, userId);
  const ids = rows.map((p) => p.id);
  if (ids.length === 0) return [];
  const [deployments, files, lastExits] = await Promise.all([deploymentsOf(deps.db, ids), filesOfProjects(deps.db, ids), deps.runRecords.lastExits(ids)]);
  // On several nodes, what the runner holding each deployed bot elsewhere last said of it.
  const elsewhere = deps.config.databaseUrl ? await leaseStatesOf(deps.db, deployments.filter((d) => !deps.supervisor.runsHere(d.project_id)).map((d) => d.project_id)) : [];
  const bots = rows.map((p) => {
    const deployed = deployments.find((d) => d.project_id === p.id);
    const own = files.filter((f) => f.project_id === p.id);
    const running = own.find((f) => deps.runs.live(f.id));
    const fileId = deployed?.file_id ?? running?.id ?? own[0]?.id ?? null;
    const live = fileId ? deps.runs.live(fileId) : null;
    const supervised = deployed ? (deps.supervisor.runsHere(p.id) ? deps.supervisor.state(p.id, deployed.file_id) : heldElsewhere(elsewhere, p.id)) : null;
    const status: BotStatus = supervised ? supervised.status : live ? (live.running ? 'running' : 'starting') : 'stopped';
    const usage = fileId ? deps.runs.usage(fileId) : null;
    return {
      projectId: p.id,
      name: botLabel(p.name),
      fileId,
      status,
      // Started by the test chat: it talks to the emulator, not to the platform's real users.
      testMode: live !== null && fileId !== null && deps.runs.state(live.userId, fileId)?.mode === 'test',
      deployed: Boolean(deployed),
      startedAt: live ? new Date(live.startedAt).toISOString() : null,
      restarts: deployed?.restarts ?? 0,
      // A deployed bot's last crash or failed start; else how its last live run ended.
      lastExit: deployed?.last_exit && deployed.last_exit_at ? { message: deployed.last_exit, at: deployed.last_exit_at } : (lastExits.get(p.id) ?? null),
      silent: supervised?.silent ?? false,
      memoryBytes: usage?.memoryBytes ?? null,
      cpuPercent: usage?.cpuPercent ?? null,
      userId: p.user_id,
      userEmail: p.email,
    };
  });
  const urls = await webhookUrls(deps, bots, ids);
  return bots.map((bot) => ({ ...bot, webhookUrl: urls.get(bot.projectId) ?? null }));
}

export const bots = {
  async list({ deps, userId }: ServiceCtx) {
    return { bots: (await summaries(deps, userId)).map(({ userId: _u, userEmail: _e, ...bot }) => bot) };
  },
  async listAll({ deps }: Pick<ServiceCtx, 'deps'>) {
    return { bots: await summaries(deps, null) };
  },
  /** The operator's Stop on any person's bot: undeployed if deployed (it stays off), else its live run is stopped. */
  async stopAny({ deps }: Pick<ServiceCtx, 'deps'>, input: { projectId: string }) {
    const bot = (await summaries(deps, null)).find((b) => b.projectId === input.projectId);
    if (!bot) throw new AppError('NOT_FOUND', 'Bot not found');
    if (bot.deployed) await deps.supervisor.undeploy(bot.userId, bot.projectId);
    else if (bot.fileId && deps.runs.live(bot.fileId)) await stopRun({ deps, userId: bot.userId }, { fileId: bot.fileId });
    return { message: bot.deployed || bot.status === 'running' ? 'Bot stopped' : 'The bot was not running' };
  },
  async deploy({ deps, userId }: ServiceCtx, input: { projectId: string; fileId: string }) {
    const missing = await variablesToSet(deps, userId, input.fileId);
    if (missing.length > 0) throw new AppError('BAD_REQUEST', `Set ${joinWords(missing)} first: the bot cannot start without ${missing.length === 1 ? 'it' : 'them'}`);
    if (deps.config.databaseUrl) await assertTokensFreeEverywhere({ deps, userId }, { fileId: input.fileId });
    await deps.supervisor.deploy(userId, input.projectId, input.fileId);
    return { message: 'Deployed: the bot is always on' };
  },
  async undeploy({ deps, userId }: ServiceCtx, input: { projectId: string }) {
    await deps.supervisor.undeploy(userId, input.projectId);
    return { message: 'Undeployed: the bot is stopped' };
  },
  async restart({ deps, userId }: ServiceCtx, input: { projectId: string }) {
    await deps.supervisor.restart(userId, input.projectId);
    return { message: 'Restarted' };
  },
};
