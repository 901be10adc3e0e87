// Twitter/X in JavaScript: twitter-api-v2 (user context), polling the mentions every 60000 ms.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures } from './python-common';
import { jsHeader, jsHelpers, jsRequires, jsSettings } from './javascript-common';

export function twitterJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;

  const requires = jsRequires("const { TwitterApi } = require('twitter-api-v2');", f.has('llm') && "const OpenAI = require('openai');");

  const client = lines(
    '// Acts as the bot account (OAuth 1.0a user context).',
    'const client = new TwitterApi({',
    "  appKey: requireEnv('TWITTER_API_KEY'),",
    "  appSecret: requireEnv('TWITTER_API_SECRET'),",
    "  accessToken: requireEnv('TWITTER_ACCESS_TOKEN'),",
    "  accessSecret: requireEnv('TWITTER_ACCESS_SECRET'),",
    '});',
    '',
    'let me = null;',
    'let sinceId = null;',
  );

  const checkMentions = lines(
    '// Answers the mentions that arrived since the last check.',
    'async function checkMentions() {',
    "  const options = { max_results: 20, 'tweet.fields': ['author_id'] };",
    '  if (sinceId) options.since_id = sinceId;',
    '  const timeline = await client.v2.userMentionTimeline(me.id, options);',
    '  if (timeline.meta && timeline.meta.newest_id) sinceId = timeline.meta.newest_id;',
    '  for (const tweet of [...timeline.tweets].reverse()) {',
    '    if (tweet.author_id === me.id) continue;',
    "    log('Mention ' + tweet.id + ': ' + tweet.text);",
    String.raw`    const reply = await replyTo(tweet.text.replace(/@\w+/g, '').trim());`,
    '    if (reply) {',
    '      await client.v2.reply(reply.slice(0, 280), tweet.id);',
    "      log('Replied to ' + tweet.id + ': ' + reply);",
    '    }',
    '  }',
    '}',
  );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'let postIndex = 0;',
      '',
      '// Tweets SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES.',
      'async function postScheduled() {',
      '  const text = SCHEDULED_POSTS[postIndex % SCHEDULED_POSTS.length];',
      '  postIndex += 1;',
      '  try {',
      '    await client.v2.tweet(text.slice(0, 280));',
      "    log('Posted: ' + text);",
      '  } catch (error) {',
      "    logError('Scheduled post failed:', error.message);",
      '  }',
      '}',
    );

  const main = lines(
    'async function main() {',
    '  me = (await client.v2.me()).data;',
    "  log(BOT_NAME + ' is running as @' + me.username);",
    '  // Start from the latest mention: answer only the ones that arrive from now on.',
    '  const latest = await client.v2.userMentionTimeline(me.id, { max_results: 5 });',
    '  sinceId = (latest.meta && latest.meta.newest_id) || null;',
    '  setInterval(() => {',
    "    checkMentions().catch((error) => logError('Checking mentions failed:', error.message));",
    '  }, POLL_INTERVAL_MS);',
    "  log('Checking mentions every ' + POLL_INTERVAL_MS + ' ms');",
    f.has('scheduled') && '  setInterval(postScheduled, POST_INTERVAL_MINUTES * 60 * 1000);',
    '}',
    '',
    'main().catch((error) => {',
    "  logError('The bot stopped:', error.message || error);",
    '  process.exit(1);',
    '});',
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan, ['const POLL_INTERVAL_MS = 60000; // how often to check mentions (mind the API rate limits)']),
    jsHelpers(plan, { textCommands: false }),
    client,
    checkMentions,
    scheduled,
    main,
  )}\n`;
}
