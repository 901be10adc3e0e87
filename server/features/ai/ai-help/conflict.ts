// Telegram's 409 Conflict: another copy of the bot is reading updates with the same token ("terminated
// by other getUpdates request"), or a webhook is set and polling is refused.
import { lastMatch, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';

const OTHER_COPY = /terminated by other getUpdates request|\b409\b.{0,20}Conflict|Conflict: .*only one bot instance/i;
const WEBHOOK = /can't use getUpdates method while webhook is active/i;

export function conflict(log: BotLog): Diagnosis | null {
  if (lastMatch(log, WEBHOOK)) {
    return {
      problem: 'Telegram refuses to send your bot updates because a webhook is set for this bot token, and the bot asks for updates by polling (409 Conflict).',
      steps: [
        'Remove the webhook: open https://api.telegram.org/bot<your token>/deleteWebhook in a browser, with your token in place of <your token>.',
        START_AGAIN,
      ],
    };
  }
  if (!lastMatch(log, OTHER_COPY)) return null;
  return {
    problem:
      'Your bot token is in use by another running copy of the bot (409 Conflict: terminated by other getUpdates request). Telegram lets only one program at a time read a bot\'s messages.',
    steps: [
      'Stop the other copy: another Runner tab or file with the same token, the bot running on your own computer, or on a server.',
      'Wait about a minute, then click Stop and Start here, so only this copy runs.',
      'If you cannot find the other copy, get a new token from @BotFather (/mybots, your bot, API Token, Revoke current token), paste it in Environment Variables and click Save.',
    ],
  };
}
