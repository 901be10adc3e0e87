// The X (Twitter) adapter of a rendered JavaScript bot (twitter-api-v2, API v2, user context):
// the bot's mentions, checked every minute, are its messages; answers are reply tweets, a reaction
// is a like, a poll X's own poll, the channel is the bot's own timeline and the owner gets a direct message. Patterns and
// settings from the builtin generator (templates/twitter-javascript.ts).
import { code, lines, sections } from '../compose';
import type { PlanUses } from '../plan-uses';
import { channelAndOwner, dataFileLine, REQUIRE_ENV, requiredChecks, scheduleTicks } from './adapter-parts';
import type { PlatformCode } from './bot-file';

const INTRO = code`
// ==== X (twitter-api-v2, checking mentions) ====
const MENTION_CHECK_MS = 60000; // how often to check mentions (mind the API rate limits)

// X writes &, < and > as &amp; &lt; &gt; in tweet text.
function fromX(text) {
  return String(text || '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

// The engine's event for a mention: all of X is one chat ('x'); the text is the tweet without the bot's
// @handle and the @handles X puts before a reply, so '@bot /order tea' is the command /order.
function mentionEvent(tweet, author, me) {
  const text = fromX(tweet.text).replace(new RegExp('@' + me.username + '\\b', 'gi'), '').replace(/^(\s*@\w+)+/, '').trim();
  return { type: 'message', chat: 'x', chatName: null, user: String(tweet.author_id), name: author ? author.name || '@' + author.username : 'someone', text, mentioned: true, raw: tweet };
}`;

/** An X poll: 2 to 4 options of at most 25 characters, open a day; a direct message gets numbered lines. */
const POLL = lines(
  '    sendPoll: async (chat, question, options) => {',
  "      if (chat.startsWith('dm:')) return client.v2.sendDmToParticipant(chat.slice(3), { text: [question, ...options.map((o, i) => i + 1 + '. ' + o)].join('\\n') });",
  '      const poll = { options: options.slice(0, 4).map((o) => o.slice(0, 25)), duration_minutes: 1440 };',
  "      if (chat === 'x' && answering.tweetId) {",
  '        const sent = await client.v2.reply(question.slice(0, 280), answering.tweetId, { poll });',
  '        answering.tweetId = sent.data.id;',
  '        return;',
  '      }',
  '      await client.v2.tweet(question.slice(0, 280), { poll });',
  '    },',
);

function adapter(uses: PlanUses): string {
  return lines(
    "// What the engine asks of X. An answer in the chat 'x' replies to the mention being answered (several make a",
    "// thread); the channel ('timeline') is a tweet; 'dm:<id>' (the owner) is a direct message. Tweets are cut to 280.",
    'function twitterAdapter(client, me, answering) {',
    '  return {',
    uses.actions.has('buttons') ? '    send: async (chat, text, buttons) => {' : '    send: async (chat, text) => {',
    uses.actions.has('buttons') &&
      "      // X has no buttons: their labels as numbered lines.\n      if (buttons) text = text + '\\n' + buttons.map((b, i) => i + 1 + '. ' + b.label).join('\\n');",
    "      if (chat.startsWith('dm:')) {",
    "        return client.v2.sendDmToParticipant(chat.slice(3), { text }).catch((error) => log('X refused the direct message (the app needs Direct Message permission): ' + error.message + ': ' + text));",
    '      }',
    "      if (chat === 'x' && answering.tweetId) {",
    '        const sent = await client.v2.reply(text.slice(0, 280), answering.tweetId);',
    '        answering.tweetId = sent.data.id;',
    '        return;',
    '      }',
    '      await client.v2.tweet(text.slice(0, 280));',
    '    },',
    uses.actions.has('react') && '    // A reaction is a like (X has no other).\n    react: (event) => client.v2.like(me.id, event.raw.id),',
    uses.actions.has('poll') && POLL,
    uses.conditions.has('admins') &&
      "    // The admin: the owner (OWNER_CHAT_ID).\n    isAdmin: async (event) => event.user === (process.env.OWNER_CHAT_ID || '').trim(),",
    "    channel: () => 'timeline',",
    channelAndOwner('twitter', uses, "    owner: () => {\n      const id = (process.env.OWNER_CHAT_ID || '').trim();\n      return id ? 'dm:' + id : null;\n    },"),
    '  };',
    '}',
  );
}

const CHECK = code`
// Answers the mentions that came since the last check, oldest first, one at a time.
async function checkMentions(client, me, engine, answering, seen) {
  const options = { max_results: 20, 'tweet.fields': ['author_id', 'conversation_id'], expansions: ['author_id'] };
  if (seen.sinceId) options.since_id = seen.sinceId;
  const timeline = await client.v2.userMentionTimeline(me.id, options);
  if (timeline.meta && timeline.meta.newest_id) seen.sinceId = timeline.meta.newest_id;
  for (const tweet of [...timeline.tweets].reverse()) {
    if (tweet.author_id === me.id) continue;
    answering.tweetId = tweet.id;
    await engine.handle(mentionEvent(tweet, timeline.includes.author(tweet), me));
  }
  answering.tweetId = null;
}`;

function start(uses: PlanUses): string {
  return lines(
    '// Starts the bot: answers only the mentions that come from now on, checked every minute; the schedules are',
    '// checked every 20 seconds.',
    'async function start() {',
    '  const client = new TwitterApi({',
    "    appKey: requireEnv('TWITTER_API_KEY'),",
    "    appSecret: requireEnv('TWITTER_API_SECRET'),",
    "    accessToken: requireEnv('TWITTER_ACCESS_TOKEN'),",
    "    accessSecret: requireEnv('TWITTER_ACCESS_SECRET'),",
    '  });',
    requiredChecks('twitter', uses),
    '  const me = (await client.v2.me()).data;',
    '  const answering = { tweetId: null };',
    dataFileLine(uses),
    '  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: twitterAdapter(client, me, answering), dataFile, now: () => new Date() });',
    '  const latest = await client.v2.userMentionTimeline(me.id, { max_results: 5 });',
    '  const seen = { sinceId: (latest.meta && latest.meta.newest_id) || null };',
    "  log(BOT_NAME + ' is running as @' + me.username + ': checking mentions every ' + MENTION_CHECK_MS / 1000 + ' seconds');",
    '  const check = async () => {',
    "    await checkMentions(client, me, engine, answering, seen).catch((error) => logError('Checking mentions failed:', error.message || error));",
    '    setTimeout(check, MENTION_CHECK_MS);',
    '  };',
    '  setTimeout(check, MENTION_CHECK_MS);',
    uses.triggers.has('schedule') && scheduleTicks('  '),
    '}',
  );
}

export function twitterPlatform(uses: PlanUses): PlatformCode {
  return {
    label: 'X/Twitter (twitter-api-v2, Node.js)',
    requires: "const { TwitterApi } = require('twitter-api-v2');",
    code: sections(1, INTRO, REQUIRE_ENV, adapter(uses), CHECK, start(uses)),
    dependencies: ['twitter-api-v2'],
  };
}
