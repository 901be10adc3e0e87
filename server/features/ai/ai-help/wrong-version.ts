// The code was written for another version of a library than the one installed: python-telegram-bot
// 13 code (Updater, use_context, Filters) on version 20 or later, discord.py 1 code without intents on
// version 2, or any "cannot import name X from Y".
import { pythonPackageFor } from '../../runner/analysis/package-names';
import { lastMatch, fileName, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';

const PTB_13 =
  /cannot import name '(?:Filters|ParseMode|ChatAction)' from 'telegram|unexpected keyword argument 'use_context'|'Updater' object has no attribute 'dispatcher'|Updater\.__init__\(\) (?:got an unexpected|missing 1 required positional argument: 'update_queue')|'Dispatcher' from 'telegram\.ext'/;
const DISCORD_INTENTS = /missing 1 required keyword-only argument: 'intents'/;
const CANNOT_IMPORT = /cannot import name '(\w+)' from '([\w.]+)'/;

export function wrongVersion(log: BotLog): Diagnosis | null {
  if (lastMatch(log, PTB_13)) {
    return {
      problem: `${fileName(log)} is written for python-telegram-bot version 13, but version 20 or later is installed, and it works differently (Application instead of Updater, filters instead of Filters, async handlers).`,
      steps: [
        `Open ${fileName(log)} in the Builder, click Modify and ask: "update this bot to python-telegram-bot version 20 (Application, async handlers)". Accept the changes and save.`,
        START_AGAIN,
      ],
      note: 'Alternatively, ask the Builder chat for a new Telegram bot: it writes code for the current version.',
    };
  }
  if (lastMatch(log, DISCORD_INTENTS)) {
    return {
      problem: `${fileName(log)} is written for an older discord.py: version 2 requires the intents the bot uses to be passed when the client is created.`,
      steps: [
        'Open the file in the Builder, click Modify and ask: "pass discord.Intents.default() with message_content enabled to the client". Accept the changes and save.',
        'In the Discord Developer Portal, under Bot, switch on Message Content Intent.',
        START_AGAIN,
      ],
    };
  }
  const m = lastMatch(log, CANNOT_IMPORT);
  if (!m || /circular import/.test(m.input)) return null;
  const [, name, module] = m;
  const pkg = pythonPackageFor(module!)?.package ?? module!;
  return {
    problem: `Your bot stopped because the installed ${pkg} has no '${name}' in '${module}': the code was written for a different version of ${pkg}.`,
    steps: [
      `Open ${fileName(log)} in the Builder, click Modify and ask: "update the code to the current version of ${pkg}". Accept the changes and save.`,
      START_AGAIN,
    ],
  };
}
