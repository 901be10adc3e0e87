// Whether the selected file is its bot's deployed (always-on) file, read from bots.list every 5 s
// while the runner is open, with Deploy and Undeploy. A deployed bot's run is started by the server,
// which the page's socket is not told about: when the server says the file runs and the page knows
// no live run of it, the page asks the socket for the runs again (once per start), so the console
// follows a deploy, and a restart after a crash.
import { useEffect, useRef, useState } from 'react';
import { useBotControls } from '../../../components/Bots';
import { trpc } from '../../../lib/trpc';
import type { RunInfo } from '../../../live/use-runner';
import type { WorkspaceFile } from '../../../lib/workspace';

const POLL_MS = 5000;
/** The server refuses to deploy a bot whose required variables are not saved: "Set TELEGRAM_BOT_TOKEN first". */
const NEEDS_SETTINGS = /^Set .+ first/;

export function useDeployment(file: WorkspaceFile | null, run: RunInfo | undefined, ready: boolean, onResync?: () => void) {
  const utils = trpc.useUtils();
  const bots = trpc.bots.list.useQuery(undefined, { enabled: file !== null, refetchInterval: POLL_MS });
  const controls = useBotControls();
  const bot = file ? bots.data?.bots.find((b) => b.projectId === file.projectId) : undefined;
  const deployedHere = Boolean(file && bot?.deployed && bot.fileId === file.id);
  /** The bot is deployed with another of its files: deploying this one replaces it. */
  const deployedOther = file && bot?.deployed && bot.fileId !== file.id ? bot.fileId : null;

  const live = run !== undefined && run.status !== 'exited';
  const serverStart = deployedHere && bot?.status === 'running' ? bot.startedAt : null;
  const followed = useRef<string | null>(null);
  // The page follows this very run when it knows it live with the same start (both sides send the
  // server's ISO time); then nothing is asked, also not after it has been stopped here.
  const following = live && run?.startedAt === serverStart;
  useEffect(() => {
    if (!serverStart || !ready || followed.current === serverStart) return;
    followed.current = serverStart;
    if (!following) onResync?.();
  }, [serverStart, ready, following, onResync]);

  // A run of this file that ends (Stop undeploys a deployed bot): the badge follows at once.
  const status = run?.status;
  useEffect(() => {
    if (status === 'exited') void utils.bots.list.invalidate();
  }, [status, utils]);

  // What Deploy was refused for (variables to set), shown beside it with a way to set them.
  const [needs, setNeeds] = useState<{ fileId: string; message: string } | null>(null);
  const deploy = async () => {
    if (!file) return;
    setNeeds(null);
    const done = await controls.deploy(file.projectId, file.id, NEEDS_SETTINGS);
    if (typeof done === 'string') setNeeds({ fileId: file.id, message: done });
    else if (done) onResync?.();
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
