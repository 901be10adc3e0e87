// Twitter/X in Python: tweepy (API v2 with user authentication), polling the mentions.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures, pyHeader, pyHelpers, pyImports, pyLogging, pySettings } from './python-common';

export function twitterPython(plan: BotPlan, filename: string): string {
  const f = plan.features;

  const imports = pyImports(['logging', 'os', 're', 'time'], ['import tweepy', f.has('llm') && 'from openai import OpenAI']);

  const makeClient = lines(
    'def make_client():',
    '    """A client that acts as the bot account (OAuth 1.0a user context)."""',
    '    return tweepy.Client(',
    '        consumer_key=require_env("TWITTER_API_KEY"),',
    '        consumer_secret=require_env("TWITTER_API_SECRET"),',
    '        access_token=require_env("TWITTER_ACCESS_TOKEN"),',
    '        access_token_secret=require_env("TWITTER_ACCESS_SECRET"),',
    '    )',
  );

  const newestMention = lines(
    'def newest_mention_id(client, me):',
    '    """The id of the latest mention, so the bot answers only mentions that arrive after it starts."""',
    '    response = client.get_users_mentions(me.id, user_auth=True, max_results=5)',
    '    newest = (response.meta or {}).get("newest_id")',
    '    return int(newest) if newest else None',
  );

  const checkMentions = lines(
    'def check_mentions(client, me, since_id):',
    '    """Answers the mentions newer than since_id; returns the newest id seen."""',
    '    options = {"user_auth": True, "max_results": 20, "tweet_fields": ["author_id"]}',
    '    if since_id:',
    '        options["since_id"] = since_id',
    '    response = client.get_users_mentions(me.id, **options)',
    '    for tweet in reversed(response.data or []):',
    '        since_id = max(since_id or 0, int(tweet.id))',
    '        if tweet.author_id == me.id:',
    '            continue',
    '        logger.info("Mention %s: %s", tweet.id, tweet.text)',
    String.raw`        reply = reply_to(re.sub(r"@\w+", "", tweet.text).strip())`,
    '        if reply:',
    '            client.create_tweet(text=reply[:280], in_reply_to_tweet_id=tweet.id)',
    '            logger.info("Replied to %s: %s", tweet.id, reply)',
    '    return since_id',
  );

  const postNext =
    f.has('scheduled') &&
    lines(
      'def post_next(client, index):',
      '    """Tweets the next text of SCHEDULED_POSTS; returns the index of the one after it."""',
      '    text = SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)]',
      '    try:',
      '        client.create_tweet(text=text[:280])',
      '        logger.info("Posted: %s", text)',
      '    except tweepy.TweepyException as error:',
      '        logger.error("Scheduled post failed: %s", error)',
      '    return index + 1',
    );

  const main = lines(
    'def main():',
    '    client = make_client()',
    '    me = client.get_me(user_auth=True).data',
    '    logger.info("%s is running as @%s", BOT_NAME, me.username)',
    '    since_id = newest_mention_id(client, me)',
    f.has('scheduled') && '    next_post = time.monotonic() + POST_INTERVAL_MINUTES * 60',
    f.has('scheduled') && '    post_index = 0',
    '    logger.info("Checking mentions every %s seconds", POLL_INTERVAL_SECONDS)',
    '    while True:',
    '        try:',
    '            since_id = check_mentions(client, me, since_id)',
    '        except tweepy.TweepyException as error:  # rate limits and network errors: try again later',
    '            logger.error("Checking mentions failed: %s", error)',
    f.has('scheduled') &&
      lines(
        '        if time.monotonic() >= next_post:',
        '            next_post += POST_INTERVAL_MINUTES * 60',
        '            post_index = post_next(client, post_index)',
      ),
    '        time.sleep(POLL_INTERVAL_SECONDS)',
  );

  return `${sections(
    2,
    sections(
      1,
      pyHeader(plan, filename, describeFeatures(plan)),
      imports,
      pyLogging(plan),
      pySettings(plan, ['POLL_INTERVAL_SECONDS = 60  # how often to check mentions (mind the API rate limits)']),
    ),
    pyHelpers(plan, { async: false, textCommands: false }),
    makeClient,
    newestMention,
    checkMentions,
    postNext,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
