// The commands of the behaviours: which commands each feature answers, the names the request
// gives them, and a second name when a fixed reply of COMMAND_REPLIES already uses one.

import type { BehaviourCommand } from '../plan';
import type { BotRequest, CommandReply, Feature } from '../request';

const COMMAND_NAME = /^[a-z][a-z0-9_]{0,31}$/;

/** The commands each feature answers (Telegram polls need no /vote: people tap the poll). */
const FEATURE_COMMANDS: Array<[Feature, BehaviourCommand[]]> = [
  ['reminders', ['remind']],
  ['rules', ['rules']],
  ['jokes', ['joke']],
  ['quotes', ['quote']],
  ['facts', ['fact']],
  ['random', ['roll', 'flip', 'pick']],
  ['polls', ['poll', 'vote']],
  ['weather', ['weather']],
  ['news', ['news']],
  ['prices', ['price', 'rate']],
  ['translate', ['translate']],
  ['counter', ['count', 'stats']],
  ['menu', ['menu']],
];

/** A second name for a behaviour command whose name a fixed reply already uses. */
const ALTERNATE_NAMES: Record<BehaviourCommand, string> = {
  joke: 'jokes', quote: 'quotes', fact: 'facts', roll: 'dice', flip: 'coin', pick: 'choose', poll: 'newpoll', vote: 'ballot',
  rules: 'rulebook', weather: 'forecast', news: 'headlines', price: 'crypto', rate: 'exchange', translate: 'tr', count: 'mycount',
  stats: 'top', menu: 'options', remind: 'reminder',
};

/** What each command does, to say which name it got. */
const WHAT_COMMAND_DOES: Record<BehaviourCommand, string> = {
  joke: 'tells a joke', quote: 'shares a quote', fact: 'shares a fact', roll: 'rolls dice', flip: 'flips a coin', pick: 'picks a choice',
  poll: 'starts the poll', vote: 'votes', rules: 'shows the rules', weather: 'tells the weather', news: 'shows the news',
  price: 'shows coin prices', rate: 'shows exchange rates', translate: 'translates', count: 'shows the message count',
  stats: 'shows the most active people', menu: 'shows the menu', remind: 'sets reminders',
};

/** Which of a feature's commands the user's own name replaces ("a /dice command" renames /roll, "a /decide command" /pick). */
function renamedCommand(feature: Feature, name: string): BehaviourCommand | null {
  if (feature === 'random') return /roll|dice|die/.test(name) ? 'roll' : /flip|coin|toss/.test(name) ? 'flip' : 'pick';
  if (feature === 'prices') return /rate|exchange|fx|currenc|convert/.test(name) ? 'rate' : 'price';
  return FEATURE_COMMANDS.find(([f]) => f === feature)?.[1][0] ?? null;
}

/** Names every behaviour command of the features; a name already taken gets its alternate, and the answer says so. */
export function nameCommands(request: BotRequest, features: ReadonlySet<Feature>, fixed: CommandReply[], prefix: string, defaults: string[]) {
  const taken = new Set<string>(['start', 'help', ...fixed.map((c) => c.name)]);
  const commands: Partial<Record<BehaviourCommand, string>> = {};
  for (const [feature, names] of FEATURE_COMMANDS) {
    if (!features.has(feature)) continue;
    const own = request.commandNames[feature]?.trim().toLowerCase().replace(/^[/!]/, '');
    const ownTarget = own && COMMAND_NAME.test(own) ? renamedCommand(feature, own) : null;
    for (const command of names) {
      if (command === 'vote' && request.platform === 'telegram') continue;
      const wanted = ownTarget === command ? own! : command;
      let name = wanted;
      for (let n = 2; taken.has(name); n++) name = n === 2 ? ALTERNATE_NAMES[command] : `${ALTERNATE_NAMES[command]}${n}`;
      if (name !== wanted) defaults.push(`${prefix}${wanted} is already a command of this bot, so ${prefix}${name} ${WHAT_COMMAND_DOES[command]}.`);
      taken.add(name);
      commands[command] = name;
    }
  }
  return commands;
}
