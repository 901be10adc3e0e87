// Pieces several JavaScript platform adapters write alike: reading a required setting, a poll or
// buttons as numbered text (where a platform has none), the plan's spelling of a reaction's emoji,
// and the lines that read the settings the rules use (env.ts).
import { code } from '../compose';
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { channelSetting, keepsState, readsOwner, requiredRuleSettings } from '../env';
import { lines } from '../compose';
import type { PlanUses } from '../plan-uses';

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

/** start()'s lines that check the schedules at once and every 20 seconds, indented as the block they stand in. */
export function scheduleTicks(indent: string): string {
  return lines(
    `${indent}const tick = () => engine.tick().catch((error) => logError('The schedules failed:', error));`,
    `${indent}tick();`,
    `${indent}setInterval(tick, 20000);`,
  );
}

/** start()'s line naming the data file: DATA_FILE is read only when the rules remember something. */
export function dataFileLine(uses: PlanUses): string {
  return keepsState(uses)
    ? "  const dataFile = process.env.DATA_FILE || path.join(__dirname, 'bot_data.json');"
    : '  const dataFile = null; // the rules remember nothing';
}

/** start()'s checks of the settings the rules cannot work without (env.ts), before it connects. */
export function requiredChecks(platform: BotPlan['platform'], uses: PlanUses): string | false {
  const names = requiredRuleSettings(platform, uses);
  return names.length > 0 && names.map((name) => `  requireEnv('${name}');`).join('\n');
}

/** The adapter's channel() and owner() lines that read a setting, written only when the rules use them. */
export function channelAndOwner(platform: BotPlan['platform'], uses: PlanUses, owner = "(process.env.OWNER_CHAT_ID || '').trim() || null"): string | false {
  const channel = channelSetting(platform, uses);
  return lines(
    channel && `    channelSetting: '${channel}',`,
    channel && `    channel: () => (process.env.${channel} || '').trim() || null,`,
    readsOwner(platform, uses) && (owner.includes('\n') ? owner : `    owner: () => ${owner},`),
  ) || false;
}
