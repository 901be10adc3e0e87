// Picks the template for a plan's platform and language.

import type { BotPlan } from '../plan';
import type { BotLanguage, Platform } from '../request';
import { discordJavascript } from './discord-javascript';
import { discordPython } from './discord-python';
import { genericJavascript } from './generic-javascript';
import { genericPython } from './generic-python';
import { slackJavascript } from './slack-javascript';
import { slackPython } from './slack-python';
import { telegramJavascript } from './telegram-javascript';
import { telegramPython } from './telegram-python';
import { twitterJavascript } from './twitter-javascript';
import { twitterPython } from './twitter-python';
import { whatsappJavascript } from './whatsapp-javascript';
import { whatsappPython } from './whatsapp-python';

type Template = (plan: BotPlan, filename: string) => string;

const TEMPLATES: Record<Platform, Record<BotLanguage, Template>> = {
  telegram: { python: telegramPython, javascript: telegramJavascript },
  discord: { python: discordPython, javascript: discordJavascript },
  twitter: { python: twitterPython, javascript: twitterJavascript },
  whatsapp: { python: whatsappPython, javascript: whatsappJavascript },
  slack: { python: slackPython, javascript: slackJavascript },
  generic: { python: genericPython, javascript: genericJavascript },
};

/** The complete source of the bot the plan describes. */
export function renderBot(plan: BotPlan, filename: string): string {
  return TEMPLATES[plan.platform][plan.language](plan, filename);
}
