// Whether the selected file is its bot's deployed (always-on) file, with Deploy and Undeploy. The
// console follows a deployed bot's runs by itself (the socket pushes each start and end, whoever
// caused it: live/use-runner.ts); the bot's badge (deployed, restarts, last exit) is read again from
// bots.list when the file's run starts or ends, never on a timer.
import { useEffect, useState } from 'react';
import { useBotControls } from '../../../components/Bots';
import { trpc } from '../../../lib/trpc';
import type { RunInfo } from '../../../live/use-runner';
import type { WorkspaceFile } from '../../../lib/workspace';

/** The server refuses to deploy a bot whose required variables are not saved: "Set TELEGRAM_BOT_TOKEN first". */
const NEEDS_SETTINGS = /^Set .+ first/;

export function useDeployment(file: WorkspaceFile | null, run: RunInfo | undefined) {
  const utils = trpc.useUtils();
  const bots = trpc.bots.list.useQuery(undefined, { enabled: file !== null });
  const controls = useBotControls();
  const bot = file ? bots.data?.bots.find((b) => b.projectId === file.projectId) : undefined;
  const deployedHere = Boolean(file && bot?.deployed && bot.fileId === file.id);
  /** The bot is deployed with another of its files: deploying this one replaces it. */
  const deployedOther = file && bot?.deployed && bot.fileId !== file.id ? bot.fileId : null;

  // A run of this file that starts or ends (Stop undeploys a deployed bot; the supervisor restarts
  // a crashed one): the badge follows at once. A Start still unconfirmed changes nothing yet.
  const runMark = run && run.status !== 'starting' ? `${run.status} ${run.startedAt}` : null;
  useEffect(() => {
    if (runMark) void utils.bots.list.invalidate();
  }, [runMark, utils]);

  // What Deploy was refused for (variables to set), shown beside it with a way to set them.
  const [needs, setNeeds] = useState<{ fileId: string; message: string } | null>(null);
  const deploy = async () => {
    if (!file) return;
    setNeeds(null);
    const done = await controls.deploy(file.projectId, file.id, NEEDS_SETTINGS);
    if (typeof done === 'string') setNeeds({ fileId: file.id, message: done });
  };
  const undeploy = async () => {
    if (file) await controls.undeploy(file.projectId);
  };

  return {
    bot: deployedHere ? bot : undefined,
    deployedHere,
    deployedOther,
    /** Why Deploy was refused for this file: the variables it needs first. */
    needs: needs && file && needs.fileId === file.id ? needs.message : null,
    deploying: file !== null && controls.isPending(file.projectId, 'deploy'),
    undeploying: file !== null && controls.isPending(file.projectId, 'undeploy'),
    deploy,
    undeploy,
  };
}

export type Deployment = ReturnType<typeof useDeployment>;
