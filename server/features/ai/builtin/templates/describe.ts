// What a generated bot does, one line per behaviour, with how to try it: the header of the file
// and the "What it does" part of the answer.

import type { BehaviourCommand, BotPlan } from '../plan';
import { describeWeekdays } from './behaviour-content';

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function describeFeatures(plan: BotPlan): string[] {
  const f = plan.features;
  const p = plan.prefix;
  const twitter = plan.platform === 'twitter';
  /** How a person runs a command: "/joke", or on X a mention with the word. */
  const run = (command: BehaviourCommand, args = '') => {
    const name = `${plan.commands[command] ?? command}${args ? ` ${args}` : ''}`;
    return twitter ? `a mention with "${name}"` : `${p}${name}`;
  };
  const out: string[] = [];
  const remind = plan.commands.remind ?? 'remind';

  if (f.has('commands')) {
    const custom = plan.commandReplies.filter((c) => c.name !== 'start').map((c) => `${p}${c.name}`);
    const names = [`${p}start`, `${p}help`, ...custom, ...(f.has('reminders') ? [`${p}${remind}`] : [])];
    out.push(`Answers ${list(names)}.`);
  } else if (f.has('reminders')) out.push(`Answers ${p}${remind}.`);
  if (plan.keywordReplies.length > 0) out.push(`Replies to messages containing: ${plan.keywordReplies.map((k) => k.keyword).join(', ')}.`);
  if (f.has('llm')) out.push('Answers other messages with an AI model through the OpenAI API.');
  if (f.has('echo')) out.push(f.has('llm') ? 'Echoes a message back if the AI is unavailable.' : 'Echoes every other message back.');
  if (f.has('welcome')) out.push(plan.platform === 'whatsapp' ? 'Welcomes each new contact with their first message.' : plan.platform === 'generic' ? 'Welcomes new users (POST /join).' : 'Welcomes new members.');
  if (f.has('goodbye')) {
    out.push(
      plan.platform === 'generic'
        ? 'Says goodbye to users who leave (POST /leave).'
        : plan.platform === 'slack'
          ? 'Says goodbye when someone leaves a channel it is in.'
          : 'Says goodbye when a member leaves.',
    );
  }
  if (f.has('rules')) out.push(`Shows the rules on ${run('rules')}.`);
  if (f.has('moderation')) {
    const mute = plan.warnLimit > 0;
    const after = `after ${plan.warnLimit} warning${plan.warnLimit === 1 ? '' : 's'}`;
    if (plan.platform === 'telegram') {
      out.push(`Deletes messages with banned words and warns the sender${mute ? `; ${after} they are muted for ${plan.muteMinutes} minutes` : ''}.`);
    } else if (plan.platform === 'discord') {
      out.push(`Deletes messages with banned words and warns the sender${mute ? `; ${after} they get a ${plan.muteMinutes}-minute timeout` : ''}.`);
    } else if (plan.platform === 'generic' && mute) {
      out.push(`Warns senders of messages with banned words; ${after} it ignores them for ${plan.muteMinutes} minutes (and says "muted": true).`);
    } else out.push('Warns senders of messages with banned words.');
  }
  if (f.has('scheduled')) {
    if (plan.postByInterval) out.push(`Posts a message every ${plan.intervalMinutes} minute${plan.intervalMinutes === 1 ? '' : 's'}.`);
    if (plan.postTimes.length > 0) out.push(`Posts a message at ${list(plan.postTimes)}, ${describeWeekdays(plan.postWeekdays)}.`);
  }
  if (f.has('reminders')) out.push(`Sends reminders: ${p}${remind} <minutes> <text>.`);
  if (f.has('jokes')) out.push(`Tells a joke on ${run('joke')} (${plan.jokes.length} to pick from).`);
  if (f.has('quotes')) out.push(`Shares a quote on ${run('quote')} (${plan.quotes.length} to pick from).`);
  if (f.has('facts')) out.push(`Shares a fun fact on ${run('fact')} (${plan.facts.length} to pick from).`);
  if (f.has('random')) {
    out.push(`Rolls dice (${run('roll')}, ${run('roll', '20')}), flips a coin (${run('flip')}) and picks for you (${run('pick', 'pizza, pasta')}).`);
  }
  if (f.has('polls')) {
    out.push(
      plan.nativePoll
        ? `Starts a Telegram poll on ${run('poll')} ("${plan.poll.question}"); ${run('poll', 'Question? | A | B')} starts another one.`
        : `Runs polls: ${run('poll')} shows "${plan.poll.question}" (or ${run('poll', 'Question? | A | B')} a new one), ${run('vote', '1')} votes and ${run('vote')} shows the results.`,
    );
  }
  if (f.has('menu')) {
    const labels = plan.menu.map((m) => m.label).join(', ');
    if (plan.platform === 'generic') out.push(`Answers ${run('menu')} with a numbered menu and the menu itself as JSON ("menu": ${labels}); sending a number or a label gives its reply.`);
    else if (plan.platform === 'whatsapp') out.push(`Shows a numbered menu on ${run('menu')} (${labels}); answering with a number gives its reply.`);
    else out.push(`Shows a menu of buttons on ${run('menu')} (${labels}); pressing one answers it.`);
  }
  if (f.has('away')) {
    const h = plan.openHours;
    out.push(`Outside the open hours (${describeWeekdays(h.weekdays)}, ${h.from} to ${h.to}) it answers messages with an away message (commands still work).`);
  }
  if (f.has('weather')) out.push(`Tells the current weather on ${run('weather')} (${plan.city}) or ${run('weather', 'Paris')}, from Open-Meteo (no key needed).`);
  if (f.has('news')) {
    const target = plan.env.find((e) => /CHAT_ID|CHANNEL_ID|RECIPIENTS|OUTGOING_WEBHOOK_URL/.test(e.name));
    const where = twitter ? 'as tweets' : target ? `to ${target.name}${target.required ? '' : ' (when set)'}` : 'to the chat';
    out.push(`Shows the latest headlines on ${run('news')} and posts new ones ${where} every ${plan.newsIntervalMinutes} minutes.`);
  }
  if (f.has('prices')) {
    out.push(`Shows coin prices on ${run('price')} (${plan.coins.join(', ')}) or ${run('price', 'solana')}, and exchange rates on ${run('rate', `${plan.currencies[0] ?? 'USD'} ${plan.currencies[1] ?? 'EUR'}`)}.`);
  }
  if (f.has('translate')) out.push(`Translates into ${plan.targetLanguage} on ${run('translate', '<text>')}, with the AI model.`);
  if (f.has('counter')) out.push(`Counts everyone's messages: ${run('count')} shows yours, ${run('stats')} the most active people.`);
  if (twitter) {
    const answers = f.has('echo') || f.has('llm') ? '' : ' when a keyword matches or it is asked for one of its behaviours';
    out.push(`Checks its mentions every minute and replies${answers}.`);
  }
  out.push('Logs everything it does with timestamps.');
  return out;
}
