// The clock behaviours of a generated Python bot: open hours (away message), and the background
// jobs that post on their own (every N minutes, at times of day, new headlines). Times are local to
// TIMEZONE (zoneinfo) or to the server.

import type { BotPlan } from '../plan';
import { pyString } from '../literals';
import { postsOnItsOwn, usesClock } from './behaviour-kinds';
import { code, lines, sections } from './compose';
import { pyAsync } from './python-async';

interface Options {
  async: boolean;
}

export function pyTimeImports(plan: BotPlan, options: Options): string[] {
  const out: string[] = [];
  if (usesClock(plan)) out.push('from datetime import datetime', 'from zoneinfo import ZoneInfo, ZoneInfoNotFoundError');
  if (plan.features.has('away') || (postsOnItsOwn(plan) && !options.async)) out.push('time');
  if (postsOnItsOwn(plan) && !options.async) out.push('threading');
  if (postsOnItsOwn(plan) && options.async) out.push('asyncio');
  return out;
}

function numbers(values: readonly number[]): string {
  return `[${values.join(', ')}]`;
}

/** Open hours and the away message (scheduled times are with the other scheduled settings). */
export function pyTimeSettings(plan: BotPlan): string {
  if (!plan.features.has('away')) return '';
  const h = plan.openHours;
  return lines(
    `OPEN_FROM = ${pyString(h.from)}  # open hours, 24-hour clock; outside them messages get AWAY_MESSAGE`,
    `OPEN_UNTIL = ${pyString(h.to)}`,
    `OPEN_WEEKDAYS = ${numbers(h.weekdays)}  # 0 = Monday ... 6 = Sunday; [] = every day`,
    `AWAY_MESSAGE = ${pyString(plan.awayMessage)}`,
    'AWAY_REPEAT_MINUTES = 60  # tell the same person at most once in this time',
  );
}

const CLOCK = code`
def time_zone():
    """The zone TIMEZONE names (like "Europe/Berlin"), or None for the server's own time zone."""
    name = os.getenv("TIMEZONE", "").strip()
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        logger.warning("Unknown TIMEZONE %r: using the server's time zone", name)
        return None


ZONE = time_zone()


def local_now():
    """The date and time now, in TIMEZONE or in the server's time zone."""
    return datetime.now(ZONE) if ZONE else datetime.now().astimezone()


def minutes_of(clock_time):
    """'09:30' -> 570, the minutes since midnight."""
    hours, minutes = clock_time.split(":")
    return int(hours) * 60 + int(minutes)`;

const AWAY = code`
def is_open_now():
    """True during the open hours: OPEN_FROM to OPEN_UNTIL on OPEN_WEEKDAYS."""
    now = local_now()
    minute = now.hour * 60 + now.minute
    start, end = minutes_of(OPEN_FROM), minutes_of(OPEN_UNTIL)

    def open_on(day):
        return not OPEN_WEEKDAYS or day in OPEN_WEEKDAYS

    if start == end:
        return open_on(now.weekday())  # open all day
    if start < end:
        return open_on(now.weekday()) and start <= minute < end
    # Open past midnight (like 18:00 to 02:00): the early hours belong to the day before.
    return (open_on(now.weekday()) and minute >= start) or (open_on((now.weekday() - 1) % 7) and minute < end)


away_told = {}  # person -> when they last got AWAY_MESSAGE


def away_reply(sender):
    """AWAY_MESSAGE, at most once per AWAY_REPEAT_MINUTES for each person; None in between (the bot stays quiet)."""
    last = away_told.get(sender.user)
    if last is not None and time.monotonic() - last < AWAY_REPEAT_MINUTES * 60:
        return None
    away_told[sender.user] = time.monotonic()
    return AWAY_MESSAGE`;

function jobs(plan: BotPlan, isAsync: boolean): string | false {
  const f = plan.features;
  if (!postsOnItsOwn(plan)) return false;
  const { def, aw, sleep } = pyAsync(isAsync);
  const safely = code`
${def} post_safely(send, text):
    """Posts with send(text); a failure is logged and the job goes on."""
    try:
        ${aw}send(text)
        logger.info("Posted: %s", text)
    except Exception as error:
        logger.error("Posting failed: %s", error)`;
  const regularly =
    f.has('scheduled') &&
    plan.postByInterval &&
    code`
${def} post_regularly(send):
    """Posts SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES."""
    index = 0
    while True:
        ${sleep}(POST_INTERVAL_MINUTES * 60)
        ${aw}post_safely(send, SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)])
        index += 1`;
  const atTimes =
    f.has('scheduled') &&
    plan.postTimes.length > 0 &&
    code`
${def} post_at_times(send):
    """Posts SCHEDULED_POSTS in turn at POST_TIMES on POST_WEEKDAYS, looking at the clock every 20 seconds."""
    post_minutes = {minutes_of(clock_time) for clock_time in POST_TIMES}
    index = 0
    last_posted = None  # the minute of the last post, so each time posts once
    while True:
        now = local_now()
        minute = now.strftime("%Y-%m-%d %H:%M")
        post_day = not POST_WEEKDAYS or now.weekday() in POST_WEEKDAYS
        if post_day and now.hour * 60 + now.minute in post_minutes and minute != last_posted:
            last_posted = minute
            ${aw}post_safely(send, SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)])
            index += 1
        ${sleep}(20)`;
  const headlines =
    f.has('news') &&
    code`
${def} post_new_headlines(send):
    """Every NEWS_INTERVAL_MINUTES, posts the headlines of NEWS_FEED_URL not posted before (remembered in DATA_FILE).
    The very first look only remembers what is there, so the chat is not flooded with old news."""
    while True:
        try:
            headlines = read_feed(${aw}get_page(NEWS_FEED_URL))
        except Exception as error:  # no network, a timeout or a page that is no feed
            logger.error("Reading the news feed failed: %s", error)
            headlines = None
        if headlines is not None:
            with data_lock:
                first_look = "news_posted" not in bot_data
                posted = bot_data.setdefault("news_posted", [])
                fresh = [headline for headline in headlines if headline["id"] not in posted]
                posted.extend(headline["id"] for headline in fresh)
                del posted[:-500]  # remember the last 500
                save_data()
            if first_look:
                logger.info("Remembered %d headlines: from now on new ones are posted", len(fresh))
            else:
                for headline in reversed(fresh[:NEWS_COUNT]):  # the oldest first
                    ${aw}post_safely(send, headline_text(headline))
        ${sleep}(NEWS_INTERVAL_MINUTES * 60)`;
  return sections(2, safely, regularly, atTimes, headlines);
}

export function pyTimeCode(plan: BotPlan, options: Options): string {
  return sections(2, usesClock(plan) && CLOCK, plan.features.has('away') && AWAY, jobs(plan, options.async));
}

/**
 * Python statements starting the background jobs with `send` (an async function when `isAsync`):
 * asyncio tasks kept by keep(), or daemon threads.
 */
export function pyStartJobs(plan: BotPlan, isAsync: boolean, send: string, indentBy = '    '): string {
  const f = plan.features;
  const jobNames = [
    f.has('scheduled') && plan.postByInterval && 'post_regularly',
    f.has('scheduled') && plan.postTimes.length > 0 && 'post_at_times',
    f.has('news') && 'post_new_headlines',
  ].filter((j): j is string => typeof j === 'string');
  const start = (job: string) =>
    isAsync ? `keep(asyncio.create_task(${job}(${send})))` : `threading.Thread(target=${job}, args=(${send},), daemon=True).start()`;
  return jobNames.map((j) => indentBy + start(j)).join('\n');
}
