// Discord refuses a bot that asks for privileged intents (message content, members, presence) that
// are not switched on for it in the Developer Portal: discord.py's PrivilegedIntentsRequired,
// discord.js's "Used disallowed intents" (close code 4014).
import { lastMatch, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';

const DISALLOWED = /PrivilegedIntentsRequired|requesting privileged intents|Used disallowed intents|DisallowedIntents|\b4014\b/;

export function privilegedIntents(log: BotLog): Diagnosis | null {
  if (!lastMatch(log, DISALLOWED)) return null;
  return {
    problem: 'Discord refused to connect your bot because it asks for privileged intents (such as reading message content) that are not switched on for it.',
    steps: [
      'In the Discord Developer Portal, open your application and go to Bot.',
      'Under Privileged Gateway Intents, switch on Message Content Intent (and Server Members Intent or Presence Intent if your code uses them), then Save Changes.',
      START_AGAIN,
    ],
  };
}
