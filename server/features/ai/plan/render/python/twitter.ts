// The X (Twitter) part of a rendered Python bot (tweepy, API v2, as the builtin's template: polling
// the mentions): each mention is a message to the bot; replies are reply posts, reactions likes,
// posts to the channel new posts, polls X's own polls, and the owner gets direct messages.

import { code, lines, sections } from '../compose';
import { channelAndOwner, dataFileLine, MAIN_RUNS, NUMBERED, platformCode, type PyPlatform, REQUIRE_ENV, requiredChecks, SCHEDULE_TASKS } from './platform';
import type { Usage } from './usage';

/** The send() body: a reply under the mention being answered, a new post, or a direct message. */
const SEND = code`
        if chat == MENTIONS and self.answering is not None:
            await asyncio.to_thread(self.client.create_tweet, text=text[:280], in_reply_to_tweet_id=self.answering.id, user_auth=True)
        elif chat in (MENTIONS, TIMELINE):
            await asyncio.to_thread(self.client.create_tweet, text=text[:280], user_auth=True)
        else:
            try:
                await asyncio.to_thread(self.client.create_direct_message, participant_id=int(chat), text=text, user_auth=True)
            except tweepy.TweepyException as error:
                logger.error("X did not take the direct message to %s (the app needs the Direct Messages permission): %s", chat, error)
                return
        logger.info("Sent to %s: %s", chat, text)`;

const REACT = code`

    async def react(self, event, emoji):
        """X has one reaction: a like."""
        await asyncio.to_thread(self.client.like, event["raw"].id, user_auth=True)`;

const SEND_POLL = code`

    async def send_poll(self, chat, question, options):
        """An X poll (2 to 4 options of at most 25 characters, open a day) under the mention being answered or
        as a new post; a direct message gets the options as numbered lines."""
        if chat not in (MENTIONS, TIMELINE):
            await self.send(chat, numbered("📊 " + question, options))
            return
        reply_to = self.answering.id if chat == MENTIONS and self.answering is not None else None
        await asyncio.to_thread(self.client.create_tweet, text=question[:280], poll_options=[option[:25] for option in options[:4]], poll_duration_minutes=1440, in_reply_to_tweet_id=reply_to, user_auth=True)
        logger.info("Poll sent to %s: %s", chat, question)`;

const IS_ADMIN = code`

    async def is_admin(self, event):
        """X has no admins: the owner (OWNER_CHAT_ID) is the admin."""
        return event["user"] == os.getenv("OWNER_CHAT_ID", "").strip()`;

const CHANNEL = code`

    async def channel(self):
        """Schedules and posts to the channel become posts of the bot's account."""
        return TIMELINE`;

const MENTION_TEXT = code`
def mention_text(text, own_name):
    """A mention's words: X's &amp; &lt; &gt; as & < >, without the bot's @name and the @names X puts
    before a reply, so "@bot /order tea" is the command /order."""
    text = (text or "").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return re.sub(r"^(\s*@\w+)+", "", own_name.sub("", text)).strip()`;

const MAKE_CLIENT = code`
def make_client():
    """A client that acts as the bot account (OAuth 1.0a user context)."""
    return tweepy.Client(
        consumer_key=require_env("TWITTER_API_KEY"),
        consumer_secret=require_env("TWITTER_API_SECRET"),
        access_token=require_env("TWITTER_ACCESS_TOKEN"),
        access_token_secret=require_env("TWITTER_ACCESS_SECRET"),
    )`;

const READ_MENTIONS = code`
async def read_mentions(client, me, since_id):
    """The mentions newer than since_id, oldest first, with their authors; (mentions, authors)."""
    options = {"user_auth": True, "max_results": 20, "tweet_fields": ["author_id"], "expansions": ["author_id"]}
    if since_id:
        options["since_id"] = since_id
    response = await asyncio.to_thread(client.get_users_mentions, me.id, **options)
    authors = {user.id: user for user in (response.includes or {}).get("users", [])}
    return list(reversed(response.data or [])), authors`;

/** The loop that reads the mentions and hands each to the engine as a message. */
const ANSWER_MENTIONS = code`
async def answer_mentions(client, engine, adapter):
    """Reads the mentions every POLL_INTERVAL_SECONDS; each one is a message to the bot without its @name."""
    me = (await asyncio.to_thread(client.get_me, user_auth=True)).data
    since_id = None
    try:
        newest = await asyncio.to_thread(client.get_users_mentions, me.id, user_auth=True, max_results=5)
        since_id = (newest.meta or {}).get("newest_id")  # only mentions that come after the start
    except tweepy.TweepyException as error:
        logger.error("Reading the mentions failed (it needs an API plan that allows it): %s", error)
    logger.info("%s is running as @%s; reading mentions every %s seconds", BOT_NAME, me.username, POLL_INTERVAL_SECONDS)
    own_name = re.compile(r"@" + re.escape(me.username) + r"\b", re.IGNORECASE)
    while True:
        try:
            mentions, authors = await read_mentions(client, me, since_id)
        except tweepy.TweepyException as error:  # rate limits and network errors: try again later
            logger.error("Reading the mentions failed: %s", error)
            mentions, authors = [], {}
        for tweet in mentions:
            since_id = max(int(since_id or 0), int(tweet.id))
            if tweet.author_id == me.id:
                continue
            author = authors.get(tweet.author_id)
            event = {
                "type": "message",
                "chat": MENTIONS,
                "chatName": None,
                "user": str(tweet.author_id),
                "name": (author.name or "@" + author.username) if author else "someone",
                "text": mention_text(tweet.text, own_name),
                "mentioned": True,
                "raw": tweet,
            }
            logger.info("Mention %s from %s: %s", tweet.id, event["name"], tweet.text)
            adapter.answering = tweet
            try:
                await engine.handle(event)
            finally:
                adapter.answering = None
        await asyncio.sleep(POLL_INTERVAL_SECONDS)`;

function adapter(u: Usage): string {
  const a = u.actions;
  return lines(
    'class XAdapter:',
    '    """What the engine calls to act on X. Its chats: MENTIONS (the reply goes under the mention being',
    '    answered), TIMELINE (a new post) and a user id (a direct message)."""',
    '',
    '    def __init__(self, client):',
    '        self.client = client',
    '        self.answering = None  # the mention being answered',
    '',
    '    async def send(self, chat, text, buttons=None):',
    a.has('buttons') && '        if buttons:  # X has no buttons: their labels as numbered lines',
    a.has('buttons') && '            text = numbered(text, [button["label"] for button in buttons])',
    SEND,
    a.has('react') && REACT,
    a.has('poll') && SEND_POLL,
    u.conditions.has('admins') && IS_ADMIN,
    CHANNEL,
    channelAndOwner('twitter', u),
  );
}

function helpers(u: Usage): string {
  return sections(
    2,
    lines(
      'POLL_INTERVAL_SECONDS = 60  # how often to read the mentions (mind the API rate limits)',
      'MENTIONS = "mentions"  # the chat of every mention: lists and counts are shared by all who write',
      'TIMELINE = "timeline"  # the bot\'s own posts',
    ),
    REQUIRE_ENV,
    (u.actions.has('buttons') || u.actions.has('poll')) && NUMBERED,
    MENTION_TEXT,
    MAKE_CLIENT,
    READ_MENTIONS,
    ANSWER_MENTIONS,
    u.triggers.has('schedule') && SCHEDULE_TASKS,
  );
}

function main(u: Usage): string {
  return lines(
    'async def run():',
    dataFileLine(u),
    requiredChecks('twitter', u),
    '    client = make_client()',
    '    adapter = XAdapter(client)',
    '    engine = Engine(RULES, SETTINGS, adapter, data_file, utc_now)',
    u.triggers.has('schedule') && '    background_tasks.add(asyncio.create_task(tick_forever(engine)))',
    '    await answer_mentions(client, engine, adapter)',
    '',
    '',
    MAIN_RUNS,
  );
}

export function twitterPython(u: Usage): PyPlatform {
  return {
    label: 'an X (Twitter) bot (tweepy, API v2)',
    stdlib: ['asyncio', 'logging', 'os', 're'],
    thirdParty: ['import tweepy'],
    quiet: [],
    dependencies: ['tweepy'],
    code: platformCode('# ---- X: mentions become events for the engine; the engine acts through the adapter ----', adapter(u), helpers(u), main(u)),
  };
}
