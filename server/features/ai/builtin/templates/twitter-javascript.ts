// Twitter/X in JavaScript: twitter-api-v2 (user context), polling the mentions every 60000 ms.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { jsBehaviourRequires, jsHasBehaviourCommands } from './behaviours-javascript';
import { jsStartJobs } from './behaviours-javascript-time';
import { lines, sections } from './compose';
import { describeFeatures } from './describe';
import { jsHeader, jsHelpers, jsRequires, jsSettings, jsStartOrExit } from './javascript-common';

export function twitterJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const behaviours = jsHasBehaviourCommands(plan);

  const requires = jsRequires("const { TwitterApi } = require('twitter-api-v2');", ...jsBehaviourRequires(plan), usesModel(plan) && "const OpenAI = require('openai');");

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

  const answerMention = lines(
    '// The answer to one mention: a behaviour when it starts with one of their words ("@bot joke"), else replyTo.',
    'async function answerMention(text, sender) {',
    behaviours && String.raw`  const [first, ...args] = text.split(/\s+/);`,
    behaviours && "  const name = (first || '').replace(/^[/!]/, '').toLowerCase();",
    behaviours && '  if (isBehaviour(name)) return runBehaviour(name, args, sender);',
    f.has('counter') && '  countMessage(sender);',
    '  return replyTo(text, sender);',
    '}',
  );

  const checkMentions = lines(
    '// Answers the mentions that arrived since the last check.',
    'async function checkMentions() {',
    "  const options = { max_results: 20, 'tweet.fields': ['author_id'], expansions: ['author_id'] };",
    '  if (sinceId) options.since_id = sinceId;',
    '  const timeline = await client.v2.userMentionTimeline(me.id, options);',
    '  if (timeline.meta && timeline.meta.newest_id) sinceId = timeline.meta.newest_id;',
    '  for (const tweet of [...timeline.tweets].reverse()) {',
    '    if (tweet.author_id === me.id) continue;',
    "    log('Mention ' + tweet.id + ': ' + tweet.text);",
    '    const author = timeline.includes.author(tweet);',
    "    const sender = { chat: 'x', user: String(tweet.author_id), name: author ? '@' + author.username : 'you' };",
    String.raw`    const reply = await answerMention(tweet.text.replace(/@\w+/g, '').trim(), sender);`,
    '    if (reply) {',
    '      await client.v2.reply(reply.slice(0, 280), tweet.id);',
    "      log('Replied to ' + tweet.id + ': ' + reply);",
    '    }',
    '  }',
    '}',
  );

  const tweet =
    (f.has('scheduled') || f.has('news')) &&
    lines(
      '// Tweets a text (cut to 280 characters): scheduled posts and new headlines.',
      'async function tweetText(text) {',
      '  await client.v2.tweet(text.slice(0, 280));',
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
    (f.has('scheduled') || f.has('news')) && jsStartJobs(plan, 'tweetText', '  '),
    '}',
    '',
    jsStartOrExit('main()', "'The bot stopped:', error.message || error"),
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan, ['const POLL_INTERVAL_MS = 60000; // how often to check mentions (mind the API rate limits)']),
    jsHelpers(plan, { textCommands: false, menu: 'text', filename }),
    client,
    answerMention,
    checkMentions,
    tweet,
    main,
  )}\n`;
}
