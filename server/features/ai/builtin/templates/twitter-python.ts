// Twitter/X in Python: tweepy (API v2 with user authentication), polling the mentions.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { hasBehaviourCommands } from './behaviours-python';
import { pyStartJobs } from './behaviours-python-time';
import { lines, sections } from './compose';
import { describeFeatures } from './describe';
import { pyHeader, pyHelpers, pyImports, pyLogging, pySettings, type PyOptions } from './python-common';

export function twitterPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const behaviours = hasBehaviourCommands(plan);
  const jobs = f.has('scheduled') || f.has('news');
  const options: PyOptions = { async: false, textCommands: false, menu: 'text', filename };

  const imports = pyImports(['logging', 'os', 're', 'time'], ['import tweepy', usesModel(plan) && 'from openai import OpenAI'], { plan, options });

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

  const answerMention = lines(
    'def answer_mention(text, sender):',
    '    """The answer to one mention: a behaviour when it starts with one of their words ("@bot joke"), else reply_to."""',
    behaviours && '    words = text.split()',
    behaviours && '    name = words[0].lstrip("/!").lower() if words else ""',
    behaviours && '    if name in BEHAVIOUR_COMMANDS:',
    behaviours && '        return run_behaviour(name, words[1:], sender)',
    f.has('counter') && '    count_message(sender)',
    '    return reply_to(text, sender)',
  );

  const checkMentions = lines(
    'def check_mentions(client, me, since_id):',
    '    """Answers the mentions newer than since_id; returns the newest id seen."""',
    '    options = {"user_auth": True, "max_results": 20, "tweet_fields": ["author_id"], "expansions": ["author_id"]}',
    '    if since_id:',
    '        options["since_id"] = since_id',
    '    response = client.get_users_mentions(me.id, **options)',
    '    authors = {user.id: user.username for user in (response.includes or {}).get("users", [])}',
    '    for tweet in reversed(response.data or []):',
    '        since_id = max(since_id or 0, int(tweet.id))',
    '        if tweet.author_id == me.id:',
    '            continue',
    '        logger.info("Mention %s: %s", tweet.id, tweet.text)',
    '        author = authors.get(tweet.author_id)',
    '        sender = Sender("x", str(tweet.author_id), "@" + author if author else "you")',
    String.raw`        reply = answer_mention(re.sub(r"@\w+", "", tweet.text).strip(), sender)`,
    '        if reply:',
    '            client.create_tweet(text=reply[:280], in_reply_to_tweet_id=tweet.id)',
    '            logger.info("Replied to %s: %s", tweet.id, reply)',
    '    return since_id',
  );

  const main = lines(
    'def main():',
    '    client = make_client()',
    '    me = client.get_me(user_auth=True).data',
    '    logger.info("%s is running as @%s", BOT_NAME, me.username)',
    '    since_id = newest_mention_id(client, me)',
    jobs &&
      lines(
        '',
        '    def tweet(text):',
        '        """Tweets a text, cut to 280 characters: scheduled posts and new headlines."""',
        '        client.create_tweet(text=text[:280])',
        '',
        pyStartJobs(plan, false, 'tweet'),
      ),
    '    logger.info("Checking mentions every %s seconds", POLL_INTERVAL_SECONDS)',
    '    while True:',
    '        try:',
    '            since_id = check_mentions(client, me, since_id)',
    '        except tweepy.TweepyException as error:  # rate limits and network errors: try again later',
    '            logger.error("Checking mentions failed: %s", error)',
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
    pyHelpers(plan, options),
    makeClient,
    newestMention,
    answerMention,
    checkMentions,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
