// /runner: pick a file, set its environment variables, install what it imports,
// start and stop it, and follow its console, with the AI assistant one click away. Runs live on
// the server: the page shows their state and re-attaches after a reload. The selected
// file lives in the URL (?file=ID); the builder's Run button hands it over in the navigation state;
// with none named, the page opens a running file, else the one last selected (see arrival.ts).
// The files listed are the current bot's (?bot=ID, or the selected file's bot).
import '../../mantine-styles-pages';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AiHelpModal } from '../../live/AiHelpModal';
import { ConsoleLogs } from '../../live/ConsoleLogs';
import { DependenciesPanel, useDependencyCheck } from '../../live/DependenciesPanel';
import { useEnvVarsDialog } from '../../live/EnvVarsModal';
import { ExecutionControl } from './ExecutionControl';
import { RunnerFiles } from './RunnerFiles';
import { botNameOf, TestChatPane } from '../../live/TestChat';
import { detectPlatform } from '../../../shared/platform';
import { notifyError } from '../../lib/notify';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-title';
import { fileOnArrival, readLastRunnerFile, rememberRunnerFile } from './arrival';
import { useRunner, type ConsoleNote } from '../../live/use-runner';
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
  usePageTitle('Runner');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const handedOver = stateFileId(location.state);
  const selectedId = params.get('file') ?? handedOver;

  // The builder's Run passes the file in the navigation state: put it in the address, so a reload
  // or a shared link opens the same file.
  useEffect(() => {
    if (handedOver && !params.get('file')) setParams({ file: handedOver }, { replace: true });
  }, [handedOver, params, setParams]);

  const { user } = useAuth();
  const files = useFiles();
  const botFiles = useBotFiles();
  const { bot, botId } = useCurrentBot();
  const file = useMemo(() => files.data?.find((f) => f.id === selectedId) ?? null, [files.data, selectedId]);
  const projectId = file?.projectId ?? FALLBACK_PROJECT_ID;

  const status = trpc.runner.status.useQuery();
  const savedEnv = trpc.runner.envVars.useQuery({ projectId }, { enabled: file !== null });
  const dependencies = useDependencyCheck(file);
  const envVars = useEnvVarsDialog();

  const runner = useRunner(file ? file.id : null, status.data?.limits);

  // The file looked at last is remembered (per person), for a return to the page.
  const userId = user?.id;
  useEffect(() => {
    if (userId && file) rememberRunnerFile(userId, file.id);
  }, [userId, file]);

  // No file in the address (the Run tab, a bot picked in the sidebar): once the server has said
  // what runs, open a running file (its live logs replay), else the one last selected. Decided once
  // per arrival, so it never overrides a later choice.
  const decidedFor = useRef<string | null>(null);
  const askedBot = params.get('bot');
  useEffect(() => {
    if (selectedId || !userId || !files.data || !runner.ready || botId === undefined) return;
    if (decidedFor.current === location.key) return;
    decidedFor.current = location.key;
    const id = fileOnArrival({ files: files.data, runs: runner.runs, lastFileId: readLastRunnerFile(userId), currentBot: botId, askedBot });
    if (id) setParams({ file: id }, { replace: true });
  }, [selectedId, userId, files.data, runner.ready, runner.runs, botId, askedBot, location.key, setParams]);

  const [aiHelpKey, setAiHelpKey] = useState<number | null>(null);

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

  const checkDependencies = () => {
    if (!file) return needFile('Please select a file first');
    dependencies.check();
  };

  const openEnvironmentVariables = async () => {
    if (!file) return needFile('Please select a file first');
    await envVars.open(file);
  };

  const select = useCallback((id: string) => setParams({ file: id }), [setParams]);
  // The installer's output goes to the console too, the first place anyone looks.
  const { note } = runner;
  const fileId = file?.id;
  const installLog = useCallback(
    (lines: ConsoleNote[]) => {
      if (fileId) note(fileId, lines);
    },
    [note, fileId],
  );
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
        <div className={classes.output} data-chat={chatOpen || undefined}>
          <ConsoleLogs className={classes.console} lines={runner.lines} projectId={file?.projectId ?? null} onClear={runner.clear} onAiHelp={() => setAiHelpKey(Date.now())} />
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
