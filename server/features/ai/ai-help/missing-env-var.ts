// The bot reads an environment variable that has no value: Python's KeyError from os.environ[...],
// "X is not set" style messages, and token errors that mean the token was empty (python-telegram-bot's
// InvalidToken "You must pass the token", discord.py's "expected token to be a str, received NoneType").
import { lastMatch, fileName, tokenVariable, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';
import { valueHint } from './question';
import { TEST_MODE_VARIABLES } from '../../../../shared/env-names';

const KEY_ERROR = /KeyError: '([A-Za-z_]\w*)'/;
const NOT_SET = /\b([A-Z][A-Z0-9_]{2,})\b['"`]?(?: environment variable| env var)?(?: is| was)? (?:not set|missing|not defined|undefined|required|empty|not provided|not found)/;
const SET_THE = /(?:missing|set|provide|define|no)(?: the| a)?(?: required)? (?:environment variable|env(?:ironment)? var(?:iable)?)s?[:\s]+['"`]?([A-Z][A-Z0-9_]+)/i;
const EMPTY_TOKEN = /You must pass the token you received|expected token to be a str, received NoneType|token (?:is|was) (?:None|undefined|empty|required)|"token" is required/i;

/** An upper-case name with an underscore or a word secrets are named with: how env keys look. */
const looksLikeEnvKey = (key: string) => /^[A-Z][A-Z0-9_]*$/.test(key) && (key.includes('_') || /TOKEN|KEY|SECRET|URL|ID|PASSWORD/.test(key));

function missingKey(log: BotLog): { key: string | null } | null {
  const keyError = lastMatch(log, KEY_ERROR);
  if (keyError) {
    const key = keyError[1]!;
    const fromEnviron = /os\.environ|in __getitem__/.test(log.text) || log.fileEnvVars.includes(key);
    if (fromEnviron || looksLikeEnvKey(key)) return { key };
  }
  for (const pattern of [NOT_SET, SET_THE]) {
    const m = lastMatch(log, pattern);
    const key = m?.[1];
    if (key && (log.fileEnvVars.includes(key) || looksLikeEnvKey(key))) return { key };
  }
  if (lastMatch(log, EMPTY_TOKEN)) return { key: tokenVariable(log) };
  return null;
}

export function missingEnvVar(log: BotLog): Diagnosis | null {
  const found = missingKey(log);
  if (!found) return null;
  const { key } = found;
  // The test chat's own variables are never for the person to fill in.
  const others = log.savedEnvVars ? log.fileEnvVars.filter((k) => k !== key && !log.savedEnvVars!.includes(k) && !TEST_MODE_VARIABLES.has(k)) : [];
  const note = others.length ? `${fileName(log)} also reads ${others.join(', ')}, which ${others.length === 1 ? 'has' : 'have'} no saved value: fill ${others.length === 1 ? 'it' : 'them'} in too if the bot needs ${others.length === 1 ? 'it' : 'them'}.` : undefined;
  if (!key) {
    return {
      problem: 'Your bot stopped because its token is empty: the environment variable it reads the token from has no value.',
      steps: ['Click Environment Variables on the Runner page: it lists the variables your code reads.', 'Fill in the token (and any other required value) and click Save.', START_AGAIN],
      note,
    };
  }
  if (log.savedEnvVars?.includes(key)) {
    return {
      problem: `Your bot did not get a value for the environment variable ${key}, although one is saved for this project.`,
      steps: [
        `Click Environment Variables on the Runner page and check that ${key} is filled in (the name must match exactly, upper and lower case included).`,
        'Click Save, then Stop the bot if it still runs: a run only sees the values saved before it started.',
        START_AGAIN,
      ],
      note,
    };
  }
  return {
    problem: `Your bot stopped because the environment variable ${key} has no value.`,
    steps: [
      'Click Environment Variables on the Runner page: it lists the variables your code reads.',
      `Fill in ${key} (${valueHint(key)}) and click Save.`,
      START_AGAIN,
    ],
    note,
  };
}
