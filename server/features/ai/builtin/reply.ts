// The builtin assistant's chat answer: an explanation of the bot it built (what it does, the
// defaults it chose, the variables to set, how to run it), the file in the fenced-block format the
// shared parser reads, and the Dependencies line. A request it cannot place gets a guide instead.

import { formatCodeBlock, formatDependencies, stripControlChars } from '../../../../shared/code-blocks';
import type { GeneratedFrom } from '../provider';
import { planBot, type BotPlan } from './plan';
import { PLATFORM_INFO } from './platforms';
import { understandRequest, type BotRequest } from './request';
import { cleanName } from './understanding/purpose';
import { renderBot } from './templates';
import { rendersPlan, renderPlan } from '../plan/render';
import { planFromRequest } from './plan-from-request';
import { planAnswer } from './plan-reply';
import { describeFeatures } from './templates/python-common';
import { describeWords } from './templates/describe-words';

/** A rendered file as the chat saves it: a code block drops the final newline. */
export function asSaved(code: string): string {
  return code.replace(/\n$/, '');
}

export interface BuiltinChatContext {
  /** Names already in the project: a new bot gets a new name rather than replacing one. */
  existingFilenames: string[];
  /** The name the person gave the bot: used unless the message names it ("called Pizza Pal"). */
  botName?: string;
}

export interface BuiltinChatResult {
  reply: string;
  /** False when no file was made (the guide answer): such a message costs nothing. */
  charged: boolean;
  /** Per file name, the request and rendered text it was built from (see follow-up/). */
  generated?: Record<string, GeneratedFrom>;
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

/** Follow-ups this bot's chat can make, as examples to copy (any behaviour can be added the same way). */
function followUpExamples(plan: BotPlan): string[] {
  const f = plan.features;
  const p = plan.prefix;
  return [
    !f.has('jokes') && `add a ${p}joke command`,
    f.has('welcome') && 'make the welcome shorter',
    f.has('scheduled') ? 'also post at 9am' : `add a ${p}price command that replies 'Bread is 3 euros'`,
    !f.has('weather') && `add a ${p}weather command for Paris`,
    f.has('echo') && 'remove the echo',
    "reply 'We open at 9' when someone says hours",
  ].filter((e): e is string => typeof e === 'string').slice(0, 4);
}

/** How to see the bot answer: the test chat for Telegram, a run everywhere else. */
function tryIt(plan: BotPlan): string {
  const commands = describeCommands(plan);
  if (plan.platform === 'telegram') {
    return `**Try it now**: press **Test chat** below (no token needed) and send ${commands}.`;
  }
  const required = plan.env.filter((e) => e.required).map((e) => `\`${e.name}\``);
  return `**Try it**: set ${required.join(' and ') || 'its settings'}, press **Run**, then send ${commands} ${plan.platform === 'generic' ? 'to its HTTP endpoint' : `on ${plan.info.label}`}.`;
}

/** A few commands to try first: /start, then the behaviours' and the person's own. */
function describeCommands(plan: BotPlan): string {
  const own = plan.commandReplies.filter((c) => c.name !== 'start').map((c) => c.name);
  const names = [...(plan.features.has('commands') ? ['start'] : []), ...Object.values(plan.commands), ...own];
  const shown = [...new Set(names)].slice(0, 5).map((n) => `\`${plan.prefix}${n}\``);
  if (shown.length === 0) return 'a message';
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function unbuiltParts(request: BotRequest, plan: BotPlan): string[] {
  const notBuilt = [...request.impossible.map((i) => `${i.what}: ${i.why}`), ...plan.dropped.map((d) => `${d.feature}: ${d.reason}.`)];
  const parts: string[] = [];
  if (notBuilt.length > 0) parts.push('', '**Not built**', ...notBuilt.map((d) => `- ${d}`));
  if (request.notUnderstood.length > 0) {
    parts.push('', '**Not understood** (say it another way and I will add it)', ...request.notUnderstood.map((t) => `- "${t}"`));
  }
  return parts;
}

function explain(plan: BotPlan, filename: string, replacing: boolean, request: BotRequest): string {
  const languageName = plan.language === 'python' ? 'Python' : 'JavaScript (Node.js)';
  const library = plan.info.library[plan.language];
  const intro = `Here is **${plan.botName}**, a ${plan.info.label} bot in ${languageName} using ${library}. ${
    replacing ? `It replaces the current \`${filename}\` (the previous text is kept as a version).` : `It is saved as \`${filename}\`.`
  }`;

  const parts: string[] = [intro, '', '**What it does**', ...describeFeatures(plan).map((d) => `- ${d}`), '', tryIt(plan)];
  const words = describeWords(plan, request);
  if (words.length > 0) parts.push('', '**In your words**', ...words.map((d) => `- ${d}`));
  if (plan.needsWords.length > 0) parts.push('', '**Needs your words**', ...plan.needsWords.map((d) => `- ${d}`));

  if (plan.defaults.length > 0) {
    parts.push('', '**Defaults I chose** (ask me to change any of them)', ...plan.defaults.map((d) => `- ${d}`));
  }
  parts.push(...unbuiltParts(request, plan));

  parts.push(
    '',
    '**Environment variables** (set them in the Runner under Environment Variables; never paste tokens into the code)',
    ...plan.env.map((e) => `- \`${e.name}\` (${e.required ? 'required' : 'optional'}): ${e.description}`),
  );

  parts.push('', `**Set it up on ${plan.info.label}**`, ...plan.info.setup.map((s, i) => `${i + 1}. ${s}`));

  const install =
    plan.dependencies.length === 0
      ? "It uses only Node's built-in modules: there is nothing to install."
      : `Press **Install Dependencies** (or run \`${plan.language === 'python' ? 'pip install' : 'npm install'} ${plan.dependencies.join(' ')}\`).`;
  parts.push(
    '',
    '**Run it**',
    `1. ${install}`,
    '2. Set the environment variables above.',
    `3. Press **Run** (or run \`${plan.language === 'python' ? 'python' : 'node'} ${filename}\`). The log shows every message it handles.`,
  );

  parts.push('', `To change it, just ask here; you will see the change before it is saved. For example: ${followUpExamples(plan).map((e) => `"${e}"`).join(', ')}.`);
  return parts.join('\n');
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
    "I can build complete, runnable bots for you. Tell me which platform and what the bot should do, and I'll write the code, list what to install and explain how to run it.",
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

/** A bot built from its plan: the plan card first, then the file. */
function builtFromPlan(request: BotRequest, filename: string, replacing: boolean): BuiltinChatResult {
  const plan = planFromRequest(request, request.botName ?? defaultBotName(request));
  const bot = renderPlan(plan, { filename });
  const code = asSaved(bot.code);
  const reply = planAnswer({ plan, filename, replacing, notUnderstood: request.notUnderstood, bot, code });
  return { reply, charged: true, generated: { [filename]: { request: JSON.stringify(request), rendered: code, plan } } };
}

/** Answers a chat message with a generated bot (charged) or with a guide (not charged). */
export function builtinChat(message: string, context?: BuiltinChatContext): BuiltinChatResult {
  const clean = stripControlChars(message).trim();
  const understood = understandRequest(clean);
  if (!understood) return { reply: guide(), charged: false };
  const given = context?.botName ? cleanName(context.botName) : '';
  const request = given && !understood.botName ? { ...understood, botName: given } : understood;
  // Only impossible things asked for ("a bot that makes video calls"): say why, build nothing, free.
  if (request.features.length === 0 && request.impossible.length > 0) return { reply: cannotBuild(request), charged: false };

  const ext = request.language === 'python' ? 'py' : 'js';
  const existing = context?.existingFilenames ?? [];
  const filename = chooseFilename(PLATFORM_INFO[request.platform].fileStem, ext, existing, clean);
  const replacing = existing.some((n) => n.toLowerCase() === filename);
  if (rendersPlan(request.platform, request.language)) return builtFromPlan(request, filename, replacing);

  const plan = planBot(request);
  const code = renderBot(plan, filename);

  const reply = [
    explain(plan, filename, replacing, request),
    '',
    formatCodeBlock({ filename, language: plan.language, code: asSaved(code) }),
    ...(plan.dependencies.length > 0 ? ['', formatDependencies(plan.dependencies)] : []),
  ].join('\n');
  return { reply, charged: true, generated: { [filename]: { request: JSON.stringify(request), rendered: asSaved(code) } } };
}
