// The engine's named channels as JavaScript source, written only when a rule posts in one (its
// `channel`, "post in #hall-of-fame"): the platforms that find channels by name (the adapter's
// channelNamed: Discord, Slack) post there; the others, and a name not found, use the configured one.
import { code } from '../compose';

export const CHANNEL_FOR = code`
// The chat of 'the channel' for a rule: its named channel (rule.channel) where the platform finds channels
// by name, else the configured one (channel()). A name the platform does not know is logged, and the
// configured channel is used: the post still goes somewhere the owner chose.
async function channelFor(bot, rule) {
  if (rule.channel && bot.adapter.channelNamed) {
    const found = await bot.adapter.channelNamed(rule.channel);
    if (found) return found;
    log('Channel #' + rule.channel + ' not found: posting to the configured channel');
  }
  return bot.adapter.channel();
}`;
