// The AI Help conversation: it opens with a greeting that depends on the logs and, when they show
// errors, asks for an analysis straight away; each question goes with the logs and the file.
// Failures are answered in the conversation itself.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/http-error';
import { trpc } from '../../lib/trpc';
import type { LogLine } from '../runner-logs';
import { aiHelpFailure, aiHelpOpening, logsForAiHelp } from './ai-help-opening';

export interface HelpMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** A fix the helper made to the saved file, to review in the editor. */
  fix?: { proposalId: string; fileId: string; modifiedCode: string };
}

export type HelpFile = { id: string; filename: string; content: string } | null;

let ids = 0;
const message = (role: HelpMessage['role'], content: string): HelpMessage => ({ id: ++ids, role, content, createdAt: new Date().toISOString() });

export function useAiHelp(lines: LogLine[], file: HelpFile) {
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.ai.help.useMutation();
  const [messages, setMessages] = useState<HelpMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const ask = useCallback(
    async (text: string, automatic = false) => {
      setWaiting(true);
      try {
        const result = await mutateAsync({
          message: text,
          logs: logsForAiHelp(linesRef.current, automatic),
          ...(automatic ? { automatic } : {}),
          filename: file?.filename,
          fileContent: file?.content,
          fileId: file?.id,
        });
        setMessages((all) => [...all, { ...message('assistant', result.response), ...('fix' in result ? { fix: result.fix } : {}) }]);
        void utils.auth.me.invalidate();
        void utils.credits.invalidate();
      } catch (err) {
        const reason = errorMessage(err, err instanceof Error ? err.message : 'Request failed');
        setMessages((all) => [...all, message('assistant', aiHelpFailure(reason, window.location.host))]);
      } finally {
        setWaiting(false);
      }
    },
    [mutateAsync, file, utils],
  );

  // The opening, once per mount (StrictMode runs effects twice in development).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const opening = aiHelpOpening(linesRef.current);
    if (opening.autoRequest) {
      setMessages([message('assistant', opening.greeting), message('user', opening.autoRequest)]);
      void ask(opening.autoRequest, true);
    } else {
      setMessages([message('assistant', opening.greeting)]);
    }
  }, [ask]);

  /** Asks the person's question; false (nothing sent) while an answer is awaited or the text is blank. */
  const send = (raw: string): boolean => {
    const text = raw.trim();
    if (!text || waiting) return false;
    setMessages((all) => [...all, message('user', text)]);
    void ask(text);
    return true;
  };

  return { messages, waiting, send };
}
