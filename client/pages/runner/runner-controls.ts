// The runner page's hooks: which file opens on arrival, and what its buttons do (Start, Test chat,
// Stop, Check Dependencies, Environment Variables), each telling the person when it cannot.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams, type SetURLSearchParams } from 'react-router-dom';
import { detectPlatform } from '../../../shared/platform';
import { useAuth } from '../../lib/auth';
import { notifyError } from '../../lib/notify';
import type { WorkspaceFile } from '../../lib/workspace';
import type { useDependencyCheck } from '../../live/DependenciesPanel';
import type { useEnvVarsDialog } from '../../live/EnvVarsModal';
import type { useRunner } from '../../live/use-runner';
import { fileOnArrival, readLastRunnerFile, rememberRunnerFile } from './arrival';

function stateFileId(state: unknown): string | null {
  const id = (state as { fileId?: unknown } | null)?.fileId;
  return typeof id === 'string' && id ? id : null;
}

/** The builder chat's 'Run' hands over { fileId, start: true }: start that file once it is here. */
function stateStarts(state: unknown): boolean {
  return (state as { start?: unknown } | null)?.start === true;
}

/**
 * The selected file, named in the address (?file=ID). The builder's Run passes it in the navigation
 * state instead: it is put in the address, so a reload or a shared link opens the same file.
 */
export function useHandedOverFile() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const handedOver = stateFileId(location.state);
  const selectedId = params.get('file') ?? handedOver;

  // The builder's Run passes the file in the navigation state: put it in the address, so a reload
  // or a shared link opens the same file.
  useEffect(() => {
    if (handedOver && !params.get('file')) setParams({ file: handedOver }, { replace: true });
  }, [handedOver, params, setParams]);
  return { params, setParams, selectedId, startOnArrival: stateStarts(location.state) ? handedOver : null };
}

type Arrival = {
  selectedId: string | null;
  file: WorkspaceFile | null;
  files: WorkspaceFile[] | undefined;
  runs: ReturnType<typeof useRunner>['runs'];
  ready: boolean;
  botId: string | undefined;
  askedBot: string | null;
  setParams: SetURLSearchParams;
};

export function useFileOnArrival({ selectedId, file, files, runs, ready, botId, askedBot, setParams }: Arrival) {
  // The file looked at last is remembered (per person), for a return to the page.
  const userId = useAuth().user?.id;
  useEffect(() => {
    if (userId && file) rememberRunnerFile(userId, file.id);
  }, [userId, file]);

  // No file in the address (the Run tab, a bot picked in the sidebar): once the server has said
  // what runs, open a running file (its live logs replay), else the one last selected. Decided once
  // per arrival, so it never overrides a later choice.
  const decidedFor = useRef<string | null>(null);
  const location = useLocation();
  useEffect(() => {
    if (selectedId || !userId || !files || !ready || botId === undefined) return;
    if (decidedFor.current === location.key) return;
    decidedFor.current = location.key;
    const id = fileOnArrival({ files, runs, lastFileId: readLastRunnerFile(userId), currentBot: botId, askedBot });
    if (id) setParams({ file: id }, { replace: true });
  }, [selectedId, userId, files, ready, runs, botId, askedBot, location.key, setParams]);
}

type Controls = {
  file: WorkspaceFile | null;
  runner: ReturnType<typeof useRunner>;
  dependencies: ReturnType<typeof useDependencyCheck>;
  envVars: ReturnType<typeof useEnvVarsDialog>;
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  /** The file the builder's Run handed over to start, if it asked. */
  startOnArrival: string | null;
};

export function useRunControls({ file, runner, dependencies, envVars, params, setParams, startOnArrival: arrivalStart }: Controls) {
  const needFile = (message: string) => {
    notifyError('No file selected', message);
  };

  const start = () => {
    if (!file) return needFile('Please select a file to run');
    const started = runner.start({ fileId: file.id, filename: file.filename, envVars: {} });
    if (!started) notifyError('Runner not connected', 'Reconnecting to the runner. Try again in a moment.');
  };

  // Captured on arrival: the page's hand-over effect drops the navigation state from the address,
  // so a reload does not start the bot again.
  const [startOnArrival, setStartOnArrival] = useState(arrivalStart);
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

  return { chatOpen, telegram, start, startTest, openTestChat, closeTestChat, stop, checkDependencies, openEnvironmentVariables };
}
