// Pieces several JavaScript platform adapters write alike: reading a required setting, a poll or
// buttons as numbered text (where a platform has none), the plan's spelling of a reaction's emoji,
// and the owner's setting described in the platform's own words.
import { code } from '../compose';
import type { EnvVar } from '../env';

export const REQUIRE_ENV = code`
// Reads a required setting from the environment, or stops with a clear message.
function requireEnv(name) {
  const value = (process.env[name] || '').trim();
  if (!value) {
    logError('Missing environment variable ' + name + ': set it before starting the bot.');
    process.exit(1);
  }
  return value;
}`;

export const POLL_TEXT = code`
// A poll as text where the platform has none: the question, then one numbered option a line.
function pollText(question, options) {
  return '📊 ' + question + '\n' + options.map((option, i) => i + 1 + '. ' + option).join('\n');
}`;

export const NUMBERED_BUTTONS = code`
// Buttons as numbered lines under the text; a reply of the number or the label presses one.
function numberedButtons(text, buttons) {
  return text + '\n' + buttons.map((b, i) => i + 1 + '. ' + b.label).join('\n') + '\n(Reply with the number or the name.)';
}

// The button a reply of its number or label presses, or null.
function pressedButton(buttons, text) {
  if (!buttons) return null;
  const answer = text.trim().toLowerCase();
  return buttons.find((b, i) => answer === String(i + 1) || answer === b.label.trim().toLowerCase()) || null;
}`;

export const PLAN_EMOJI = code`
// The plan's spelling of a reaction's emoji ('❤' and '❤️' are the same heart), so its rule matches.
function planEmoji(emoji) {
  const plain = (e) => String(e).replace(/\uFE0F/g, '');
  const rule = RULES.find((r) => r.when.kind === 'reaction' && r.when.emoji && plain(r.when.emoji) === plain(emoji));
  return rule ? rule.when.emoji : emoji;
}`;

/** The rule settings, with OWNER_CHAT_ID said in the platform's words (and listed when `admins` needs it). */
export function withOwner(env: EnvVar[], description: string, neededForAdmins = false): EnvVar[] {
  const owner: EnvVar = { name: 'OWNER_CHAT_ID', required: false, description };
  if (env.some((e) => e.name === 'OWNER_CHAT_ID')) return env.map((e) => (e.name === 'OWNER_CHAT_ID' ? owner : e));
  return neededForAdmins ? [owner, ...env] : env;
}
