// The engine's schedules as JavaScript source: tick(), called by the adapter every 20 seconds, runs
// the schedule rules whose moment has come (every N minutes, or at times of day on weekdays moved by
// an offset), each moment once, with reply and post going to the channel.
import { code, lines, sections } from '../compose';
import type { PlanUses } from '../plan-uses';

const EVERY = code`
// Every N minutes: due when that many minutes passed since the last run (the first one period after start).
function everyDue(bot, rule, at) {
  const last = bot.lastRuns[rule.id] || bot.started;
  if (at.getTime() - last < rule.when.everyMinutes * 60000) return false;
  bot.lastRuns[rule.id] = at.getTime();
  return true;
}`;

const TIMES = code`
// 'YYYY-MM-DD' plus some days.
function addDays(date, days) {
  const day = new Date(date + 'T00:00:00Z');
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

// At times of day on weekdays (every day when none), moved by offsetMinutes: 21:00 Thursday with -30 is
// due 20:30 Thursday; 00:10 Monday with -30 is due 23:40 Sunday. Each (rule, date, time) is due once,
// remembered in the state so a restart in the same minute does not post twice.
function timesDue(bot, rule, local) {
  const when = rule.when;
  const fired = bot.store.part('fired');
  for (const time of when.times) {
    const moved = minuteOf(time) + (when.offsetMinutes || 0);
    if ((((moved % 1440) + 1440) % 1440) !== local.minute) continue;
    const day = addDays(local.date, -Math.floor(moved / 1440)); // the date of the time itself
    if ((when.weekdays || []).length > 0 && !when.weekdays.includes(weekdayOf(day))) continue;
    const key = rule.id + ' ' + day + ' ' + time;
    if (fired[key]) continue;
    fired[key] = local.date;
    for (const old of Object.keys(fired)) if (fired[old] < addDays(local.date, -3)) delete fired[old];
    bot.store.save();
    return true;
  }
  return false;
}`;

export function schedules(uses: PlanUses): string {
  if (!uses.triggers.has('schedule')) {
    return '// This bot has no schedules: nothing happens on the clock.\nasync function tick() {}';
  }
  const due =
    uses.scheduleEvery && uses.scheduleTimes
      ? 'rule.when.everyMinutes !== undefined ? everyDue(bot, rule, at) : timesDue(bot, rule, local)'
      : uses.scheduleEvery
        ? 'everyDue(bot, rule, at)'
        : 'timesDue(bot, rule, local)';
  return sections(
    1,
    uses.scheduleEvery && EVERY,
    uses.scheduleTimes && TIMES,
    lines(
      uses.namedChannels
        ? "// The schedule rules whose moment has come run, in plan order, in the channel (the rule's named one, else channel())."
        : '// The schedule rules whose moment has come run, in plan order, in the channel (channel()).',
      'async function tick(bot) {',
      '  const at = bot.now();',
      uses.scheduleTimes && '  const local = localTime(at, bot.settings.timeZone);',
      '  for (const rule of bot.rules) {',
      "    if (rule.when.kind !== 'schedule' || !(" + due + ')) continue;',
      uses.namedChannels ? '    const channel = await channelFor(bot, rule);' : '    const channel = bot.adapter.channel();',
      "    const event = { type: 'schedule', chat: channel || '', chatName: null, user: '', name: '', text: '', mentioned: false };",
      '    try {',
      "      await runRule(bot, rule, event, '');",
      '    } catch (error) {',
      "      logError('Rule ' + rule.id + ' (on schedule) failed:', error);",
      '    }',
      '  }',
      '}',
    ),
  );
}
