// Opening the 'Environment Variables' dialog for a file, as the runner does: detect
// what the file reads, fetch which keys are saved for its project, then save and toast the outcome.
// Shared by the runner's Execution Control and the builder chat's 'Set token' step.
import { lazy, Suspense, useState } from 'react';
import type { DetectedEnvVar } from '../../../shared/runner.schema';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { envLanguageOf } from '../runner-languages';
import { trpc } from '../../lib/trpc';
import { botOrFirst } from '../../lib/workspace';
import type { EnvVarsSave } from './EnvVarsModal';

// The dialog's code loads when it is first asked for, beside the detection request that precedes it.
const loadModal = () => import('./EnvVarsModal');
const EnvVarsModal = lazy(() => loadModal().then((m) => ({ default: m.EnvVarsModal })));

export interface EnvVarsFile {
  filename: string;
  content: string;
  projectId?: string | null;
}

export function useEnvVarsDialog() {
  const utils = trpc.useUtils();
  const detectEnvVars = trpc.runner.detectEnvVars.useMutation();
  const saveEnvVars = trpc.runner.saveEnvVars.useMutation();
  const [dialog, setDialog] = useState<{ file: EnvVarsFile; projectId: string; detected: DetectedEnvVar[]; key: number } | null>(null);
  const savedEnv = trpc.runner.envVars.useQuery({ projectId: botOrFirst(dialog?.projectId) }, { enabled: dialog !== null });

  const open = async (file: EnvVarsFile) => {
    const projectId = botOrFirst(file.projectId);
    void loadModal().catch(() => {});
    try {
      const [detected] = await Promise.all([
        detectEnvVars.mutateAsync({ content: file.content, language: envLanguageOf(file.filename) }),
        // Fresh from the server: another tab or the runner may have saved values since.
        utils.runner.envVars.fetch({ projectId }, { staleTime: 0 }),
      ]);
      setDialog({ file, projectId, detected: detected.envVars, key: Date.now() });
    } catch (err) {
      notifyError('Failed to detect environment variables', errorMessage(err, 'Please try again.'));
    }
  };

  const save = async ({ set, clear }: EnvVarsSave): Promise<boolean> => {
    if (!dialog) return false;
    const { projectId } = dialog;
    const configured = Object.keys(set).length;
    try {
      if (configured > 0 || clear.length > 0) await saveEnvVars.mutateAsync({ projectId, set, clear });
      await utils.runner.envVars.invalidate({ projectId });
      void utils.bots.goLive.invalidate();
      notifySuccess(
        'Environment variables saved',
        configured > 0 ? `${configured} ${configured === 1 ? 'variable' : 'variables'} configured` : 'Ready to run your bot',
      );
      return true;
    } catch (err) {
      notifyError('Failed to save environment variables', errorMessage(err, 'Please try again.'));
      return false;
    }
  };

  const modal = dialog && (
    <Suspense fallback={null}>
      <EnvVarsModal
        key={dialog.key}
        opened
        onClose={() => setDialog(null)}
        filename={dialog.file.filename}
        detected={dialog.detected}
        savedKeys={(savedEnv.data ?? []).map((v) => v.key)}
        onSave={save}
      />
    </Suspense>
  );

  return { open, detecting: detectEnvVars.isPending, modal };
}
