// One rule in plain words, for the header of the rendered file ("What it does"): someone who is no
// programmer reads the bot's behaviour there before anything else. Shared by both languages.
import type { Action, Condition, DataSource, Rule, Trigger } from '../../../../../shared/bot-plan.schema';
import { describeWeekdays } from '../../builtin/templates/behaviour-content';

/** A text as quoted in the header: one line, at most 60 characters. */
function quote(text: string | null | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return `"${line.length > 60 ? `${line.slice(0, 57)}...` : line}"`;
}

function shift(offset: number): string {
  if (offset === 0) return '';
  const minutes = Math.abs(offset);
  return `${minutes} minute${minutes === 1 ? '' : 's'} ${offset < 0 ? 'before' : 'after'} `;
}

function trigger(when: Trigger, prefix: string, buttonLabels: Map<string, string>): string {
  switch (when.kind) {
    case 'command':
      return `${prefix}${when.name}`;
    case 'keyword':
      return `When someone ${when.whole ? 'writes exactly' : 'says'} ${when.words.map(quote).join(' or ')}`;
    case 'message':
      return 'Any other message';
    case 'mention':
      return 'When someone mentions the bot';
    case 'join':
      return 'When someone joins';
    case 'leave':
      return 'When someone leaves';
    case 'button':
      return `When someone presses ${quote(buttonLabels.get(when.id) ?? when.id)}`;
    case 'reaction':
      return `When someone reacts${when.emoji ? ` with ${when.emoji}` : ''}`;
    case 'schedule':
      if (when.everyMinutes !== undefined) return `Every ${when.everyMinutes} minute${when.everyMinutes === 1 ? '' : 's'}`;
      return `${shift(when.offsetMinutes)}${when.times.join(', ')} ${when.weekdays.length > 0 ? `on ${describeWeekdays(when.weekdays)}` : 'every day'}`.replace(/^./, (c) => c.toUpperCase());
  }
}

function source(from: DataSource): string {
  switch (from.kind) {
    case 'weather':
      return `the weather${from.city ? ` in ${from.city}` : ''}`;
    case 'price':
      return `the price of ${from.coin ?? 'a coin'} in ${from.currency.toUpperCase()}`;
    case 'news':
      return `the ${from.count} newest headlines of ${from.feedUrl}`;
    case 'ai':
      return 'an answer from the AI model';
    case 'translate':
      return `a translation into ${from.to}`;
  }
}

function condition(c: Condition): string {
  switch (c.kind) {
    case 'chat':
      return `in ${c.name}`;
    case 'admins':
      return 'from an admin';
    case 'hours':
      return `${c.outside ? 'outside' : 'between'} ${c.from} and ${c.to}${c.weekdays.length > 0 ? ` on ${describeWeekdays(c.weekdays)}` : ''}`;
    case 'threshold':
      return `when ${source(c.source)} is ${[c.below !== undefined && `below ${c.below}`, c.above !== undefined && `above ${c.above}`].filter(Boolean).join(' or ')}`;
    case 'warnings':
      return `when the sender has at least ${c.atLeast} warning${c.atLeast === 1 ? '' : 's'}`;
  }
}

function action(a: Action): string {
  switch (a.kind) {
    case 'reply':
      return `replies ${quote(a.text)}`;
    case 'replyOneOf':
      return `replies one of ${a.texts.length} texts ${a.order === 'inTurn' ? 'in turn' : 'at random'}`;
    case 'buttons':
      return `says ${quote(a.text)} with the buttons ${a.buttons.map((b) => quote(b.label)).join(', ')}`;
    case 'ask':
      return `asks ${a.questions.length} question${a.questions.length === 1 ? '' : 's'} and sends the answers to the owner`;
    case 'list': {
      const what = a.item === 'sender' ? "the sender's name" : 'what follows the command';
      const op = { add: `adds ${what} to`, remove: `removes ${what} from`, show: 'shows', clear: 'empties' }[a.op];
      return `${op} the list "${a.list}"`;
    }
    case 'count':
      return `counts one more for the ${a.per === 'chat' ? 'chat' : 'sender'} in "${a.counter}"`;
    case 'top':
      return `shows the top ${a.n} of "${a.counter}"`;
    case 'quiz':
      return `asks a quiz of ${a.questions.length} question${a.questions.length === 1 ? '' : 's'}`;
    case 'convert':
      return `converts ${a.from} to ${a.to}`;
    case 'post':
      return `posts ${quote(a.text)} to the ${a.to === 'owner' ? "owner's chat" : 'channel'}`;
    case 'forward':
      return "forwards the message to the owner's chat";
    case 'react':
      return `reacts with ${a.emoji}`;
    case 'delete':
      return 'deletes the message';
    case 'warn':
      return 'warns the sender';
    case 'mute':
      return `mutes the sender for ${a.minutes} minute${a.minutes === 1 ? '' : 's'}`;
    case 'kick':
      return 'removes the sender from the group';
    case 'ban':
      return 'bans the sender';
    case 'poll':
      return a.fromArgument ? 'starts a poll with the question and options written after the command' : `starts the poll ${quote(a.question)}`;
    case 'data':
      return `tells ${source(a.source)}`;
    case 'custom':
      return `runs the custom code "${a.name}"${a.description ? ` (${a.description})` : ''}`;
  }
}

/** "/price: replies "Bread is 3 euros"", "Every 30 minutes, if between 09:00 and 17:00: posts ...". */
export function describeRule(rule: Rule, prefix: string, buttonLabels: Map<string, string>): string {
  const conditions = rule.if.length > 0 ? ` (${rule.if.map(condition).join(', ')})` : '';
  const actions = rule.do.map(action).join(', then ');
  return `${trigger(rule.when, prefix, buttonLabels)}${conditions}: ${actions}.`;
}

/** Each button's label by id, as the plan's `buttons` actions show them. */
export function buttonLabelsOf(rules: Rule[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const rule of rules) for (const a of rule.do) if (a.kind === 'buttons') for (const b of a.buttons) labels.set(b.id, b.label);
  return labels;
}
