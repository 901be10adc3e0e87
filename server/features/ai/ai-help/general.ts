// The answers when no specific failure is recognised: no logs yet (run the bot first), logs without
// errors (the bot seems to run), or the newest error line explained with where it points in the code.
import { codeLocation, errorLine, fileLine, fileName, type BotLog } from './bot-log';
import { START_AGAIN, quote, type Diagnosis } from './answer';
import { errorMeaning } from './error-meanings';
import { topicAnswer, type Topic } from './question';

export function noLogs(log: BotLog, topic: Topic | null): Diagnosis {
  const run: Diagnosis = {
    problem: 'There are no logs to read yet, so I cannot tell what your bot does.',
    steps: ['Select your file in Your Files and click Start.', 'When the bot prints something or stops, click AI Help again and ask your question.'],
  };
  if (!topic || topic === 'not-responding' || topic === 'stops') return run;
  const answer = topicAnswer(topic, log);
  return { ...answer, note: 'Once the bot has run, ask me again and I will read its logs.' };
}

export function noErrors(log: BotLog, topic: Topic | null): Diagnosis {
  if (topic && topic !== 'not-responding') return topicAnswer(topic, log);
  const answer = topicAnswer('not-responding', log);
  return { ...answer, note: `The newest log line is ${quote(log.lines.at(-1)!)}. If the bot stopped without an error, that line is the last thing it did.` };
}

export function lastError(log: BotLog): Diagnosis {
  const line = errorLine(log)!;
  const meaning = errorMeaning(line);
  const at = codeLocation(log);
  const ownFile = at && (!log.filename || at.file === log.filename);
  const code = at && ownFile ? fileLine(log, at.line) : null;
  const where = at ? ` It happens on line ${at.line} of ${at.file}${code ? `: ${quote(code, 100)}` : ''}.` : '';
  return {
    problem: `The newest error in the logs is ${quote(line)}${meaning ? `: ${meaning}` : ''}.${where}`,
    steps: [
      `Open ${at?.file ?? fileName(log)} in the Builder${at ? ` and look at line ${at.line}` : ''}.`,
      `Fix the code there, or click Modify and ask "fix this error: ${line.length > 100 ? `${line.slice(0, 97)}...` : line}".`,
      `Save the file, then come back to the Runner. ${START_AGAIN}`,
    ],
    note: 'Also check that Check Dependencies and Install Dependencies have run, and that every value in Environment Variables is filled in.',
  };
}
