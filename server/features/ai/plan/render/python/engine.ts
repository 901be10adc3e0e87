// The rules engine of a rendered Python bot, platform-independent: Engine(rules, settings, adapter,
// data_file, now) with handle(event) and tick(). Composed from the parts the plan's rules use.
// It behaves as the JavaScript core (/work/engine-spec.md; ../engine-cases runs both over the same cases).
// - Choices where the spec was open, the same in JavaScript (render/engine-cases/cases-agreed.ts checks both):
//   * /help: "Commands:", then '/name - <first 60 characters of its first text, on one line, {x} as …>' (a question
//     counts as a text); no commands: "This bot has no commands yet."
//   * {value} of a price: '64,000.50 USD' (2 decimals, thousands separators; below 1: 4 digits, 0.0001234);
//     a threshold's {value} is the source's answer as a data action says it.
//   * A web failure (sorry), a missing number or argument, a place or coin not found (said plainly) and
//     any failing action end the rule: the later actions would build on them.
//   * threshold: with both below and above, either one (outside the range); once per crossing only on a
//     schedule; on a person's message whenever it holds.
//   * list add: an item already there (any case) is not added twice; {item} is as written.
//   * Keywords: word boundaries count letters and digits of every script (Unicode), any case.
//   * top: equal counts in name order (A-Z, any case). forward from a private chat: "... wrote in a private chat".
//   * Reactions: an emoji matches with or without its variation selector (U+FE0F). Polls: at most 10 options.
//   * message rules with always run first for every message that is no command and are no answer for the
//     plain message rules; {text} is the whole message in every rule.

import { code, lines, sections } from '../compose';
import { pyActionMethods, pyActionHelpers, ACTION_METHODS } from './engine-actions';
import { PY_CHANNEL_FOR } from './engine-channels';
import { PY_NO_TICK, pyScheduleMethods } from './engine-schedule';
import type { Usage } from './usage';

/** The standard-library imports the engine needs ('json', 'from x import y'). */
export function pyEngineImports(u: Usage): string[] {
  const out = ['json', 'logging', 'os', 're', 'from datetime import datetime, timezone'];
  if (u.everyMinutes || u.times) out.push('from datetime import timedelta');
  if (u.zone) out.push('from zoneinfo import ZoneInfo');
  if (u.actions.has('replyOneOf')) out.push('random');
  if (u.actions.has('custom')) out.push('inspect');
  if (u.web) out.push('asyncio', 'urllib.request', 'urllib.parse');
  if (u.sources.has('news')) out.push('from xml.etree import ElementTree');
  if (u.sources.has('price')) out.push('from decimal import Decimal');
  return out;
}

const STATE = code`
def load_state(path):
    """What the bot remembers (lists, counters, ...) from the data file; empty when there is none yet (or no file: None)."""
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        return data if isinstance(data, dict) else {}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        logger.error("Could not read %s, starting empty: %s", path, error)
        return {}`;

const FILL = code`
def fill(text, values):
    """Puts the values into the {placeholders} of a text; an unknown {x} stays as it is."""
    return re.sub(r"\{(\w+)\}", lambda found: str(values[found.group(1)]) if found.group(1) in values else found.group(0), text)`;

const UTC_NOW = code`
def utc_now():
    """The time now (the engine reads the clock only through the now() it is given)."""
    return datetime.now(timezone.utc)`;

const SAYS = code`
def says(text, when):
    """True when the message holds one of the words as a word, plural too (with "whole": is exactly one of them)."""
    for word in when["words"]:
        if when.get("whole"):
            if text.strip().lower() == word.strip().lower():
                return True
        elif re.search(r"(?<!\w)" + re.escape(word.strip()) + r"(?:e?s)?(?!\w)", text, re.IGNORECASE):
            return True
    return False`;

const IN_CHAT = code`
def in_chat(event, name):
    """True when the event happened in the named chat or channel (case-insensitive, without '#')."""
    wanted = name.lstrip("#").lower()
    return wanted in ((event.get("chatName") or "").lstrip("#").lower(), str(event["chat"]).lower())`;

const MINUTES_OF = code`
def minutes_of(clock_time):
    """'09:30' -> 570, the minutes since midnight."""
    hours, minutes = clock_time.split(":")
    return int(hours) * 60 + int(minutes)`;

function init(u: Usage): string {
  return lines(
    '    def __init__(self, rules, settings, adapter, data_file, now):',
    '        self.rules = rules',
    '        self.settings = settings',
    '        self.adapter = adapter',
    '        self.data_file = data_file',
    '        self.now = now',
    '        self.state = load_state(data_file)',
    u.zone && '        self.zone = ZoneInfo(settings.get("timeZone") or "UTC")',
    u.everyMinutes && '        self.started = now()',
    u.everyMinutes && '        self.last_runs = {}  # rule id -> when it last ran (every N minutes)',
  );
}

const SAVE = code`
    def save(self):
        """Writes the state to the data file: into a temporary file first, then renamed over the old one."""
        temporary = self.data_file + ".tmp"
        try:
            with open(temporary, "w", encoding="utf-8") as file:
                json.dump(self.state, file, ensure_ascii=False, indent=1)
            os.replace(temporary, self.data_file)
        except OSError as error:
            logger.error("Could not save %s: %s", self.data_file, error)

    def kept(self, *path):
        """The part of the state at that path, made when missing: kept("lists", chat)."""
        place = self.state
        for key in path:
            place = place.setdefault(key, {})
        return place`;

/** say, target and prefix; with named channels, target() takes the rule whose channel it is. */
function say(u: Usage): string {
  const named = u.namedChannels;
  return lines(
    code`
    async def say(self, chat, text, buttons=None):
        """Sends a text (with buttons) to a chat; no chat: nothing (target() said which setting is missing)."""
        if chat is None:
            return
        if buttons:
            await self.adapter.send(chat, text, buttons)
        else:
            await self.adapter.send(chat, text)
`,
    '',
    named ? '    async def target(self, to, rule=None):' : '    async def target(self, to):',
    named
      ? '        """The chat of the channel (the rule\'s named channel when it has one) or of the owner; None (and a line in the log) when it is not set."""'
      : '        """The chat of the channel or of the owner; None (and a line in the log) when it is not set."""',
    named
      ? '        chat = await (self.channel_for(rule) if to == "channel" else self.adapter.owner())'
      : '        chat = await (self.adapter.channel() if to == "channel" else self.adapter.owner())',
    code`
        if chat is None:
            setting = getattr(self.adapter, "channel_setting", "the channel setting") if to == "channel" else "OWNER_CHAT_ID"
            logger.warning("Not sent to the %s: set %s", to, setting)
        return chat

    def prefix(self):
        return self.settings.get("prefix") or "/"`,
  );
}

function handle(u: Usage): string {
  const t = u.triggers;
  const branch = (kind: string, match: string) => [`        elif kind == "${kind}":`, `            await self.run_all(event, lambda when: ${match})`];
  return lines(
    '    async def handle(self, event):',
    '        """One event from the adapter: a message, a join or leave, a button press or a reaction."""',
    '        kind = event["type"]',
    '        if kind == "message":',
    '            await self.on_message(event)',
    ...(t.has('join') ? branch('join', 'when["kind"] == "join"') : []),
    ...(t.has('leave') ? branch('leave', 'when["kind"] == "leave"') : []),
    ...(t.has('button') ? branch('button', 'when["kind"] == "button" and when["id"] == event.get("buttonId")') : []),
    ...(t.has('reaction') ? branch('reaction', 'when["kind"] == "reaction" and same_emoji(when.get("emoji"), event.get("emoji"))') : []),
  );
}

const SAME_EMOJI = code`
def same_emoji(wanted, given):
    """True when the reaction is the rule's emoji (any emoji when the rule names none)."""
    return not wanted or wanted.replace("\ufe0f", "") == (given or "").replace("\ufe0f", "")`;

function onMessage(u: Usage): string {
  const t = u.triggers;
  const track = t.has('message');
  const run = (match: string) => (track ? `ran = await self.run_all(event, lambda when: ${match}) or ran` : `await self.run_all(event, lambda when: ${match})`);
  return lines(
    '    async def on_message(self, event):',
    '        """A message: the answer to a question asked, a command, or words for the keyword, mention and message rules."""',
    '        text = event.get("text") or ""',
    '        command = self.command_of(text)',
    u.conversations &&
      lines(
        '        talks = self.state.get("conversations", {})',
        '        if event["chat"] + "|" + event["user"] in talks:',
        '            if command is None:',
        '                await self.answer(event, text)',
        '                return',
        '            del talks[event["chat"] + "|" + event["user"]]  # a command ends the questions',
        '            self.save()',
      ),
    '        if command is not None:',
    '            await self.on_command(event, command[0], command[1])',
    '            return',
    track && '        ran = False',
    track && '        await self.run_all(event, lambda when: when["kind"] == "message" and when.get("always"))  # every message; not an answer',
    t.has('keyword') && `        ${run('when["kind"] == "keyword" and says(text, when)')}`,
    t.has('mention') && '        if event.get("mentioned"):',
    t.has('mention') && `            ${run('when["kind"] == "mention"')}`,
    track && '        if not ran:  # only messages no other rule answered',
    track && '            await self.run_all(event, lambda when: when["kind"] == "message" and not when.get("always"))',
  );
}

const COMMANDS = code`
    def command_of(self, text):
        """("menu", "the rest") for "/menu@MyBot the rest"; None when the message is no command."""
        prefix = self.prefix()
        if not text.startswith(prefix) or not re.match(r"\w", text[len(prefix):]):
            return None
        parts = text[len(prefix):].split(None, 1)
        return parts[0].split("@")[0].lower(), (parts[1].strip() if len(parts) > 1 else "")

    async def on_command(self, event, name, args):
        """Runs the rules of the command; /help and /start list the commands; others: settings["unknownCommand"]."""
        rules = [rule for rule in self.rules if rule["when"]["kind"] == "command" and rule["when"]["name"].lower() == name]
        for rule in rules:
            await self.run_rule(rule, event, args)
        if rules:
            return
        if name in ("help", "start"):
            await self.say(event["chat"], self.help_text())
        elif isinstance(self.settings.get("unknownCommand"), str):
            await self.say(event["chat"], fill(self.settings["unknownCommand"], {"name": event["name"], "args": args}))

    def help_text(self):
        """"Commands:", then each command with the first 60 characters of its first text ("/name - text")."""
        listed, seen = [], set()
        for rule in self.rules:
            when = rule["when"]
            if when["kind"] != "command" or when["name"].lower() in seen:
                continue
            seen.add(when["name"].lower())
            about = about_text(first_text(rule))[:60]
            listed.append(self.prefix() + when["name"] + (" - " + about if about else ""))
        return "Commands:\n" + "\n".join(listed) if listed else "This bot has no commands yet."`;

const FIRST_TEXT = code`
def about_text(text):
    """A text as /help shows it: on one line, each {placeholder} shown as "…" ("Pick one, {name}" -> "Pick one, …")."""
    return " ".join(re.sub(r"\{\w+\}", "…", text).split())


def first_text(rule):
    """The first text a rule says (a reply, the first of several, the first question); "" when none."""
    for action in rule["do"]:
        question = (action.get("questions") or [None])[0]
        text = action.get("text") or (action.get("texts") or [None])[0] or (question.get("question") if isinstance(question, dict) else question)
        if isinstance(text, str):
            return text
    return ""`;

const RUN = code`
    async def run_all(self, event, matches, args=""):
        """Runs every rule whose trigger matches, in plan order; True when one ran."""
        ran = False
        for rule in self.rules:
            if matches(rule["when"]) and await self.run_rule(rule, event, args):
                ran = True
        return ran

    async def run_rule(self, rule, event, args=""):
        """Runs the rule's actions when its conditions hold; True when it ran."""
        values = {"name": event["name"], "args": args, "text": event.get("text") or ""}
        if not await self.holds(rule, event, values):
            return False
        logger.info("Rule %s (%s from %s)", rule["id"], event["type"], event["name"] or "the clock")
        await self.run_actions(rule, event, values, 0)
        return True

    async def run_actions(self, rule, event, values, start):
        """The rule's actions from start on, in order; one may stop the rest (a missing argument, a question)."""
        for index in range(start, len(rule["do"])):
            action = rule["do"][index]
            try:
                if await self.ACTIONS[action["kind"]](self, action, event, values, rule, index):
                    return
            except Exception as error:  # a failed action is logged; the bot goes on
                logger.error("Rule %s: %s failed: %s", rule["id"], action["kind"], error, exc_info=error)
                return`;

function holds(u: Usage): string {
  const c = u.conditions;
  const order = ['chat', 'admins', 'hours', 'warnings', 'threshold'].filter((k) => c.has(k as never));
  if (order.length === 0) {
    return code`
    async def holds(self, rule, event, values):
        """The rules of this bot have no conditions."""
        return True`;
  }
  return lines(
    '    async def holds(self, rule, event, values):',
    '        """True when every condition of the rule holds (the quick ones first); a threshold sets {value}."""',
    `        for condition in sorted(rule.get("if") or [], key=lambda condition: ${JSON.stringify(order).replace(/,/g, ', ')}.index(condition["kind"])):`,
    '            kind = condition["kind"]',
    c.has('chat') && '            if kind == "chat" and not in_chat(event, condition["name"]):',
    c.has('chat') && '                return False',
    c.has('admins') && '            if kind == "admins" and not await self.adapter.is_admin(event):',
    c.has('admins') && '                return False',
    c.has('hours') && '            if kind == "hours" and not self.in_hours(condition):',
    c.has('hours') && '                return False',
    c.has('warnings') && '            if kind == "warnings" and self.state.get("warnings", {}).get(event["chat"], {}).get(event["user"], 0) < condition["atLeast"]:',
    c.has('warnings') && '                return False',
    c.has('threshold') && '            if kind == "threshold" and not await self.crossed(rule, condition, values, event["type"] == "schedule"):',
    c.has('threshold') && '                return False',
    '        return True',
  );
}

const IN_HOURS = code`
    def in_hours(self, condition):
        """Now inside the hours (outside them with "outside"); hours past midnight belong to the day they start."""
        local = self.now().astimezone(self.zone)
        minute = local.hour * 60 + local.minute
        start, end = minutes_of(condition["from"]), minutes_of(condition["to"])
        days = condition.get("weekdays") or []

        def on(day):
            return not days or day in days

        if start < end:
            inside = on(local.weekday()) and start <= minute < end
        elif start == end:
            inside = on(local.weekday())  # all day
        else:
            inside = (on(local.weekday()) and minute >= start) or (on((local.weekday() - 1) % 7) and minute < end)
        return inside != bool(condition.get("outside"))`;

const CROSSED = code`
    async def crossed(self, rule, condition, values, scheduled):
        """A threshold: the source's number below or above the limits (either, when both are set). On a
        schedule of every N minutes only once per crossing (it did not hold at the last check); at set
        times of day ("every day at 5:30, if the wind is over 30") and on a message whenever it holds."""
        try:
            text, number = await answer_of(condition["source"], "", "")
        except Exception as error:  # no network, a timeout, an unexpected answer
            logger.error("Rule %s: could not read the number to compare: %s", rule["id"], error)
            return False
        if number is None:
            logger.info("Rule %s: %s gives no number to compare", rule["id"], condition["source"]["kind"])
            return False
        values["value"] = text
        now_holds = (condition.get("below") is not None and number < condition["below"]) or (condition.get("above") is not None and number > condition["above"])
        if not scheduled or rule["when"].get("everyMinutes") is None:
            return now_holds
        checks = self.kept("thresholds")
        before = checks.get(rule["id"], False)
        checks[rule["id"]] = now_holds
        self.save()
        return now_holds and not before`;

/** The engine: its module-level helpers, then the Engine class. */
export function pyEngine(u: Usage): string {
  const helpers = sections(
    2,
    STATE,
    FILL,
    UTC_NOW,
    FIRST_TEXT,
    u.triggers.has('keyword') && SAYS,
    u.triggers.has('reaction') && SAME_EMOJI,
    u.conditions.has('chat') && IN_CHAT,
    u.conditions.has('hours') && MINUTES_OF,  // only in_hours() reads it (the schedule's due() compares clock texts)
    pyActionHelpers(u),
  );
  const methods = sections(
    1,
    init(u),
    SAVE,
    say(u),
    handle(u),
    onMessage(u),
    COMMANDS,
    RUN,
    holds(u),
    u.conditions.has('hours') && IN_HOURS,
    u.conditions.has('threshold') && CROSSED,
    pyScheduleMethods(u) || PY_NO_TICK,
    u.namedChannels && PY_CHANNEL_FOR,
    pyActionMethods(u),
    lines('    # The method doing each kind of action (it returns True to stop the rule).', `    ACTIONS = {`, ...ACTION_METHODS.filter(([kind]) => u.actions.has(kind)).map(([kind, method]) => `        "${kind}": ${method},`), '    }'),
  );
  const engine = lines(
    'class Engine:',
    '    """Runs RULES: handle(event) for each message, join, button press or reaction; tick() every 20 seconds.',
    '    The adapter (the platform\'s part below) sends what the rules say; the state is kept in the data file."""',
    '',
    methods,
  );
  return sections(2, helpers, engine);
}
