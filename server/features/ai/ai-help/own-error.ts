// The answer about the bot's own exception when no more specific failure fits: what it means, the line
// of the bot's code, and the change to make, shaped to the question (why, how to fix, where, what X
// means, "is it my ...?"). The Runner's exit line is only context.
import { START_AGAIN, quote, type Diagnosis } from './answer';
import type { Intent } from './ask';
import type { BotError } from './bot-error';
import { exitStatus, fileLine, fileName, type BotLog } from './bot-log';
import { errorMeaning } from './error-meanings';
import { errorFix } from './error-fixes';

type Facts = { err: BotError; where: string; cause: string; fix: string | null; ask: string; exit: string | null; file: string; lineNo: number | null };

function factsOf(log: BotLog, err: BotError): Facts {
  const at = err.at;
  const own = at && (!log.filename || at.file === log.filename);
  const code = at && own ? fileLine(log, at.line) : null;
  const where = at ? `on line ${at.line} of ${at.file}${at.fn && at.fn !== '<module>' ? ` (in ${at.fn})` : ''}${code ? `: ${quote(code, 100)}` : ''}` : `in ${fileName(log)}`;
  const known = errorFix(err.message);
  const cause = known?.cause ?? errorMeaning(err.line) ?? 'the code ran into a situation it does not handle';
  const short = err.line.length > 100 ? `${err.line.slice(0, 97)}...` : err.line;
  return { err, where, cause, fix: known?.fix ?? null, ask: `fix this error${at ? ` on line ${at.line}` : ''}: ${short}`, exit: exitStatus(log), file: at?.file ?? fileName(log), lineNo: at?.line ?? null };
}

const exitNote = (f: Facts) =>
  f.exit ? `The Runner's last line ("The bot exited with ${f.exit}") only says that the bot ended because of this ${f.err.name}; the ${f.err.name} is the error to fix.` : undefined;
const openStep = (f: Facts) => `Open ${f.file} in the Builder${f.lineNo ? ` and go to line ${f.lineNo}` : ''}.`;
const changeStep = (f: Facts) => `${f.fix ? `Change it: ${f.fix}.` : 'Fix the code there.'} Or click Modify and ask "${f.ask}".`;
const saveStep = `Save the file, then come back to the Runner. ${START_AGAIN}`;

function full(f: Facts): Diagnosis {
  return {
    problem: `Your bot ${f.exit ? 'stopped with' : 'raised'} the error ${quote(f.err.line)} ${f.where}. It means ${f.cause}.`,
    steps: [openStep(f), changeStep(f), saveStep],
    note: exitNote(f),
  };
}

/** "Is it my token?" about something the logs do not show: say so, and what would show it. */
const SIGNS: Array<[RegExp, string]> = [
  [/token|key|secret|password|auth|login/i, 'A wrong or empty token shows up as Unauthorized, InvalidToken, LoginFailure or 401 in the logs, and none of these lines says that.'],
  [/network|internet|connect|server|down|offline|api|telegram|discord/i, 'A network problem shows up as ConnectError, ENOTFOUND, timed out or Connection refused in the logs, and none of these lines says that.'],
  [/install|package|module|librar|version|depend/i, 'A missing package shows up as ModuleNotFoundError or Cannot find module, and none of these lines says that.'],
];

function about(f: Facts, log: BotLog, term: string, guess: boolean): Diagnosis {
  const t = term.toLowerCase().replace(/\(\)$/, '');
  const inError = t.length > 1 && (f.err.line.toLowerCase().includes(t) || f.err.name.toLowerCase().endsWith(t));
  if (inError) return { problem: `${guess ? 'Yes: ' : ''}${f.err.name} ${f.where} means ${f.cause}.`, steps: [], note: 'Ask "how do I fix it?" for the change to make.' };
  if (/exit code|exit status|exited/.test(t)) return { problem: `"${f.exit ?? 'exit code 1'}" is how the Runner reports that the bot ended with an error. It is not the error itself: that is the ${f.err.name} ${f.where}, which means ${f.cause}.`, steps: [] };
  const seen = log.lines.find((l) => t.length > 2 && l.toLowerCase().includes(t));
  if (seen && !guess) return { problem: `The log line ${quote(seen)} is where ${term} appears${errorMeaning(seen) ? `: ${errorMeaning(seen)}` : ''}. The error that matters is ${f.err.name} ${f.where}.`, steps: [] };
  const sign = SIGNS.find(([p]) => p.test(t))?.[1];
  return {
    problem: `I cannot see anything about "${term}" in the last log lines${sign ? `. ${sign}` : ', so I cannot tell from here.'} What the logs do show is ${f.err.name} ${f.where}: ${quote(f.err.line)}.`,
    steps: [
      sign && /token/i.test(sign) ? 'To check the token anyway: click Environment Variables and compare the saved value with the one from the platform (@BotFather for Telegram, the Developer Portal for Discord).' : `To check ${term}, look at the part of ${fileName(log)} that uses it, or print its value before it is used and run the bot again.`,
      `Fix the ${f.err.name} first: ${f.fix ?? 'it is what stops the bot'}.`,
    ],
  };
}

export function ownError(log: BotLog, err: BotError, intent: Intent): Diagnosis {
  const f = factsOf(log, err);
  switch (intent.kind) {
    case 'why':
      return {
        problem: `It fails because ${f.cause}. This happens ${f.where}, where ${log.language === 'javascript' ? 'Node' : 'Python'} raises ${quote(f.err.line)}.`,
        steps: [],
        note: `${f.exit ? `The bot then ended (${f.exit}). ` : ''}Ask "how do I fix it?" for the change to make.`,
      };
    case 'fix':
      return {
        problem: `To fix the ${f.err.name} ${f.where}:`,
        steps: [openStep(f), f.fix ? `Change it: ${f.fix}.` : `Change it so that it no longer fails: ${f.cause}.`, `Or click Modify and ask "${f.ask}" and accept the change.`, saveStep],
      };
    case 'where':
      return {
        problem: `The error happens ${f.where}.${f.err.at ? '' : ' The log lines I have do not name a line of your code.'} Lines from library files (site-packages, node_modules) only show how the packages got there.`,
        steps: [openStep(f)],
      };
    case 'meaning':
      return about(f, log, intent.term, false);
    case 'suspect':
      return about(f, log, intent.term, true);
    default:
      return full(f);
  }
}
