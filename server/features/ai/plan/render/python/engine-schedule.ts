// The engine's clock: tick(), called by the adapter every 20 seconds, runs the schedule rules whose
// time has come (every N minutes; or at times on weekdays, moved by an offset, each once).

import { code, lines, sections } from '../compose';
import type { Usage } from './usage';

const DUE = code`
    def due(self, rule, local):
        """True once for each (rule, day, time) when one of the rule's times, moved by the offset, is this minute."""
        when = rule["when"]
        moment = local - timedelta(minutes=when.get("offsetMinutes") or 0)  # the time as the plan says it
        days = when.get("weekdays") or []
        clock = moment.strftime("%H:%M")
        if clock not in when["times"] or (days and moment.weekday() not in days):
            return False
        key = rule["id"] + " " + moment.strftime("%Y-%m-%d") + " " + clock
        fired = self.state.setdefault("fired", [])
        if key in fired:
            return False
        fired.append(key)
        del fired[:-200]  # remember the last 200
        self.save()
        return True`;

/** run_scheduled; with named channels, the rule's named channel is its chat. */
function runScheduled(u: Usage): string {
  return lines(
    '    async def run_scheduled(self, rule):',
    u.namedChannels
      ? '        """A schedule rule: its replies and posts go to the channel (the rule\'s named one when it has one)."""'
      : '        """A schedule rule: its replies and posts go to the channel."""',
    u.namedChannels ? '        chat = await self.target("channel", rule)' : '        chat = await self.target("channel")',
    '        event = {"type": "schedule", "chat": chat, "chatName": None, "user": "", "name": "", "text": "", "mentioned": False}',
    '        await self.run_rule(rule, event)',
  );
}

export function pyScheduleMethods(u: Usage): string | false {
  if (!u.triggers.has('schedule')) return false;
  const tick = lines(
    '    async def tick(self):',
    '        """Runs the schedule rules whose time has come (the adapter calls it every 20 seconds)."""',
    '        now = self.now()',
    u.times && '        local = now.astimezone(self.zone)',
    '        for rule in self.rules:',
    '            when = rule["when"]',
    '            if when["kind"] != "schedule":',
    '                continue',
    u.everyMinutes && '            every = when.get("everyMinutes")',
    u.everyMinutes && '            if every and now - self.last_runs.get(rule["id"], self.started) >= timedelta(minutes=every):',
    u.everyMinutes && '                self.last_runs[rule["id"]] = now',
    u.everyMinutes && '                await self.run_scheduled(rule)',
    u.times && '            if when.get("times") and self.due(rule, local):',
    u.times && '                await self.run_scheduled(rule)',
    !u.times && !u.everyMinutes && '            logger.debug("Rule %s has no time", rule["id"])',
  );
  return sections(1, tick, u.times && DUE, runScheduled(u));
}

/** tick() for a plan without schedule rules: nothing to do (adapters call it all the same). */
export const PY_NO_TICK = code`
    async def tick(self):
        """This bot has no schedule rules."""`;
