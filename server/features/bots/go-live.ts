// The go-live list of a bot file on the runner page: what it needs before it is deployed for real.
// Its required settings saved (the token first), its packages installed, the assistant's checks
// passed since its last change (Telegram bots), and for a bot that takes webhooks, a PUBLIC_URL the
// platforms can reach.
import type { Deps } from '../../deps';
import type { ServiceCtx } from '../../trpc';
import type { GoLiveItem } from '../../../shared/bots.schema';
import { AppError } from '../../errors';
import { TEST_MODE_VARIABLES } from '../../../shared/env-names';
import { joinWords } from '../../../shared/bot-plan-words';
import { detectPlatform } from '../../../shared/platform';
import { ownedFile } from '../workspace/files';
import type { BotFile } from '../../db/schema';
import { listEnvVars } from '../runner/env-vars/env-vars.store';
import { botLanguage } from '../runner/runs/bot-command';
import { packagesNotInstalled } from '../runner/dependencies/installed-packages';
import { CHECKS_SAVED_AS } from '../test-chat/plan-checks/prepare-bot';

async function fileOf(deps: Deps, userId: string, fileId: string): Promise<BotFile> {
  return ownedFile(deps.db, userId, fileId).catch(() => {
    throw new AppError('NOT_FOUND', 'File not found');
  });
}

const analysisLanguage = (file: Pick<BotFile, 'filename'>) => (botLanguage(file.filename) === 'python' ? 'python' : 'javascript');

/**
 * Whether a bot file takes webhooks: it speaks of them, or it reads PORT (it listens). The analyser
 * (a worker) is asked only when the word PORT is there: /bots asks this of every bot without an address.
 */
export async function takesWebhooks(deps: Pick<Deps, 'analyser'>, file: Pick<BotFile, 'filename' | 'content'>): Promise<boolean> {
  if (/webhook/i.test(file.content)) return true;
  if (!/\bPORT\b/.test(file.content)) return false;
  return (await deps.analyser.detectEnvVars(file.content, analysisLanguage(file))).some((v) => v.key === 'PORT');
}

/** The variables the file cannot start without (read as required) that its bot has no saved value for. */
export async function variablesToSet(deps: Deps, userId: string, fileId: string): Promise<string[]> {
  const file = await fileOf(deps, userId, fileId);
  if (!botLanguage(file.filename)) return [];
  const read = await deps.analyser.detectEnvVars(file.content, analysisLanguage(file));
  const saved = new Set((await listEnvVars(deps, file.project_id)).map((v) => v.key));
  return read.filter((v) => v.required && !saved.has(v.key) && !TEST_MODE_VARIABLES.has(v.key)).map((v) => v.key);
}

/** True for a host the platforms cannot reach: this machine's own names. */
const localHost = (url: string) => /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i.test(new URL(url).hostname);

export async function goLive({ deps, userId }: ServiceCtx, input: { fileId: string }): Promise<{ items: GoLiveItem[] }> {
  const file = await fileOf(deps, userId, input.fileId);
  const items: GoLiveItem[] = [];
  const missing = await variablesToSet(deps, userId, file.id);
  items.push({
    key: 'settings',
    ok: missing.length === 0,
    label: 'Token and settings saved',
    detail: missing.length === 0 ? 'Every variable the bot cannot start without has a value.' : `Set ${joinWords(missing)} under Environment Variables.`,
  });

  const language = botLanguage(file.filename);
  if (language) {
    const { packages } = await deps.analyser.parseImports(file.content, language);
    const byEcosystem = (e: 'pip' | 'npm') => [...new Set(packages.filter((p) => p.ecosystem === e).map((p) => p.package))];
    const notInstalled = [
      ...(await packagesNotInstalled(deps, file.project_id, 'pip', byEcosystem('pip'))),
      ...(await packagesNotInstalled(deps, file.project_id, 'npm', byEcosystem('npm'))),
    ];
    items.push({
      key: 'packages',
      ok: notInstalled.length === 0,
      label: 'Packages installed',
      detail: notInstalled.length === 0 ? 'Everything the code imports is installed.' : `Install ${joinWords(notInstalled)} (Check Dependencies).`,
    });
  }

  if (detectPlatform(file.filename, file.content) === 'telegram') {
    const saved = await deps.db.selectFrom('saved_test_chats').select('created_at').where('file_id', '=', file.id).where('name', 'in', Object.values(CHECKS_SAVED_AS)).orderBy('created_at', 'desc').executeTakeFirst();
    const current = saved !== undefined && saved.created_at >= file.updated_at;
    items.push({
      key: 'checks',
      ok: current,
      label: 'Checked in the test chat',
      detail: current
        ? "The assistant's checks passed on this version."
        : saved
          ? 'Changed since the assistant checked it: open Test chat and press Run tests.'
          : 'Not checked yet: try it in the test chat first.',
    });
  }

  if (await takesWebhooks(deps, file)) {
    const local = localHost(deps.config.publicUrl);
    items.push({
      key: 'publicUrl',
      ok: !local,
      label: 'Reachable for webhooks',
      detail: local ? `PUBLIC_URL is ${deps.config.publicUrl}: the platforms cannot reach it. The operator sets it to this server's public address.` : `Webhooks come in at ${deps.config.publicUrl}.`,
    });
  }
  return { items };
}
