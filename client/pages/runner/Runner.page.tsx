// /runner: pick a file, set its environment variables, install what it imports,
// start and stop it, and follow its console, with the AI assistant one click away. Runs live on
// the server: the page shows their state and re-attaches after a reload. The selected
// file lives in the URL (?file=ID); the builder's Run button hands it over in the navigation state.
// The files listed are the current bot's (?bot=ID, or the selected file's bot).
import '../../mantine-styles-pages';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AssistantModal } from './AssistantModal';
import { ConsoleLogs } from './ConsoleLogs';
import { DependenciesPanel, type DependencyAnalysis } from './DependenciesPanel';
import { useEnvVarsDialog } from './EnvVarsModal';
import { ExecutionControl } from './ExecutionControl';
import { RunnerFiles } from './RunnerFiles';
import { botNameOf, TestChatPane } from './TestChat';
import { detectPlatform } from '../../../shared/platform';
import { errorMessage } from '../../lib/http-error';
import { notifyError } from '../../lib/notify';
import { importLanguageOf } from './runner-languages';
import { trpc } from '../../lib/trpc';
import { useRunner } from './use-runner';
import { botLabel } from '../../../shared/bot-label';
import { FALLBACK_PROJECT_ID, useBotFiles, useCurrentBot, useFiles } from '../../lib/workspace';
import classes from './Runner.module.css';

function stateFileId(state: unknown): string | null {
  const id = (state as { fileId?: unknown } | null)?.fileId;
  return typeof id === 'string' && id ? id : null;
}

/** The builder chat's 'Run' hands over { fileId, start: true }: start that file once it is here. */
function stateStarts(state: unknown): boolean {
  return (state as { start?: unknown } | null)?.start === true;
}

export function RunnerPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const handedOver = stateFileId(location.state);
  const selectedId = params.get('file') ?? handedOver;

  // The builder's Run passes the file in the navigation state: put it in the address, so a reload
  // or a shared link opens the same file.
  useEffect(() => {
    if (handedOver && !params.get('file')) setParams({ file: handedOver }, { replace: true });
  }, [handedOver, params, setParams]);

  const files = useFiles();
  const botFiles = useBotFiles();
  const { bot } = useCurrentBot();
  const file = useMemo(() => files.data?.find((f) => f.id === selectedId) ?? null, [files.data, selectedId]);
  const projectId = file?.projectId ?? FALLBACK_PROJECT_ID;

  const status = trpc.runner.status.useQuery();
  const savedEnv = trpc.runner.envVars.useQuery({ projectId }, { enabled: file !== null });
  const parseImports = trpc.runner.parseImports.useMutation();
  const envVars = useEnvVarsDialog();

  const runner = useRunner(file ? file.id : null, status.data?.limits);

  const [analysis, setAnalysis] = useState<DependencyAnalysis | null>(null);
  const [assistantKey, setAssistantKey] = useState<number | null>(null);

  const needFile = (message: string) => {
    notifyError('No file selected', message);
  };

  const start = () => {
    if (!file) return needFile('Please select a file to run');
    const started = runner.start({ fileId: file.id, filename: file.filename, envVars: {} });
    if (!started) notifyError('Runner not connected', 'Reconnecting to the runner. Try again in a moment.');
  };

  // Captured on arrival: the hand-over effect above drops the navigation state from the address,
  // so a reload does not start the bot again.
  const [startOnArrival, setStartOnArrival] = useState(() => (stateStarts(location.state) ? handedOver : null));
  useEffect(() => {
    if (startOnArrival === null || !file || !runner.ready) return;
    setStartOnArrival(null);
    if (file.id !== startOnArrival) return;
    // Already running (started from another tab, say): leave it running.
    if (runner.run && runner.run.status !== 'exited') return;
    start();
  });

  // The test chat (Telegram bots): open in the address (?chat=test), so a reload keeps it open.
  const telegram = file !== null && detectPlatform(file.filename, file.content) === 'telegram';
  const chatOpen = telegram && params.get('chat') === 'test';

  const startTest = () => {
    if (!file) return needFile('Please select a file to run');
    const started = runner.start({ fileId: file.id, filename: file.filename, envVars: {}, mode: 'test' });
    if (!started) notifyError('Runner not connected', 'Reconnecting to the runner. Try again in a moment.');
  };

  const openTestChat = () => {
    if (!file) return needFile('Please select a file to run');
    const run = runner.run;
    // A bot already talking to the test chat keeps running; a live one restarts in test mode.
    if (!(run && run.status !== 'exited' && run.mode === 'test')) startTest();
    if (!chatOpen) setParams({ file: file.id, chat: 'test' });
  };

  const closeTestChat = () => {
    if (file) setParams({ file: file.id }, { replace: true });
  };

  const stop = () => {
    if (!file) return needFile('Please select a file to run');
    if (!runner.stop(file.id)) notifyError('Runner not connected', 'Reconnecting to the runner. Try again in a moment.');
  };

  const downloadDependencies = async () => {
    if (!file) return needFile('Please select a file first');
    const language = importLanguageOf(file.filename);
    try {
      const result = await parseImports.mutateAsync({ content: file.content, language });
      setAnalysis({ fileId: file.id, language: result.language ?? language, imports: result.imports, packages: result.packages });
    } catch (err) {
      notifyError('Failed to parse imports', errorMessage(err, 'Please try again.'));
    }
  };

  const openEnvironmentVariables = async () => {
    if (!file) return needFile('Please select a file first');
    await envVars.open(file);
  };

  const select = useCallback((id: string) => setParams({ file: id }), [setParams]);
  const assistantFile = useMemo(() => (file ? { id: file.id, filename: file.filename, content: file.content } : null), [file]);

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
          analyzing={parseImports.isPending}
          detectingEnv={envVars.detecting}
          envCount={file ? (savedEnv.data?.length ?? 0) : 0}
          status={status.data}
          onStart={start}
          onStop={stop}
          onDownloadDependencies={() => void downloadDependencies()}
          onEnvironmentVariables={() => void openEnvironmentVariables()}
          onTestChat={telegram ? openTestChat : undefined}
          onResync={runner.resync}
        />
        <div className={classes.output} data-chat={chatOpen || undefined}>
          <ConsoleLogs className={classes.console} lines={runner.lines} projectId={file?.projectId ?? null} onClear={runner.clear} onAiHelp={() => setAssistantKey(Date.now())} />
          {chatOpen && file && (
            <TestChatPane
              key={file.id}
              className={classes.testChat}
              fileId={file.id}
              botName={botNameOf(file.filename)}
              run={runner.run}
              ready={runner.ready}
              subscribe={runner.subscribeTestChat}
              onStartTest={startTest}
              onClose={closeTestChat}
            />
          )}
        </div>
      </div>

      <DependenciesPanel key={file?.id ?? 'none'} className={classes.deps} file={file} analysis={analysis} analyzing={parseImports.isPending} />

      {file && envVars.modal}

      {assistantKey !== null && (
        <AssistantModal key={assistantKey} opened onClose={() => setAssistantKey(null)} lines={runner.lines} file={assistantFile} />
      )}
    </div>
  );
}
