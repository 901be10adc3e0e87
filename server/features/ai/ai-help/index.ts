// The builtin AI Help on the runner page: reads the last log lines and the file that ran, recognises
// common failures of bots and answers with concrete steps, without any model or network.
import type { AiHelpAnswer, AiHelpRequest } from '../provider';
import { renderAnswer, type Detector } from './answer';
import { intentOf, shapeAnswer } from './ask';
import { botError } from './bot-error';
import { codeFix } from './code-fix';
import { hasErrors, readBotLog } from './bot-log';
import { conflict } from './conflict';
import { lastError, noErrors, noLogs } from './general';
import { invalidToken } from './invalid-token';
import { missingEnvVar } from './missing-env-var';
import { missingModule } from './missing-module';
import { networkError } from './network-error';
import { ownError } from './own-error';
import { packageIndex } from './package-index';
import { privilegedIntents } from './privileged-intents';
import { topicOf } from './question';
import { syntaxError } from './syntax-error';
import { wrongVersion } from './wrong-version';

export { lastLogLines, AI_HELP_LINES } from './log-lines';

/** In order: what stops a bot before it starts comes first, passing network trouble last. */
const DETECTORS: Detector[] = [syntaxError, missingModule, wrongVersion, missingEnvVar, invalidToken, privilegedIntents, conflict, networkError];

/**
 * Answers that read logs are billable; "run your bot first" reads nothing and is free. When the bot
 * printed an exception, only its block (and what follows) is read, so an older warning or the Runner's
 * exit line is never taken for the error; the answer is shaped to the question asked.
 */
export function builtinAiHelp(request: AiHelpRequest): AiHelpAnswer {
  const log = readBotLog(request);
  const topic = topicOf(request.message);
  if (log.lines.length === 0) return { reply: renderAnswer(noLogs(log, topic)), billable: false };
  const intent = intentOf(request.message);
  // An install that failed where the server gets its packages: the operator's setting, never charged.
  const installFailed = packageIndex(log);
  if (installFailed) return { reply: renderAnswer(shapeAnswer(installFailed, intent)), billable: false };
  const err = botError(log);
  const focus = err ? { ...log, lines: log.lines.slice(err.start), text: log.lines.slice(err.start).join('\n') } : log;
  for (const detect of DETECTORS) {
    const diagnosis = detect(focus);
    if (diagnosis) return { reply: renderAnswer(shapeAnswer(diagnosis, intent)), billable: true };
  }
  if (err) {
    const fix = codeFix(log, err);
    const reply = renderAnswer(ownError(log, err, intent));
    if (!fix) return { reply, billable: true };
    return { reply: `${reply}\n\nI can make this fix for you: ${fix.summary}. Press **Review the fix** to see it as a change you can accept or reject.`, billable: true, fix };
  }
  return { reply: renderAnswer(hasErrors(log) ? lastError(log) : noErrors(log, topic)), billable: true };
}
