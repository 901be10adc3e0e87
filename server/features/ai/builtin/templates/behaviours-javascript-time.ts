// The clock behaviours of a generated JavaScript bot: open hours (away message), and the
// background jobs that post on their own (every N minutes, at times of day, new headlines). Times
// are local to TIMEZONE (read with Intl) or to the server.

import type { BotPlan } from '../plan';
import { jsString } from '../literals';
import { postsOnItsOwn, usesClock } from './behaviour-kinds';
import { code, lines, sections } from './compose';

export function jsTimeSettings(plan: BotPlan): string {
  if (!plan.features.has('away')) return '';
  const h = plan.openHours;
  return lines(
    `const OPEN_FROM = ${jsString(h.from)}; // open hours, 24-hour clock; outside them messages get AWAY_MESSAGE`,
    `const OPEN_UNTIL = ${jsString(h.to)};`,
    `const OPEN_WEEKDAYS = [${h.weekdays.join(', ')}]; // 0 = Monday ... 6 = Sunday; [] = every day`,
    `const AWAY_MESSAGE = ${jsString(plan.awayMessage)};`,
    'const AWAY_REPEAT_MINUTES = 60; // tell the same person at most once in this time',
  );
}

const CLOCK = code`
// The clock of TIMEZONE (a name like 'Europe/Berlin'), or of the server's time zone.
const CLOCK = makeClock(process.env.TIMEZONE);

function makeClock(timeZone) {
  const fields = { weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat('en-GB', { ...fields, timeZone });
    } catch (error) {
      logError('Unknown TIMEZONE ' + timeZone + ": using the server's time zone");
    }
  }
  return new Intl.DateTimeFormat('en-GB', fields);
}

// Now: the day ('2025-05-31'), the weekday (0 = Monday ... 6 = Sunday) and the minute of the day (0 to 1439).
function localNow() {
  const parts = {};
  for (const part of CLOCK.formatToParts(new Date())) parts[part.type] = part.value;
  return {
    day: parts.year + '-' + parts.month + '-' + parts.day,
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

// '09:30' -> 570, the minutes since midnight.
function minutesOf(clockTime) {
  const [hours, minutes] = clockTime.split(':');
  return Number(hours) * 60 + Number(minutes);
}`;

const AWAY = code`
// True during the open hours: OPEN_FROM to OPEN_UNTIL on OPEN_WEEKDAYS.
function isOpenNow() {
  const now = localNow();
  const start = minutesOf(OPEN_FROM);
  const end = minutesOf(OPEN_UNTIL);
  const openOn = (day) => OPEN_WEEKDAYS.length === 0 || OPEN_WEEKDAYS.includes(day);
  if (start === end) return openOn(now.weekday); // open all day
  if (start < end) return openOn(now.weekday) && now.minute >= start && now.minute < end;
  // Open past midnight (like 18:00 to 02:00): the early hours belong to the day before.
  return (openOn(now.weekday) && now.minute >= start) || (openOn((now.weekday + 6) % 7) && now.minute < end);
}

const awayTold = new Map(); // person -> when they last got AWAY_MESSAGE

// AWAY_MESSAGE, at most once per AWAY_REPEAT_MINUTES for each person; null in between (the bot stays quiet).
function awayReply(sender) {
  const last = awayTold.get(sender.user);
  if (last !== undefined && Date.now() - last < AWAY_REPEAT_MINUTES * 60 * 1000) return null;
  awayTold.set(sender.user, Date.now());
  return AWAY_MESSAGE;
}`;

function jobs(plan: BotPlan): string | false {
  const f = plan.features;
  if (!postsOnItsOwn(plan)) return false;
  const safely = code`
// Posts with send(text); a failure is logged and the job goes on.
async function postSafely(send, text) {
  try {
    await send(text);
    log('Posted: ' + text);
  } catch (error) {
    logError('Posting failed:', error.message);
  }
}`;
  const regularly =
    f.has('scheduled') &&
    plan.postByInterval &&
    code`
// Posts SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES.
function postRegularly(send) {
  let index = 0;
  setInterval(() => {
    postSafely(send, SCHEDULED_POSTS[index % SCHEDULED_POSTS.length]);
    index += 1;
  }, POST_INTERVAL_MINUTES * 60 * 1000);
}`;
  const atTimes =
    f.has('scheduled') &&
    plan.postTimes.length > 0 &&
    code`
// Posts SCHEDULED_POSTS in turn at POST_TIMES on POST_WEEKDAYS, looking at the clock every 20 seconds.
function postAtTimes(send) {
  const postMinutes = POST_TIMES.map(minutesOf);
  let index = 0;
  let lastPosted = null; // the minute of the last post, so each time posts once
  const check = () => {
    const now = localNow();
    const minute = now.day + ' ' + now.minute;
    const postDay = POST_WEEKDAYS.length === 0 || POST_WEEKDAYS.includes(now.weekday);
    if (postDay && postMinutes.includes(now.minute) && minute !== lastPosted) {
      lastPosted = minute;
      postSafely(send, SCHEDULED_POSTS[index % SCHEDULED_POSTS.length]);
      index += 1;
    }
  };
  check();
  setInterval(check, 20 * 1000);
}`;
  const headlines =
    f.has('news') &&
    code`
// Every NEWS_INTERVAL_MINUTES, posts the headlines of NEWS_FEED_URL not posted before (remembered in DATA_FILE).
// The very first look only remembers what is there, so the chat is not flooded with old news.
function postNewHeadlines(send) {
  const check = async () => {
    let headlines;
    try {
      headlines = readFeed(await getPage(NEWS_FEED_URL));
    } catch (error) {
      logError('Reading the news feed failed:', error.message); // no network, a timeout or a page that is no feed
      return;
    }
    const firstLook = !Array.isArray(botData.news_posted);
    if (firstLook) botData.news_posted = [];
    const posted = botData.news_posted;
    const fresh = headlines.filter((headline) => !posted.includes(headline.id));
    posted.push(...fresh.map((headline) => headline.id));
    posted.splice(0, Math.max(0, posted.length - 500)); // remember the last 500
    saveData();
    if (firstLook) {
      log('Remembered ' + fresh.length + ' headlines: from now on new ones are posted');
      return;
    }
    for (const headline of fresh.slice(0, NEWS_COUNT).reverse()) await postSafely(send, headlineText(headline)); // the oldest first
  };
  check();
  setInterval(check, NEWS_INTERVAL_MINUTES * 60 * 1000);
}`;
  return sections(1, safely, regularly, atTimes, headlines);
}

export function jsTimeCode(plan: BotPlan): string {
  return sections(1, usesClock(plan) && CLOCK, plan.features.has('away') && AWAY, jobs(plan));
}

/** JavaScript statements starting the background jobs with `send` (an async function of the text). */
export function jsStartJobs(plan: BotPlan, send: string, indentBy = '  '): string {
  const f = plan.features;
  return [
    f.has('scheduled') && plan.postByInterval && `postRegularly(${send});`,
    f.has('scheduled') && plan.postTimes.length > 0 && `postAtTimes(${send});`,
    f.has('news') && `postNewHeadlines(${send});`,
  ]
    .filter((j): j is string => typeof j === 'string')
    .map((j) => indentBy + j)
    .join('\n');
}
