// The builtin assistant's chat answer: the bot's plan read from the message (plan-from-request.ts),
// rendered into the file, and explained with the plan first (plan-reply.ts). A request it cannot
// place gets a guide instead, for free.

import { stripControlChars } from '../../../../shared/code-blocks';
import type { GeneratedFrom } from '../provider';
import { renderPlan } from '../plan/render';
import { PLATFORM_INFO } from './platforms';
import { understandRequest, type BotRequest } from './request';
import { cleanName } from './understanding/purpose';
import { planFromRequest } from './plan-from-request';
import { planAnswer } from './plan-reply';
import { wordsLeftOut } from './words-left-out';
import { withSourcesOfBlanks } from './blank-sources';

/** A rendered file as the chat saves it: a code block drops the final newline. */
export function asSaved(code: string): string {
  return code.replace(/\n$/, '');
}

export interface BuiltinChatContext {
  /** Names already in the project: a new bot gets a new name rather than replacing one. */
  existingFilenames: string[];
  /** The name the person gave the bot: used unless the message names it ("called Pizza Pal"). */
  botName?: string;
  /** The project already holds a bot the assistant built: another one gets a project of its own. */
  hasBuiltBot?: boolean;
}

export interface BuiltinChatResult {
  reply: string;
  /** False when no file was made (the guide answer): such a message costs nothing. */
  charged: boolean;
  /** Per file name, the request and rendered text it was built from (see follow-up/). */
  generated?: Record<string, GeneratedFrom>;
  /** A new bot beside the bot(s) the project has: it gets a project of its own. */
  newBot?: boolean;
}

const UPDATE_WORDS = /\b(?:update|change|modify|edit|fix|improve|extend|rewrite|regenerate|replace|adjust|tweak|upgrade)\b|\badd\b.*\b(?:to|in)\s+(?:my|the|this|that)\b/i;
const NEW_WORDS = /\b(?:new|another|second|separate|extra|different)\b/i;

/** telegram_bot.py, or telegram_bot_2.py when that name is taken and this is a new bot. */
export function chooseFilename(stem: string, ext: string, existing: readonly string[], message: string): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const base = `${stem}.${ext}`;
  if (!taken.has(base)) return base;
  if (UPDATE_WORDS.test(message) && !NEW_WORDS.test(message)) return base; // an update of that bot: same file, new version
  for (let n = 2; ; n++) {
    const name = `${stem}_${n}.${ext}`;
    if (!taken.has(name)) return name;
  }
}

function cannotBuild(request: BotRequest): string {
  return [
    'I cannot build that, so nothing was made and nothing was charged:',
    ...request.impossible.map((i) => `- ${i.what}: ${i.why}`),
    '',
    'Bots here answer messages and commands, post on a schedule, moderate groups, and fetch things like the weather, news or prices. For example: "a Telegram bot that tells jokes and has a /weather command".',
  ].join('\n');
}

function guide(): string {
  return [
    "I could not tell which bot to build from that message, so nothing was made and nothing was charged. I can build complete, runnable bots for you: tell me which platform and what the bot should do, and I'll write the code, list what to install and explain how to run it.",
    '',
    '**Platforms**: Telegram, Discord, Twitter/X, WhatsApp (Cloud API webhook), Slack, or a generic HTTP webhook bot.',
    '**Languages**: Python (the default) or JavaScript (say "Node.js" or "JavaScript").',
    '**Features** (combine any of them): /start and /help commands, echoing messages, keyword auto-replies and FAQ answers, welcome messages for new members, banned-word moderation, scheduled posts every N minutes, reminders, and AI replies through the OpenAI API.',
    '',
    'For example:',
    '- "Make a Telegram bot in Python that answers /start and echoes messages"',
    '- "A Discord bot in Node.js that welcomes new members and deletes messages with bad words"',
    '- "A WhatsApp bot for my bakery that replies \'We open at 8\' when someone says hours"',
  ].join('\n');
}

/** The bot's name when the request and the person gave none: "Telegram Bot". */
export function defaultBotName(request: Pick<BotRequest, 'platform'>): string {
  const label = PLATFORM_INFO[request.platform].label;
  return `${label === 'HTTP webhook' ? 'Webhook' : label.split('/')[0]} Bot`;
}

/**
 * A bot built from its plan: the plan card first, then the file. Words of `message` the plan does
 * not carry are quoted back with what was not understood.
 */
export function builtFromPlan(request: BotRequest, message: string, filename: string, replacing: boolean): BuiltinChatResult {
  const plan = withSourcesOfBlanks(planFromRequest(request, request.botName ?? defaultBotName(request)), message);
  const bot = renderPlan(plan, { filename });
  const code = asSaved(bot.code);
  const notUnderstood = [...request.notUnderstood, ...wordsLeftOut(message, plan, request.notUnderstood)];
  const reply = planAnswer({ plan, filename, replacing, notUnderstood, bot, code });
  return { reply, charged: true, generated: { [filename]: { request: JSON.stringify(request), rendered: code, plan } } };
}

/** Answers a chat message with a generated bot (charged) or with a guide (not charged). */
export function builtinChat(message: string, context?: BuiltinChatContext): BuiltinChatResult {
  const clean = stripControlChars(message).trim();
  const understood = understandRequest(clean);
  if (!understood) return { reply: guide(), charged: false };
  // Only impossible things asked for ("a bot that makes video calls"): say why, build nothing, free.
  if (understood.features.length === 0 && understood.impossible.length > 0 && understood.rules.length === 0) {
    return { reply: cannotBuild(understood), charged: false };
  }
  const ext = understood.language === 'python' ? 'py' : 'js';
  const existing = context?.existingFilenames ?? [];
  const chosen = chooseFilename(PLATFORM_INFO[understood.platform].fileStem, ext, existing, clean);
  const replacing = existing.some((n) => n.toLowerCase() === chosen);
  // Another bot where the assistant built one: it gets its own project (and page), name and plain file name.
  const newBot = !replacing && (context?.hasBuiltBot ?? false);
  const filename = newBot ? `${PLATFORM_INFO[understood.platform].fileStem}.${ext}` : chosen;
  const given = context?.botName && !newBot ? cleanName(context.botName) : '';
  const request = given && !understood.botName ? { ...understood, botName: given } : understood;
  const built = builtFromPlan(request, clean, filename, replacing);
  return newBot ? { ...built, newBot } : built;
}
