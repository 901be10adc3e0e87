// The builtin AI Help on the runner page: reads the last log lines and the file that ran, recognises
// common failures of bots and answers with concrete steps, without any model or network.
import type { LogHelpAnswer, LogHelpRequest } from '../provider';
import { renderAnswer, type Detector } from './answer';
import { hasErrors, readBotLog } from './bot-log';
import { conflict } from './conflict';
import { lastError, noErrors, noLogs } from './general';
import { invalidToken } from './invalid-token';
import { missingEnvVar } from './missing-env-var';
import { missingModule } from './missing-module';
import { networkError } from './network-error';
import { privilegedIntents } from './privileged-intents';
import { topicOf } from './question';
import { syntaxError } from './syntax-error';
import { wrongVersion } from './wrong-version';

export { lastLogLines, LOG_HELP_LINES } from './log-lines';

/** In order: what stops a bot before it starts comes first, passing network trouble last. */
const DETECTORS: Detector[] = [syntaxError, missingModule, wrongVersion, missingEnvVar, invalidToken, privilegedIntents, conflict, networkError];

/** Answers that read logs are billable; "run your bot first" reads nothing and is free. */
export function builtinLogHelp(request: LogHelpRequest): LogHelpAnswer {
  const log = readBotLog(request);
  const topic = topicOf(request.message);
  if (log.lines.length === 0) return { reply: renderAnswer(noLogs(log, topic)), billable: false };
  for (const detect of DETECTORS) {
    const diagnosis = detect(log);
    if (diagnosis) return { reply: renderAnswer(diagnosis), billable: true };
  }
  return { reply: renderAnswer(hasErrors(log) ? lastError(log) : noErrors(log, topic)), billable: true };
}
