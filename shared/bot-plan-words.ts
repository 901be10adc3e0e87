// The plan in plain words: one line per rule for the plan card and the assistant's reply
// ("When someone sends /menu: reply 'sourdough 5€'"), and the blanks the person still has to fill.
import type { Action, BotPlan, Condition, DataSource, Rule, Trigger } from './bot-plan.schema';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const BLANK_WORDS = '[needs your words]';

function quoted(text: string | null | undefined): string {
  if (text === null || text === undefined) return BLANK_WORDS;
  const oneLine = text.replace(/\s*\n\s*/g, ' / ');
  return `'${oneLine.length > 140 ? `${oneLine.slice(0, 137)}...` : oneLine}'`;
}

export function joinWords(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

export function weekdaysInWords(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0 || sorted.length === 7) return 'every day';
  if (sorted.join() === '0,1,2,3,4') return 'on weekdays';
  if (sorted.join() === '5,6') return 'at weekends';
  return `on ${joinWords(sorted.map((d) => WEEKDAY_NAMES[d]!))}`;
}

function minutesInWords(minutes: number): string {
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? 'day' : `${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return minutes === 1 ? 'minute' : `${minutes} minutes`;
}

function buttonLabel(plan: BotPlan, id: string): string {
  for (const rule of plan.rules) {
    for (const action of rule.do) {
      if (action.kind !== 'buttons') continue;
      const button = action.buttons.find((b) => b.id === id);
      if (button) return button.label;
    }
  }
  return id;
}

export function triggerInWords(trigger: Trigger, plan: BotPlan): string {
  switch (trigger.kind) {
    case 'command':
      return `When someone sends ${plan.settings.prefix}${trigger.name}`;
    case 'keyword': {
      if (trigger.words.length === 0) return `When a message holds one of the words ${BLANK_WORDS}`;
      const words = trigger.words.map((w) => `"${w}"`);
      return trigger.whole ? `When a message is exactly ${joinWords(words, 'or')}` : `When a message mentions ${joinWords(words, 'or')}`;
    }
    case 'message':
      return trigger.always ? 'For every message' : 'When any other message arrives';
    case 'mention':
      return 'When someone mentions the bot';
    case 'join':
      return 'When someone joins';
    case 'leave':
      return 'When someone leaves';
    case 'button':
      return `When someone presses "${buttonLabel(plan, trigger.id)}"`;
    case 'reaction':
      return trigger.emoji ? `When someone reacts with ${trigger.emoji}` : 'When someone reacts to a message';
    case 'schedule': {
      if (trigger.everyMinutes && trigger.times.length === 0) return `Every ${minutesInWords(trigger.everyMinutes)}`;
      const days = weekdaysInWords(trigger.weekdays);
      const at = `at ${joinWords(trigger.times)}`;
      const base = `${days[0]!.toUpperCase()}${days.slice(1)} ${at}`;
      if (trigger.offsetMinutes === 0) return base;
      const offset = minutesInWords(Math.abs(trigger.offsetMinutes)).replace(/^(hour|minute|day)$/, '1 $1');
      const moment = `${days === 'every day' ? 'every day' : days.replace(/^on /, '')} ${joinWords(trigger.times)}`;
      return `${offset[0]!.toUpperCase()}${offset.slice(1)} ${trigger.offsetMinutes < 0 ? 'before' : 'after'} ${moment}`;
    }
  }
}


/** A coin as people name it: CoinGecko's "avalanche-2" is avalanche, "matic-network" polygon. */
const COIN_NAMES: Record<string, string> = { 'avalanche-2': 'avalanche', 'matic-network': 'polygon', 'the-open-network': 'toncoin', 'usd-coin': 'USDC', binancecoin: 'BNB', 'hedera-hashgraph': 'hedera' };
function coinInWords(coin: string): string {
  return COIN_NAMES[coin] ?? coin.replace(/-/g, ' ');
}
function sourceInWords(source: DataSource): string {
  switch (source.kind) {
    case 'weather':
      return `${source.measure === 'wind' ? 'the wind' : 'the weather'} ${source.city ? `in ${source.city}` : source.city === null ? `in ${BLANK_WORDS}` : 'for the city asked'}`;
    case 'price':
      return `the ${source.coin ? coinInWords(source.coin) : 'asked coin'} price in ${source.currency.toUpperCase()}`;
    case 'news':
      if (source.onlyNew) return `each new item of ${source.feedUrl ?? `a feed ${BLANK_WORDS}`}`;
      return source.feedUrl ? `the ${source.count} newest items of ${source.feedUrl}` : `the newest items of a feed ${BLANK_WORDS}`;
    case 'ai':
      return source.instructions === null ? `an AI answer (instructions ${BLANK_WORDS})` : `an AI answer (${quoted(source.instructions)})`;
    case 'translate':
      return `the message translated into ${source.to}`;
  }
}

export function conditionInWords(condition: Condition): string {
  switch (condition.kind) {
    case 'chat':
      return `only in #${condition.name.replace(/^#/, '')}`;
    case 'admins':
      return 'only for admins';
    case 'hours': {
      const days = weekdaysInWords(condition.weekdays);
      // A whole day ("closed mondays"): from and to the same time.
      if (condition.from === condition.to) return condition.outside ? `only not ${days}` : `only ${days}`;
      return `only ${condition.outside ? 'outside' : 'between'} ${condition.from}–${condition.to}${days === 'every day' ? '' : ` ${days}`}`;
    }
    case 'threshold': {
      // Either limit (outside the range) when both are set, as the rendered bots check it.
      // The weather's numbers are in km/h (wind) and °C (temperature), whatever unit the person wrote.
      const unit = condition.source.kind === 'weather' ? (condition.source.measure === 'wind' ? ' km/h' : ' °C') : '';
      const below = condition.below !== undefined ? `below ${condition.below.toLocaleString('en')}${unit}` : '';
      const above = condition.above !== undefined ? `above ${condition.above.toLocaleString('en')}${unit}` : '';
      const bound = `goes ${[below, above].filter(Boolean).join(' or ') || 'above 0'}`;
      return `when ${sourceInWords(condition.source)} ${bound}`;
    }
    case 'warnings':
      return `once the sender has ${condition.atLeast} warning${condition.atLeast === 1 ? '' : 's'}`;
  }
}

/** " and say '...'" for an action that may say something as it is done. */
function saying(text: string | null | undefined): string {
  return text ? ` and say ${quoted(text)}` : '';
}

/**
 * An action in words; `posts`: the rule runs on a schedule, so its words are posted, not replied;
 * `channel`: the rule's named channel, where a post goes.
 */
export function actionInWords(action: Action, posts = false, channel?: string): string {
  switch (action.kind) {
    case 'reply':
      return `${posts ? 'post' : 'reply'} ${quoted(action.text)}`;
    case 'replyOneOf': {
      const shown = action.texts.slice(0, 3).map(quoted).join(', ');
      const more = action.texts.length > 3 ? ` and ${action.texts.length - 3} more` : '';
      return `${posts ? 'post' : 'reply'} one of ${action.texts.length} texts${action.order === 'inTurn' ? ' in turn' : ' at random'} (${shown}${more})`;
    }
    case 'buttons':
      return `say ${quoted(action.text)} with the buttons ${joinWords(action.buttons.map((b) => `"${b.label}"`))}`;
    case 'ask':
      return `ask ${joinWords(action.questions.map(quoted))} one at a time, then say ${quoted(action.done)} and ${channel ? `post the answers in #${channel}` : 'send you the answers'}`;
    case 'list': {
      const what = action.item === 'sender' ? 'their name' : 'what follows the command';
      const most = action.op === 'add' && action.max ? ` (at most ${action.max}; when full, say ${quoted(action.full ?? `Sorry, the list is full (${action.max}).`)})` : '';
      const op = { add: `add ${what} to the list "${action.list}"${most}`, remove: `remove ${what} from the list "${action.list}"`, show: `show the list "${action.list}"`, clear: `empty the list "${action.list}"`, next: `take the first one off the list "${action.list}" (or say ${quoted(action.empty ?? 'The list is empty.')} when it is empty)` }[action.op];
      return action.text === null || action.text.length > 0 ? `${op}, and say ${quoted(action.text)}` : op;
    }
    case 'count':
      return `${action.add === 'number' ? 'add the number after the command' : 'count one'} for the ${action.per === 'user' ? 'sender' : 'chat'} in "${action.counter}"`;
    case 'resetCount':
      return `set everyone's "${action.counter}" back to 0`;
    case 'top':
      return `show the top ${action.n} of "${action.counter}" with ${quoted(action.text)}`;
    case 'quiz':
      return `run a quiz of ${action.questions.length} question${action.questions.length === 1 ? '' : 's'} (${action.questions.map((q) => `${quoted(q.question)} → ${quoted(q.answer)}`).join(', ')})${action.counter ? `, counting each right answer in "${action.counter}"` : ''}`;
    case 'convert':
      return `convert the number from ${action.from} to ${action.to} and say ${quoted(action.text)}`;
    case 'post':
      return `post ${quoted(action.text)} to ${action.to === 'owner' ? 'you' : channel ? `#${channel}` : 'the channel'}`;
    case 'forward':
      return 'send you a copy of the message';
    case 'react':
      return `react with ${action.emoji}`;
    case 'delete':
      return 'delete the message';
    case 'warn':
      return `warn the sender: ${quoted(action.text)}`;
    case 'mute':
      return `mute the sender for ${minutesInWords(action.minutes).replace(/^(hour|minute|day)$/, '1 $1')}${saying(action.text)}`;
    case 'kick':
      return `remove the sender from the group${saying(action.text)}`;
    case 'ban':
      return `ban the sender${saying(action.text)}`;
    case 'poll':
      return action.fromArgument
        ? action.question ? `start a poll ${quoted(action.question)} with the options written after the command` : 'start a poll with the question and options written after the command'
        : `start a poll ${quoted(action.question)} (${action.options.map(quoted).join(', ')})`;
    case 'data':
      return action.text ? `get ${sourceInWords(action.source)} and ${posts ? 'post' : 'say'} ${quoted(action.text)}` : `${posts ? 'post' : 'reply with'} ${sourceInWords(action.source)}`;
    case 'custom':
      return `run custom code "${action.name}": ${action.description}`;
  }
}

/** "When someone sends /menu, only in #orders: reply 'sourdough 5€' and react with 👍". */
export function ruleInWords(rule: Rule, plan: BotPlan): string {
  const conditions = rule.if.map(conditionInWords);
  const when = [triggerInWords(rule.when, plan), ...conditions].join(', ');
  const posts = rule.when.kind === 'schedule';
  // A scheduled rule's words go to its named channel; a post action says where it goes itself.
  const where = (a: Action) => (rule.channel && posts && a.kind !== 'post' ? ` in #${rule.channel}` : '');
  return `${when}: ${joinWords(rule.do.map((a) => actionInWords(a, posts, rule.channel) + where(a)))}`;
}

export type PlanPath = Array<string | number>;
export interface PlanBlank {
  ruleId: string;
  /** Where the text goes, from the rule (['do', 0, 'text']). */
  path: PlanPath;
  /** What to write, in plain words ("What /menu replies"). */
  label: string;
}

/** Every text the person has not given yet, in rule order. */
export function blanksOf(plan: BotPlan): PlanBlank[] {
  const blanks: PlanBlank[] = [];
  for (const rule of plan.rules) {
    const trigger = triggerInWords(rule.when, plan);
    const when = `${trigger.charAt(0).toLowerCase()}${trigger.slice(1)}`;
    // The person's own words about it ("post where the truck is parked today"), so they see what to give.
    const wrote = rule.source && rule.source.length <= 160 ? ` (you wrote: "${rule.source.replace(/\s+/g, ' ').trim()}")` : '';
    const visit = (value: unknown, path: PlanPath, what: string) => {
      if (value === null) blanks.push({ ruleId: rule.id, path, label: `${what} ${when}${wrote}`.trim() });
      else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i], what));
      else if (typeof value === 'object' && value !== undefined) {
        for (const [key, v] of Object.entries(value as Record<string, unknown>)) visit(v, [...path, key], whatOf(key, what));
      }
    };
    if (rule.when.kind === 'keyword' && rule.when.words.length === 0) {
      blanks.push({ ruleId: rule.id, path: ['when', 'words'], label: 'The words that start this rule (separated by commas)' });
    }
    rule.do.forEach((action, i) => visit(action, ['do', i], 'What the bot says'));
    rule.if.forEach((condition, i) => visit(condition, ['if', i], 'What it needs'));
  }
  return blanks;
}

function whatOf(key: string, outer: string): string {
  switch (key) {
    case 'question':
      return 'The question asked';
    case 'questions':
      return 'A question asked';
    case 'answer':
      return 'The right answer';
    case 'options':
      return 'A choice offered';
    case 'feedUrl':
      return 'The feed address read';
    case 'city':
      return 'The place whose weather is read';
    case 'instructions':
      return 'What the AI is told';
    case 'done':
      return 'What the bot says at the end';
    default:
      return outer;
  }
}

/** Sets one blank's text (a list of words for a keyword trigger); the plan is copied, never changed in place. */
export function fillBlank(plan: BotPlan, ruleId: string, path: PlanPath, text: string): BotPlan {
  const copy = structuredClone(plan);
  const rule = copy.rules.find((r) => r.id === ruleId);
  if (!rule) return copy;
  let target: unknown = rule;
  for (const key of path.slice(0, -1)) target = (target as Record<string | number, unknown>)[key];
  const key = path.at(-1)!;
  (target as Record<string | number, unknown>)[key] = key === 'words' ? wordsIn(text) : text;
  return copy;
}

/** "parking, car park; garage" -> ['parking', 'car park', 'garage']. */
export function wordsIn(text: string): string[] {
  return [...new Set(text.split(/[,;\n]+/).map((w) => w.trim().replace(/^["']|["']$/g, '')).filter(Boolean))];
}
