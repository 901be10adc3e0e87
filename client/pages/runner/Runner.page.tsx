// /runner: pick a file, set its environment variables, install what it imports,
// start and stop it, and follow its console, with the AI assistant one click away. Runs live on
// the server: the page shows their state and re-attaches after a reload. The selected
// file lives in the URL (?file=ID); the builder's Run button hands it over in the navigation state;
// with none named, the page opens a running file, else the one last selected (see arrival.ts).
// The files listed are the current bot's (?bot=ID, or the selected file's bot).
import '../../mantine-styles-pages';
import { useCallback, useMemo, useState } from 'react';
import { AiHelpModal } from '../../live/AiHelpModal';
import { ConsoleLogs } from '../../live/ConsoleLogs';
import { DependenciesPanel, useDependencyCheck } from '../../live/DependenciesPanel';
import { useEnvVarsDialog } from '../../live/EnvVarsModal';
import { ExecutionControl } from './ExecutionControl';
import { RunnerFiles } from './RunnerFiles';
import { botNameOf, TestChatPane } from '../../live/TestChat';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-title';
import { useFileOnArrival, useHandedOverFile, useRunControls } from './runner-controls';
import { useRunner, type ConsoleNote } from '../../live/use-runner';
import { botLabel } from '../../../shared/bot-label';
import { botOrFirst, useBotFiles, useCurrentBot, useFiles, type WorkspaceFile } from '../../lib/workspace';
import classes from './Runner.module.css';

/** The installer's output goes to the console too, the first place anyone looks. */
function useInstallLog(note: ReturnType<typeof useRunner>['note'], fileId: string | undefined) {
  return useCallback(
    (lines: ConsoleNote[]) => {
      if (fileId) note(fileId, lines);
    },
    [note, fileId],
  );
}

type RunOutputProps = {
  file: WorkspaceFile | null;
  runner: ReturnType<typeof useRunner>;
  chatOpen: boolean;
  onStartTest: () => void;
  onCloseChat: () => void;
  onAiHelp: () => void;
};

/** The console, and beside it (or above it on a phone) the test chat when it is open. */
function RunOutput({ file, runner, chatOpen, onStartTest, onCloseChat, onAiHelp }: RunOutputProps) {
  return (
    <div className={classes.output} data-chat={chatOpen || undefined}>
      <ConsoleLogs className={classes.console} lines={runner.lines} projectId={file?.projectId ?? null} onClear={runner.clear} onAiHelp={onAiHelp} />
      {chatOpen && file && (
        <TestChatPane
          key={file.id}
          className={classes.testChat}
          fileId={file.id}
          botName={botNameOf(file.filename)}
          run={runner.run}
          ready={runner.ready}
          subscribe={runner.subscribeTestChat}
          onStartTest={onStartTest}
          onClose={onCloseChat}
        />
      )}
    </div>
  );
}

export function RunnerPage() {
  usePageTitle('Runner');
  const { params, setParams, selectedId, startOnArrival } = useHandedOverFile();

  const files = useFiles();
  const botFiles = useBotFiles();
  const { bot, botId } = useCurrentBot();
  const file = useMemo(() => files.data?.find((f) => f.id === selectedId) ?? null, [files.data, selectedId]);
  const projectId = botOrFirst(file?.projectId);

  const status = trpc.runner.status.useQuery();
  const savedEnv = trpc.runner.envVars.useQuery({ projectId }, { enabled: file !== null });
  const dependencies = useDependencyCheck(file);
  const envVars = useEnvVarsDialog();

  const runner = useRunner(file ? file.id : null, status.data?.limits);
  useFileOnArrival({ selectedId, file, files: files.data, runs: runner.runs, ready: runner.ready, botId, askedBot: params.get('bot'), setParams });

  const [aiHelpKey, setAiHelpKey] = useState<number | null>(null);
  const controls = useRunControls({ file, runner, dependencies, envVars, params, setParams, startOnArrival });
  const { chatOpen, telegram, start, startTest, openTestChat, closeTestChat, stop, checkDependencies, openEnvironmentVariables } = controls;

  const select = useCallback((id: string) => setParams({ file: id }), [setParams]);
  const installLog = useInstallLog(runner.note, file?.id);
  const aiHelpFile = useMemo(() => (file ? { id: file.id, filename: file.filename, content: file.content } : null), [file]);

  return (
    <div className={classes.page} data-chat={chatOpen || undefined}>
      <RunnerFiles
        className={classes.files}
        files={botFiles.data}
        botName={bot ? botLabel(bot.name) : undefined}
        loading={botFiles.isLoading}
        failed={botFiles.isError}
        selectedId={file?.id ?? null}
        runs={runner.runs}
        onSelect={select}
      />

      <div className={classes.main}>
        <ExecutionControl
          file={file}
          run={runner.run}
          connection={runner.connection}
          ready={runner.ready}
          analyzing={dependencies.checking}
          detectingEnv={envVars.detecting}
          envCount={file ? (savedEnv.data?.length ?? 0) : 0}
          status={status.data}
          onStart={start}
          onStop={stop}
          onCheckDependencies={checkDependencies}
          onEnvironmentVariables={() => void openEnvironmentVariables()}
          onTestChat={telegram ? openTestChat : undefined}
        />
        <RunOutput file={file} runner={runner} chatOpen={chatOpen} onStartTest={startTest} onCloseChat={closeTestChat} onAiHelp={() => setAiHelpKey(Date.now())} />
      </div>

      <DependenciesPanel
        key={file?.id ?? 'none'}
        className={classes.deps}
        file={file}
        analysis={dependencies.analysis}
        analyzing={dependencies.checking}
        failed={dependencies.failed}
        onInstallLog={installLog}
      />

      {file && envVars.modal}

      {aiHelpKey !== null && (
        <AiHelpModal key={aiHelpKey} opened onClose={() => setAiHelpKey(null)} lines={runner.lines} file={aiHelpFile} />
      )}
    </div>
  );
}
