// What the person asks about when the log alone does not answer it: installing dependencies,
// environment variables and tokens, a bot that stops without an error, or one that does not answer.
import { envDescription } from '../../runner/analysis/env-var-text';
import { fileName, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';

export type Topic = 'dependencies' | 'env-vars' | 'not-responding' | 'stops';

const TOPICS: Array<[Topic, RegExp]> = [
  ['not-responding', /(?:not|n't|never) (?:respond|answer|reply|react|work)|no (?:answer|reply|response)|silent|nothing happens|ignores?/i],
  ['stops', /crash|\bstops\b|stopped|\bexit(?:s|ed)?\b|\bdie[sd]?\b|\bquits\b|\bcloses\b|killed|shuts down/i],
  ['env-vars', /environment|env ?var|variable|token|api ?key|secret|\.env\b|password|credential/i],
  ['dependencies', /install|dependenc|package|module|librar|\bpip\b|\bnpm\b|requirements/i],
];

export function topicOf(message: string): Topic | null {
  return TOPICS.find(([, pattern]) => pattern.test(message))?.[0] ?? null;
}

/** Where a variable's value comes from, to go in parentheses: "the token @BotFather gives your bot". */
export function valueHint(key: string): string {
  const d = envDescription(key).replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(d) ? d.charAt(0).toLowerCase() + d.slice(1) : d;
}

function dependencies(log: BotLog): Diagnosis {
  return {
    problem: `The packages ${fileName(log)} needs are installed from the Runner page.`,
    steps: [
      'The Runner page checks the imports of the file by itself when you select it (Check Dependencies runs it again) and lists the packages in the Dependencies panel.',
      'Click Install Dependencies and wait until the installation log says it is done.',
      START_AGAIN,
    ],
  };
}

function envVars(log: BotLog): Diagnosis {
  const unsaved = log.savedEnvVars ? log.fileEnvVars.filter((k) => !log.savedEnvVars!.includes(k)) : log.fileEnvVars;
  const listed = log.fileEnvVars.length
    ? ` ${fileName(log)} reads ${log.fileEnvVars.join(', ')}${log.savedEnvVars ? (unsaved.length ? `; ${unsaved.join(', ')} ${unsaved.length === 1 ? 'has' : 'have'} no saved value yet` : '; all of them have a saved value') : ''}.`
    : '';
  return {
    problem: `Your bot reads its tokens and keys from environment variables, which you set on the Runner page.${listed}`,
    steps: [
      'Click Environment Variables on the Runner page.',
      unsaved.length
        ? `Fill in ${unsaved.map((k) => `${k} (${valueHint(k)})`).join('; ')}, then click Save.`
        : 'Fill in each value and click Save.',
      `If the bot is running, click Stop: a run only sees the values saved before it started. ${START_AGAIN}`,
    ],
  };
}

const PLATFORM_CHECKS: Record<string, string> = {
  telegram: 'In Telegram, message the bot whose token you saved (search its @username) and send /start. In groups, a bot only sees commands unless its privacy mode is turned off in @BotFather (/setprivacy).',
  discord: 'In Discord, check that the bot is invited to your server and may read and send messages in that channel, and that Message Content Intent is switched on under Bot in the Developer Portal.',
  slack: 'In Slack, invite the bot to the channel (/invite @your-bot) and check its scopes on the OAuth & Permissions page.',
};

function notResponding(log: BotLog): Diagnosis {
  return {
    problem: 'The last log lines show no errors, so the bot is running but the messages may not reach it.',
    steps: [
      PLATFORM_CHECKS[log.platform] ?? 'Check that you message the account or channel the bot is connected to.',
      'Send a message and watch the Console Logs: if no new line appears, the messages do not reach this bot (a wrong token, or another copy of the bot gets them).',
      'If lines appear but no answer is sent, the code does not handle that kind of message: in the Builder, click Modify and describe what the bot should answer.',
    ],
  };
}

const KEEPS_RUNNING: Record<string, string> = {
  'python:telegram': 'app.run_polling() for python-telegram-bot',
  'python:discord': 'client.run(...) for discord.py',
  'javascript:telegram': 'bot.launch() for Telegraf',
  'javascript:discord': 'client.login(...) for discord.js',
};

function stops(log: BotLog): Diagnosis {
  const newest = log.lines.at(-1);
  return {
    problem: `The last log lines show no error, so the bot did not stop because of a crash message.${newest ? ` The newest line is "${newest.trim().slice(0, 160)}".` : ''}`,
    steps: [
      `A bot stops when it reaches the end of its code: check that ${fileName(log)} ends with the call that keeps it running (${KEEPS_RUNNING[`${log.language}:${log.platform}`] ?? 'for example app.run_polling() or bot.launch()'}).`,
      'A run also ends when it hits the Runner\'s memory or time limit, or when Stop is pressed; the Console Logs then say so on the last line.',
      'Click Start, wait until it stops, and ask me again: I will read the new lines.',
    ],
  };
}

export function topicAnswer(topic: Topic, log: BotLog): Diagnosis {
  if (topic === 'dependencies') return dependencies(log);
  if (topic === 'env-vars') return envVars(log);
  if (topic === 'stops') return stops(log);
  return notResponding(log);
}
