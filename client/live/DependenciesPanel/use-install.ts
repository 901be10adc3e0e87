// Installing a file's dependencies: the log starts with
// 'Starting installation of: ...', the installer's output streams in line by line over the
// dependencies.installStream subscription, then success (banner, message, toast) or failure
// ('Error: ...' in the log, red toast with the server's reason). Every line also goes to `onLog`,
// so the page's console shows the installation as it happens.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportLanguage } from '../../../shared/runner.schema';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorMessage } from '../../lib/http-error';
import { installCommandFor } from '../runner-languages';
import type { ConsoleNote } from '../use-runner';
import { trpc } from '../../lib/trpc';
import { botOrFirst } from '../../lib/workspace';

export type InstallPhase = 'idle' | 'installing' | 'success' | 'failed';

/** The log keeps the newest lines only: pip and npm can be chatty. */
const MAX_INSTALL_LINES = 1000;

/** Our own 'Error: ...', pip's 'ERROR: ...', npm's 'npm ERR! ...': red in the console. */
const INSTALL_ERROR = /^(?:error\b|npm ERR!)/i;

function splitLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((l, i, all) => l !== '' || i < all.length - 1);
}

export function useInstall(onLog?: (lines: ConsoleNote[]) => void) {
  const utils = trpc.useUtils();
  const onLogRef = useRef(onLog);
  onLogRef.current = onLog;
  const [phase, setPhase] = useState<InstallPhase>('idle');
  const [log, setLog] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);

  useEffect(() => () => unsubscribe.current?.(), []);

  const append = useCallback((lines: string[], level: ConsoleNote['level'] = 'output') => {
    if (lines.length === 0) return;
    onLogRef.current?.(lines.map((text) => ({ level: INSTALL_ERROR.test(text) ? 'error' : level, text })));
    setLog((log) => {
      const all = log.concat(lines);
      return all.length > MAX_INSTALL_LINES ? all.slice(all.length - MAX_INSTALL_LINES) : all;
    });
  }, []);

  const install = useCallback(
    (language: ImportLanguage, packages: string[], projectId: string | null | undefined) => {
      if (unsubscribe.current) return;
      const input = { command: installCommandFor(language, packages), dependencies: packages, projectId: botOrFirst(projectId) };
      setPhase('installing');
      setMessage(null);
      setLog([]);
      append([`Starting installation of: ${packages.join(', ')}`], 'info');

      let settled = false;
      let streamed = 0;
      const finish = () => {
        settled = true;
        unsubscribe.current?.();
        unsubscribe.current = null;
      };
      const fail = (err: unknown) => {
        if (settled) return;
        finish();
        const reason = errorMessage(err, 'Failed to install dependencies');
        append([`Error: ${reason}`]);
        setPhase('failed');
        notifyError('Installation failed', reason);
      };

      const subscription = utils.client.dependencies.installStream.subscribe(input, {
        onData(event) {
          if (settled) return;
          if (event.type === 'output') {
            streamed += 1;
            append(splitLines(event.line));
            return;
          }
          finish();
          // The output already streamed line by line; it is appended whole only if it did not.
          if (streamed === 0) append(splitLines(event.output));
          if (event.message) append([event.message], 'info');
          setMessage(event.message);
          setPhase('success');
          notifySuccess('Dependencies installed successfully!', `Installed: ${packages.join(', ')}`);
        },
        onError: fail,
        // A dropped stream would make EventSource reconnect and start the install a second time.
        onConnectionStateChange(state) {
          if (!settled && state.state === 'connecting' && state.error) fail(state.error);
        },
        onComplete() {
          if (!settled) fail(new Error('The installation ended early'));
        },
      });
      if (settled) subscription.unsubscribe();
      else unsubscribe.current = () => subscription.unsubscribe();
    },
    [append, utils],
  );

  return { phase, log, message, install, installing: phase === 'installing' };
}
