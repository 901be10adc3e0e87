// What a person (or the server on their behalf) does with runs: start one saved file as a run, stop
// it, follow its output, list theirs. Used by the /ws socket (which only parses frames and
// subscribes), the test chat's replays and the deploy supervisor. A start brings together the
// person's file and project, their saved variables (typed ones win), their installed dependencies,
// and in test mode the Bot API emulator in place of Telegram.
import type { ServiceCtx } from '../../../trpc';
import { AppError } from '../../../errors';
import { refusedVariableReason } from '../../../../shared/env-names';
import { botLabel } from '../../../../shared/workspace.schema';
import { ownedFile, projectFiles } from '../../workspace/files';
import { projectName } from '../../workspace/projects';
import { loadProjectSecrets } from '../env-vars/env-vars.store';
import { assertTestChatFile } from '../../test-chat/test-chat-file';
import { prepareTestMode } from '../../test-chat/test-mode';
import { prepareLiveInbound } from '../hooks/live-inbound';
import { botLanguage, botLaunch } from './bot-command';
import { claimKey, tokenClaims } from './token-claims';
import { tokenInUse, type EndedBy, type RunLaunch, type RunMode, type RunViewer } from './runs';
import { tokenHolder } from '../../cluster/held-tokens';
import { installMissingPackages } from '../dependencies/installer';
import type { RunSummary } from '../../../../shared/runner.schema';

export type StartFileInput = {
  fileId: string;
  /** Values typed for this run; non-empty ones override the project's saved values. */
  typed?: Record<string, string>;
  mode?: RunMode;
  /** Test mode only: run this text as the file instead of the saved one (an AI edit's preview). */
  content?: string;
  /** Test mode only: the test chat the run talks to, when not the file's own (a replay's). */
  chatKey?: string;
  /** Started by the deploy supervisor (deploy/supervisor.ts). */
  supervised?: boolean;
};

export async function startRun({ deps, userId }: ServiceCtx, input: StartFileInput): Promise<void> {
  const { fileId } = input;
  const mode = input.mode ?? 'live';
  const file = await ownedFile(deps.db, userId, fileId).catch(() => {
    throw new AppError('NOT_FOUND', 'File not found');
  });
  if (mode === 'test') assertTestChatFile(file.filename, input.content ?? file.content);
  // A run mounts the project's dependency dirs: never while an install is writing them.
  if (deps.installs.has(file.project_id)) throw new AppError('CONFLICT', 'Dependencies are being installed for this project: start the bot when the installation has finished');
  // On several nodes: the packages the project asked for, installed on another runner, are installed here first.
  if (deps.config.databaseUrl) await installMissingPackages(deps, userId, file.project_id);
  const saved = await loadProjectSecrets(deps, file.project_id);
  const secrets = { ...saved, ...Object.fromEntries(Object.entries(input.typed ?? {}).filter(([, v]) => v !== '')) };
  // Saved before such names were refused: the run does not start until the person removes it.
  for (const key of Object.keys(secrets)) {
    const reason = refusedVariableReason(key);
    if (reason) throw new AppError('BAD_REQUEST', `${reason}. Remove it under Environment Variables to run this bot.`);
  }
  // A live run holds its platform tokens alone; a test run talks to the emulator with its own.
  const claims = mode === 'live' ? { tokens: tokenClaims(secrets, claimKey(deps.config.jwtSecret)), botName: botLabel((await projectName(deps.db, file.project_id)) ?? '') } : undefined;
  await deps.runs.start({ userId, fileId, projectId: file.project_id, filename: file.filename, secrets, mode, supervised: input.supervised ?? false, ...(claims ? { claims } : {}) }, async (): Promise<RunLaunch> => {
    const rows = await projectFiles(deps.db, file.project_id, { userId });
    const files = rows.map((f) => ({ name: f.filename, content: f.id === fileId && input.content !== undefined ? input.content : f.content }));
    const packagesDir = await deps.packageVolumes.dir(file.project_id, false);
    if (mode === 'live') {
      // Its webhooks' way in (runner/hooks), and PORT for the bot to listen on.
      const inbound = prepareLiveInbound(deps, { projectId: file.project_id, userId, fileId, secrets });
      try {
        return { ...botLaunch({ config: deps.config.runner, packagesDir, filename: file.filename, files, secrets: inbound.env }), ...inbound.spec, release: inbound.release };
      } catch (err) {
        inbound.release();
        throw err;
      }
    }
    const code = input.content ?? file.content;
    const reads = (await deps.analyser.detectEnvVars(code, botLanguage(file.filename) === 'python' ? 'python' : 'javascript').catch(() => [])).map((v) => v.key);
    const test = await prepareTestMode({
      chats: deps.testChat.chats,
      emulator: deps.testChat.emulator,
      owner: { userId, fileId: input.chatKey ?? fileId, botName: file.filename },
      secrets,
      reads,
      bridged: deps.sandbox.supportsBridge,
    });
    try {
      const launch = botLaunch({ config: deps.config.runner, packagesDir, filename: file.filename, files, secrets: test.env, extraCaPem: deps.testChat.caPem ?? undefined });
      return { ...launch, ...test.spec, release: test.release };
    } catch (err) {
      test.release();
      throw err;
    }
  });
}

/**
 * On a server of several nodes: refuses (409) to deploy a file whose saved platform token a live run
 * holds on any node, before the bot is placed (the runner it lands on checks again when it starts it).
 */
export async function assertTokensFreeEverywhere({ deps, userId }: ServiceCtx, input: { fileId: string }): Promise<void> {
  const file = await ownedFile(deps.db, userId, input.fileId).catch(() => {
    throw new AppError('NOT_FOUND', 'File not found');
  });
  const tokens = tokenClaims(await loadProjectSecrets(deps, file.project_id), claimKey(deps.config.jwtSecret));
  const holder = await tokenHolder(deps.db, input.fileId, tokens);
  if (holder) throw new AppError('CONFLICT', tokenInUse(holder.userId === userId, holder.botName));
}

/** Ends the person's run of this file (SIGTERM, then SIGKILL after the grace); false when none is live. */
export function stopRun({ deps, userId }: ServiceCtx, input: { fileId: string; by?: EndedBy }): Promise<boolean> {
  return deps.runs.stop(userId, input.fileId, input.by ?? 'person');
}

/** Follows the person's run of this file (its recent lines replayed first); null when there is none. */
export function followRun({ deps, userId }: ServiceCtx, input: { fileId: string }, viewer: RunViewer): (() => void) | null {
  return deps.runs.attach(userId, input.fileId, viewer);
}

/** The person's runs, live and recently ended. */
export function listRuns({ deps, userId }: ServiceCtx): RunSummary[] {
  return deps.runs.list(userId);
}
