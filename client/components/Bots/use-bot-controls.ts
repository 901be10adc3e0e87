// Deploy, undeploy and restart one of the person's bots, with a success or error toast and the
// bot list refreshed after each; `pending` names the bot and the action under way.
import { useState } from 'react';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

export type BotAction = 'deploy' | 'undeploy' | 'restart';

const TEXT: Record<BotAction, { done: string; failed: string }> = {
  deploy: { done: 'Bot deployed', failed: 'Could not deploy the bot' },
  undeploy: { done: 'Bot undeployed', failed: 'Could not undeploy the bot' },
  restart: { done: 'Bot restarted', failed: 'Could not restart the bot' },
};

export function useBotControls() {
  const utils = trpc.useUtils();
  const deploy = trpc.bots.deploy.useMutation();
  const undeploy = trpc.bots.undeploy.useMutation();
  const restart = trpc.bots.restart.useMutation();
  const [pending, setPending] = useState<{ projectId: string; action: BotAction } | null>(null);

  /**
   * True when it worked (the caller may follow the run); false after an error toast; the error's
   * message, with no toast, when `keep` matches it (the caller shows it where it can help).
   */
  const run = async (action: BotAction, projectId: string, fileId?: string, keep?: RegExp): Promise<boolean | string> => {
    setPending({ projectId, action });
    try {
      const result =
        action === 'deploy'
          ? await deploy.mutateAsync({ projectId, fileId: fileId ?? '' })
          : action === 'undeploy'
            ? await undeploy.mutateAsync({ projectId })
            : await restart.mutateAsync({ projectId });
      // The server's 'Restarted' would only repeat the title.
      notifySuccess(TEXT[action].done, action === 'restart' ? undefined : result.message);
      return true;
    } catch (err) {
      const message = errorMessage(err, 'Please try again.');
      if (keep?.test(message)) return message;
      notifyError(TEXT[action].failed, message);
      return false;
    } finally {
      setPending(null);
      // Whatever happened, the list shows the server's view of it now.
      await utils.bots.list.invalidate();
    }
  };

  return {
    pending,
    isPending: (projectId: string, action?: BotAction) => pending?.projectId === projectId && (action === undefined || pending.action === action),
    deploy: (projectId: string, fileId: string, keep?: RegExp) => run('deploy', projectId, fileId, keep),
    undeploy: (projectId: string) => run('undeploy', projectId),
    restart: (projectId: string) => run('restart', projectId),
  };
}
