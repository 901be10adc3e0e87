// sendPoll: a poll from the bot, checked as Telegram checks it (a question of 1-300 characters,
// 2-10 options of 1-100). The chat shows it as text (the question, then one line per option); the
// bot gets back a Message with a `poll`, as from Telegram. Votes are not simulated.
import { randomInt } from 'node:crypto';
import { badRequest } from './bot-api-errors';
import { optionalString, type Params } from './bot-api-params';
import type { BotMethod } from './bot-method';

const MAX_QUESTION = 300;
const MAX_OPTION = 100;

/** `options`: an array of strings or InputPollOption objects ({text}), or that array as JSON text. */
function readOptions(value: unknown): string[] {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      throw badRequest("can't parse options JSON object");
    }
  }
  if (!Array.isArray(list)) throw badRequest('parameter "options" is required');
  const options = list.map((item) => (typeof item === 'string' ? item : typeof item === 'object' && item !== null ? (item as { text?: unknown }).text : undefined));
  if (options.some((o) => typeof o !== 'string' || o.trim() === '')) throw badRequest('poll options must be non-empty');
  if (options.length < 2) throw badRequest('poll must have at least 2 option');
  if (options.length > 10) throw badRequest("poll can't have more than 10 options");
  if ((options as string[]).some((o) => o.length > MAX_OPTION)) throw badRequest(`poll options length must not exceed ${MAX_OPTION}`);
  return options as string[];
}

/** A flag given as a JSON boolean or as form text ('true', '1'); undefined when absent. */
function flag(params: Params, key: string): boolean | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  return value === true || value === 1 || (typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase()));
}

export const sendPoll: BotMethod = ({ core, params }) => {
  const chat = core.resolveChat(params.chat_id, true);
  const question = (optionalString(params, 'question') ?? '').trim();
  if (!question) throw badRequest('poll question must be non-empty');
  if (question.length > MAX_QUESTION) throw badRequest(`poll question length must not exceed ${MAX_QUESTION}`);
  const options = readOptions(params.options);
  const type = optionalString(params, 'type') === 'quiz' ? 'quiz' : 'regular';
  core.flood.admit('send', chat === 'group');
  const text = `📊 ${question}\n${options.map((o) => `○ ${o}`).join('\n')}`;
  const stored = core.addMessage({ chat, side: 'bot', from: core.ids.bot, date: core.nowSeconds(), text, entities: [] });
  const message = core.telegramMessage(stored);
  delete message.text;
  delete message.entities;
  message.poll = {
    id: String(randomInt(1, 2 ** 47)),
    question,
    options: options.map((o) => ({ text: o, voter_count: 0 })),
    total_voter_count: 0,
    is_closed: false,
    is_anonymous: flag(params, 'is_anonymous') !== false,
    type,
    allows_multiple_answers: flag(params, 'allows_multiple_answers') === true,
  };
  return message;
};
