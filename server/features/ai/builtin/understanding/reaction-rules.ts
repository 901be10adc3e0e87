// Reactions: the bot reacting ("react with 👍 to messages with 'thanks'", "like tweets that mention
// #bikes", "every message in #feedback gets a 🎧 reaction and the bot replies ...") and rules run when
// someone reacts ("when someone reacts with ⭐ post in #hall-of-fame: ...", ":sos: reaction → send me a copy").
import type { RuleDraft } from './rule-draft';
import type { Trigger } from '../../../../../shared/bot-plan.schema';
import { answerAt } from './stated-replies';
import { commandsIn, type Masked, restore } from './masked';
import { saidWordsAt, wordsAfter } from './said-words';
import { SLACK_EMOJI } from '../../plan/render/slack-emoji';

const EMOJI = /(\p{Extended_Pictographic}(?:\uFE0F)?)/u;
const EMOJI_OF_NAME = new Map(SLACK_EMOJI.map(([emoji, name]) => [`:${name}:`, emoji]));
const emojiOfName = (written: string): string => EMOJI_OF_NAME.get(written) ?? written;
const REACT = /\b(?:react(?:s|ing)?|add(?:s)? (?:a|an)?\s*(?:\S+\s+)?reaction|(?:gets?|puts?|adds?|leaves?|gives?) (?:a|an)\s*\S*\s*reaction|gets? (?:a|an)(?=\s+\S+\s+from (?:the|our) bot\b)|gets? (?:a|an)(?=\s+[^\w\s$£€#@"'(<[{]{1,4}(?:\s|$|[.,;!]))|likes? (?=(?:every|each|all|any|the|their|them|it|tweets?|posts?|messages?|mentions?|replies)\b)|thumbs? up)\b/gi;

/** "react with 👍 to messages with 'thanks'", "like tweets that mention #bikes", "when someone reacts with ⭐". */
export function reactionRules(sentence: string, m: Masked): RuleDraft[] {
  // "reacts with ⭐", "reacts :white_check_mark:" (Slack's name for it, kept as ':name:').
  const reacted =
    /\b(?:when|whenever|if) (?:someone|anyone|somebody|people|ppl|(a |an |the )?(?:mod|moderator|admin)s?|a member|members) reacts?(?:\s+(?:with\s+)?(:[\w+-]{1,38}:|\S*\p{Extended_Pictographic}\S*))?/iu.exec(restore(sentence, m.quotes)) ??
    // "when a msg gets a 🏆 reaction, post in #hall-of-fame: ...": the message's reaction.
    /\b(?:when|whenever|if) (?:a|an|the|any|someone'?s) (?:msg|message|post|photo|pic|picture|comment|clip)(?: in #[\w-]+)? gets? (?:a |an |one )?()(:[\w+-]{1,38}:|\p{Extended_Pictographic}\uFE0F?) ?(?:reaction|react)\b/iu.exec(restore(sentence, m.quotes)) ??
    // "when someone puts a :sos: reaction on a message, ...".
    /\b(?:when|whenever|if) (?:someone|anyone|somebody|people|ppl|a member) (?:puts?|adds?|leaves?|gives?|drops?) (?:a |an |one )?()(:[\w+-]{1,38}:|\p{Extended_Pictographic}\uFE0F?) ?(?:reaction|react|emoji)\b/iu.exec(restore(sentence, m.quotes)) ??
    // "- reacting :package: to an order message → reply: Packed 📦": a line that starts with the reaction.
    /^[\s\-•*]*(?:\d[.)]\s*)?()(?:someone\s+)?reacting\s+(?:with\s+)?(:[\w+-]{1,38}:|\p{Extended_Pictographic}\uFE0F?)(?=\s+(?:to|on)\b[^→\n]*(?:→|->|:))/iu.exec(restore(sentence, m.quotes)) ??
    // "- :rotating_light: reaction on any message → send me a copy": a line that starts with the reaction.
    /^[\s\-•*]*(?:\d[.)]\s*)?(?:an?\s+)?()(:[\w+-]{1,38}:|\p{Extended_Pictographic}\uFE0F?)\s*(?:reaction|react|emoji)s?(?=\s+(?:to|on)\b[^→\n]*(?:→|->|:))/iu.exec(restore(sentence, m.quotes));
  if (reacted) {
    const emoji = reacted[2] && /^:[\w+-]+:$/.test(reacted[2]) ? emojiOfName(reacted[2]) : reacted[2] && EMOJI.test(reacted[2]) ? EMOJI.exec(reacted[2])![1] : undefined;
    const rest = sentence.slice(sentence.toLowerCase().indexOf('react') + 5).replace(/^(?:[^,:]|:[\w+-]{1,38}:)*[,:]\s*/, '');
    // "..., post in #hall-of-fame: 🏆 {name}'s run got nominated": a post to that channel, else a reply.
    const post = /^\s*(?:then\s+)?(?:the bot\s+)?(?:should\s+)?(?:post|posts|share|shares|send|sends)\s+(?:it\s+)?(?:in|to|into)\s+#([\w-]{1,80})\s*(?::|→|->|-|with|saying)?\s*/i.exec(rest);
    // "copy it to #hall-of-fame", "forward it to me": the reacted message itself, which no rule can pass on yet (said as not built).
    const copy = /(?:^|[\s,:])(?:then\s+)?(?:(?:copy|copies|repost|reposts|forward|forwards|move|moves|crosspost)\s+(?:it|the (?:msg|message|post))\s+(?:to|in|into)\s+(?:#[\w-]+|me\b|us\b)|(?:send|sends|dm)\s+(?:me|us)\s+a copy\b)[^.,\n]*/i.exec(sentence.slice(sentence.toLowerCase().indexOf('react') + 5));
    // "send me a copy": the owner gets the message reacted to; a copy into a channel is not built.
    if (copy && /\b(?:me|us)\b/i.test(copy[0]) && !/#[\w-]/.test(copy[0])) {
      return [{ id: 'reaction', when: { kind: 'reaction', ...(emoji ? { emoji } : {}) }, if: /mod|admin/i.test(reacted[0]) ? [{ kind: 'admins' }] : [], do: [{ kind: 'forward', to: 'owner' }], source: restore(sentence, m.quotes).trim() }];
    }
    if (copy) return [{ id: 'reaction', when: { kind: 'reaction' }, if: [], do: [], gap: { words: restore(copy[0], m.quotes).trim(), reason: 'a rule cannot copy the message that got the reaction into a channel yet: it can send it to you, or post words of yours' }, source: restore(sentence, m.quotes).trim() }];
    // '... the bot posts "🚀 Launch of the week: {text}" in #hall-of-fame': the channel after the words.
    const postedIn = post ? null : /\b(?:post|posts|share|shares)\s+\u0001(\d+)\u0002\s+(?:in|to|into)\s+(?:the\s+)?#([\w-]{1,80})/i.exec(rest);
    const text = post ? wordsAfter(sentence, sentence.length - rest.length + post[0].length, m) : postedIn ? (m.quotes[Number(postedIn[1])] ?? null) : answerAt(rest, m.quotes);
    const channel = post?.[1] ?? postedIn?.[2];
    return [{
      id: 'reaction',
      when: { kind: 'reaction', ...(emoji ? { emoji } : {}) },
      if: /mod|admin/i.test(reacted[0]) ? [{ kind: 'admins' }] : [],
      do: [channel ? { kind: 'post', to: 'channel', text } : { kind: 'reply', text }],
      ...(channel ? { channel } : {}),
      source: restore(sentence, m.quotes).trim(),
    }];
  }
  // "like" only as liking messages ("like every tweet", "likes them"), never "would you like" or "like /f 72".
  // Read on the sentence with its quotes masked, so an emoji or word inside a quote is no reaction.
  const ml = sentence.toLowerCase();
  // An emoji, or Slack's name for one (":eyes:", the emoji when it is a common one).
  const emojis = [...sentence.matchAll(/(\p{Extended_Pictographic}(?:\uFE0F)?|:[a-z0-9_+-]{1,38}:)/gu)].map((e) => Object.assign(e, { 1: emojiOfName(e[1]!) }));
  const rules: RuleDraft[] = [];
  for (const react of ml.matchAll(REACT)) {
    const at = react.index!;
    if (/\bwould like|i'?d like|we'?d like|like to|like a\b|like this|like that|likes? to\b/i.test(ml.slice(Math.max(0, at - 10), at + 12))) continue;
    // "React 👍 on your favourite MOC": words to the members, inside a text the bot posts.
    if (/^\S+\s+(?:\S+\s+)?(?:on|to|for) your\b/i.test(ml.slice(at))) continue;
    // The emoji nearest the word that asks for it ("gets a 📸 reaction", "react with ✅"); "like every mention": a like (👍), unless an emoji is written right after the word.
    const nearest = [...emojis].sort((x, y) => Math.abs(x.index! - at) - Math.abs(y.index! - at))[0];
    const liked = /\blike|thumbs/.test(react[0]);
    const after = emojis.filter((e) => e.index! >= at && e.index! - at <= 20)[0];
    const emoji = liked ? (after?.[1] ?? '👍') : (nearest?.[1] ?? null);
    if (!emoji) continue;
    // "!done + project takes it off and the bot reacts 🎉": the command's own reaction.
    const owner = commandsIn(ml).filter((c) => c.at < at).pop();
    const clause = ml.slice(at).split(/[,;.]/)[0]!;
    if (owner && !/[,;:.→]|->|\b(?:when|whenever|if)\b/.test(ml.slice(owner.end, at)) && !/\b(?:to|on|with)\s+(?:every|each|all|any|messages?|posts?|tweets?)\b/i.test(clause)) {
      rules.push({ id: owner.name, when: { kind: 'command', name: owner.name }, if: [], do: [{ kind: 'react', emoji }], source: restore(sentence, m.quotes).trim() });
      continue;
    }
    // "on every message that says new baby or just hatched lol": phrases of up to three words, without the chat's fillers.
    const about = /\b(?:with|containing|that (?:say|mention|contain|include)s?|mentioning|about|saying)\s+((?:\u0001\d+\u0002|#?[\w'-]+(?:\s+(?!or\b|and\b)[\w'-]+){0,2})(?:\s*(?:,|or)\s*(?:\u0001\d+\u0002|#?[\w'-]+(?:\s+(?!or\b|and\b)[\w'-]+){0,2}))*)/i.exec(sentence.slice(at));
    // "if anyone says wr or world record react with 🏆": the words before the reaction.
    const said = about ? null : /\b(?:if|when|whenever)\s+(?:someone|anyone|somebody|people|ppl|they|a (?:msg|message|post)(?:\s+in\s+#[\w-]+)?)\s+(?:says?|writes?|types?|mentions?|posts?|has|contains?)\s+((?:\u0001\d+\u0002|[\w'-]+(?:\s+[\w'-]+){0,2}?)(?:\s*(?:,|or|\/)\s*(?:\u0001\d+\u0002|[\w'-]+(?:\s+[\w'-]+){0,2}?)){0,8}(?:\s+[\w'-]+)?)\s*,?\s*(?:then\s+)?(?:the bot\s+)?(?:should\s+)?(?:just\s+|only\s+)?$/i.exec(sentence.slice(0, at));
    const words = (about ?? said) ? (about ?? said)![1]!.split(/\s*(?:,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|\/)\s*/u).map((w) => restore(w, m.quotes).trim().toLowerCase().replace(/(?:\s+(?:lol|lmao|haha|pls|please|plz|thx|thanks|too|as well|in it|in them))+$/, '')).filter(Boolean) : [];
    // "When someone mentions me with thank you, like their tweet ❤️": a trigger read by the keyword readers, not every message.
    if (words.length === 0 && /\b(?:when|whenever|if)\s+(?:someone|anyone|somebody|people|ppl|they)\s+(?:mentions?|writes?|says?|types?|tags?)\b[^.\n]*$/i.test(ml.slice(0, at))) continue;
    const when: Trigger = words.length > 0 ? { kind: 'keyword', words, whole: false } : { kind: 'message', always: true };
    // "react 🪙 to every post in #new-finds": only in that channel.
    const chat = /\b(?:in|on)\s+#([\w-]{1,80})/.exec(clause)?.[1] ?? /\b(?:every|each|all|any)\s+(?:posts?|messages?|msgs?|photos?|pics?)\s+(?:in|on)\s+#([\w-]{1,80})/i.exec(ml.slice(0, at))?.[1];
    // "every message gets a 🎧 reaction and the bot replies "thanks for sharing!"": the words said with it.
    const replied = /^[^\n]*?\b(?:and|then)\s+(?:the bot\s+|it\s+)?(?:also\s+)?(?:replies|reply|says?|answers?)\s*(?:with)?\s*:?\s*(?=\u0001)/i.exec(sentence.slice(at));
    const words0 = replied ? saidWordsAt(sentence.slice(at + replied[0].length), m.quotes) : null;
    rules.push({ id: 'react', when, if: chat ? [{ kind: 'chat', name: chat }] : [], do: [{ kind: 'react', emoji }, ...(words0 ? [{ kind: 'reply' as const, text: words0 }] : [])], source: restore(sentence, m.quotes).trim() });
  }
  return rules;
}
