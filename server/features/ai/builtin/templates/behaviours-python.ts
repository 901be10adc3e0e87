// The platform-neutral behaviours of a generated Python bot: their settings, the commands (jokes,
// dice, polls, rules, counting, menu...) as functions `name(args, sender) -> answer`, and the table
// BEHAVIOUR_COMMANDS that every platform template dispatches on. Web and clock behaviours are in
// behaviours-python-web.ts and behaviours-python-time.ts.

import type { BehaviourCommand, BotPlan } from '../plan';
import { listLiteral, pyString } from '../literals';
import { keepsData } from './behaviour-kinds';
import { code, lines, sections } from './compose';
import { pyTimeCode, pyTimeImports, pyTimeSettings } from './behaviours-python-time';
import { pyWebCode, pyWebImports, pyWebSettings } from './behaviours-python-web';
import { pyAsync } from './python-async';

export interface PyBehaviourOptions {
  /** The platform library is asyncio-based: behaviours are `async def` and web calls run in threads. */
  async: boolean;
  /** How /menu answers: the platform's buttons, a numbered text, or JSON with the menu (webhook). */
  menu: 'buttons' | 'text' | 'json';
  /** The file name of the bot, for the default DATA_FILE next to it. */
  filename: string;
}

/** The functions behind each behaviour command, in BEHAVIOUR_COMMANDS order. */
const FUNCTIONS: Array<[BehaviourCommand, string]> = [
  ['rules', 'show_rules'], ['joke', 'tell_joke'], ['quote', 'tell_quote'], ['fact', 'tell_fact'], ['roll', 'roll_dice'],
  ['flip', 'flip_coin'], ['pick', 'pick_one'], ['poll', 'start_poll'], ['vote', 'vote'], ['weather', 'weather_report'],
  ['news', 'latest_news'], ['price', 'coin_prices'], ['rate', 'exchange_rate'], ['translate', 'translate_text'],
  ['count', 'message_count'], ['stats', 'top_senders'], ['menu', 'show_menu'],
];

/** True when the bot has at least one command in BEHAVIOUR_COMMANDS. */
export function hasBehaviourCommands(plan: BotPlan): boolean {
  return FUNCTIONS.some(([command]) => plan.commands[command] !== undefined);
}

/** Standard-library imports the behaviours need: module names or whole `from ... import ...` lines. */
export function pyBehaviourImports(plan: BotPlan, options: PyBehaviourOptions): string[] {
  const f = plan.features;
  const out = ['from dataclasses import dataclass'];
  if (['jokes', 'quotes', 'facts', 'random'].some((x) => f.has(x as never))) out.push('random');
  if (keepsData(plan)) out.push('json', 'threading');
  out.push(...pyWebImports(plan, options), ...pyTimeImports(plan, options));
  return out;
}

function pyMenu(menu: BotPlan['menu']): string {
  return `[\n${menu.map((m) => `    {"label": ${pyString(m.label)}, "reply": ${pyString(m.reply)}},`).join('\n')}\n]`;
}

/** The behaviours' settings, for the settings block at the top of the file. */
export function pyBehaviourSettings(plan: BotPlan): string {
  const f = plan.features;
  const body = lines(
    f.has('goodbye') && `GOODBYE_MESSAGE = ${pyString(plan.goodbyeMessage)}  # {name} becomes the member's name`,
    f.has('rules') && `RULES = ${pyString(plan.rules)}`,
    pyTimeSettings(plan) || false,
    f.has('jokes') && `JOKES = ${listLiteral('python', plan.jokes)}`,
    f.has('quotes') && `QUOTES = ${listLiteral('python', plan.quotes)}`,
    f.has('facts') && `FACTS = ${listLiteral('python', plan.facts)}`,
    f.has('random') && 'DICE_SIDES = 6  # the dice of /roll without a number',
    f.has('random') && `CHOICES = ${listLiteral('python', plan.choices)}  # what /pick chooses from when no choices are given`,
    f.has('polls') && `POLL_QUESTION = ${pyString(plan.poll.question)}`,
    f.has('polls') && `POLL_OPTIONS = ${listLiteral('python', plan.poll.options)}`,
    f.has('menu') && `MENU_TITLE = ${pyString(plan.menuTitle)}`,
    f.has('menu') && `# The menu: one button per line, with the reply a press gives.\nMENU = ${pyMenu(plan.menu)}`,
    pyWebSettings(plan) || false,
  );
  return body ? `# --- What the behaviours say and use ---\n${body}` : '';
}

function pyFun(plan: BotPlan, d: string): string[] {
  const f = plan.features;
  const c = plan.commands;
  const p = plan.prefix;
  return [
    f.has('rules') &&
      code`
${d} show_rules(args, sender):
    """${p}${c.rules}: the rules of the chat (RULES)."""
    return RULES`,
    f.has('jokes') &&
      code`
${d} tell_joke(args, sender):
    """${p}${c.joke}: one of JOKES, at random."""
    return random.choice(JOKES)`,
    f.has('quotes') &&
      code`
${d} tell_quote(args, sender):
    """${p}${c.quote}: one of QUOTES, at random."""
    return random.choice(QUOTES)`,
    f.has('facts') &&
      code`
${d} tell_fact(args, sender):
    """${p}${c.fact}: one of FACTS, at random."""
    return random.choice(FACTS)`,
    f.has('random') &&
      code`
${d} roll_dice(args, sender):
    """${p}${c.roll} [sides]: a random number from 1 to DICE_SIDES (or to the number given, e.g. ${p}${c.roll} 20)."""
    given = args[0].lower().lstrip("d") if args else ""
    sides = int(given) if given.isdigit() and 2 <= int(given) <= 1000 else DICE_SIDES
    return "🎲 " + sender.name + " rolled " + str(random.randint(1, sides)) + " (1 to " + str(sides) + ")."


${d} flip_coin(args, sender):
    """${p}${c.flip}: Heads or Tails."""
    return "🪙 " + random.choice(["Heads", "Tails"]) + "!"


${d} pick_one(args, sender):
    """${p}${c.pick} a, b, c: one of the choices given (separated by commas or "or"), else one of CHOICES."""
    choices = [choice.strip() for choice in re.split(r",|\bor\b|\|", " ".join(args)) if choice.strip()]
    if len(choices) < 2:
        choices = CHOICES
    return "I pick: " + random.choice(choices)`,
  ].filter((s): s is string => typeof s === 'string');
}

function pyPolls(plan: BotPlan, d: string): string | false {
  if (!plan.features.has('polls')) return false;
  const c = plan.commands;
  const p = plan.prefix;
  const parse = code`
def parse_poll(text):
    """'Question? | Option 1 | Option 2' -> (question, options); None when the text is not written like that."""
    parts = [part.strip() for part in text.split("|") if part.strip()]
    if len(parts) < 3:
        return None
    return parts[0], parts[1:11]`;
  if (plan.nativePoll) {
    return sections(
      2,
      parse,
      code`
${d} start_poll(args, sender):
    """${p}${c.poll}: a poll of POLL_QUESTION, or of the poll written after the command (${p}${c.poll} Question? | A | B)."""
    question, options = parse_poll(" ".join(args)) or (POLL_QUESTION, POLL_OPTIONS)
    return {"poll": question, "options": options}`,
    );
  }
  return sections(
    2,
    'polls = {}  # chat -> the poll running there: its question, options and each person\'s vote',
    parse,
    code`
${d} start_poll(args, sender):
    """${p}${c.poll}: starts POLL_QUESTION in this chat, or the poll written after the command (${p}${c.poll} Question? | A | B)."""
    question, options = parse_poll(" ".join(args)) or (POLL_QUESTION, POLL_OPTIONS)
    polls[sender.chat] = {"question": question, "options": options, "votes": {}}
    numbered = [str(number) + ". " + option for number, option in enumerate(options, start=1)]
    return "📊 " + question + "\n" + "\n".join(numbered) + "\nVote with ${p}${c.vote} <number>."`,
    code`
${d} vote(args, sender):
    """${p}${c.vote} <number>: a vote in this chat's poll (voting again changes it); ${p}${c.vote} alone shows the results."""
    poll = polls.get(sender.chat)
    if poll is None:
        return "There is no poll here yet: start one with ${p}${c.poll}."
    options = poll["options"]
    if args:
        if not args[0].isdigit() or not 1 <= int(args[0]) <= len(options):
            return "Vote with a number from 1 to " + str(len(options)) + ", for example: ${p}${c.vote} 1"
        poll["votes"][sender.user] = int(args[0]) - 1
    results = [poll["question"]]
    for index, option in enumerate(options):
        votes = sum(1 for choice in poll["votes"].values() if choice == index)
        results.append(str(index + 1) + ". " + option + ": " + str(votes) + (" vote" if votes == 1 else " votes"))
    return "\n".join(results)`,
  );
}

function pyMenuCode(plan: BotPlan, d: string, style: PyBehaviourOptions['menu']): string | false {
  if (!plan.features.has('menu')) return false;
  const p = `${plan.prefix}${plan.commands.menu}`;
  if (style === 'buttons') {
    return code`
${d} show_menu(args, sender):
    """${p}: MENU_TITLE with one button per item of MENU."""
    return {"text": MENU_TITLE, "menu": MENU}`;
  }
  const numbered = code`
def menu_text():
    """MENU_TITLE and MENU as a numbered list."""
    numbered = [str(number) + ". " + item["label"] for number, item in enumerate(MENU, start=1)]
    return MENU_TITLE + "\n" + "\n".join(numbered) + "\nReply with a number."`;
  const show =
    style === 'json'
      ? code`
${d} show_menu(args, sender):
    """${p}: the numbered menu, and the menu itself (label and reply of each item) for the caller to show as buttons."""
    return {"text": menu_text(), "menu": MENU}`
      : code`
${d} show_menu(args, sender):
    """${p}: the numbered menu; people answer with a number or a label."""
    return menu_text()`;
  const choice = code`
def menu_choice(text):
    """The reply of the MENU item a message names (by its number or its label), or None."""
    choice = text.strip().lower()
    for number, item in enumerate(MENU, start=1):
        if choice in (str(number), item["label"].lower()):
            return item["reply"]
    return None`;
  return sections(2, numbered, show, choice);
}

function pyData(plan: BotPlan, filename: string): string | false {
  if (!keepsData(plan)) return false;
  const stem = filename.replace(/\.[^.]+$/, '');
  return code`
# What the bot remembers (message counts, headlines posted) is kept in this JSON file.
DATA_FILE = os.getenv("DATA_FILE") or os.path.join(os.path.dirname(os.path.abspath(__file__)), ${pyString(`${stem}_data.json`)})
data_lock = threading.Lock()  # one change at a time


def load_data():
    """What DATA_FILE holds; empty when there is no file yet (or it cannot be read)."""
    try:
        with open(DATA_FILE, encoding="utf-8") as file:
            data = json.load(file)
        return data if isinstance(data, dict) else {}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        logger.error("Could not read %s, starting empty: %s", DATA_FILE, error)
        return {}


def save_data():
    """Writes bot_data to DATA_FILE safely: into a temporary file first, then renamed over the old one."""
    temporary = DATA_FILE + ".tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(bot_data, file, ensure_ascii=False, indent=1)
        os.replace(temporary, DATA_FILE)
    except OSError as error:
        logger.error("Could not save %s: %s", DATA_FILE, error)


bot_data = load_data()`;
}

function pyCounter(plan: BotPlan, d: string): string | false {
  if (!plan.features.has('counter')) return false;
  const c = plan.commands;
  const p = plan.prefix;
  return code`
def count_message(sender):
    """Adds one to the sender's message count (kept in DATA_FILE)."""
    with data_lock:
        counts = bot_data.setdefault("message_counts", {})
        entry = counts.setdefault(sender.user, {"name": sender.name, "messages": 0})
        entry["name"] = sender.name
        entry["messages"] += 1
        save_data()


${d} message_count(args, sender):
    """${p}${c.count}: how many messages the sender has sent."""
    with data_lock:
        entry = bot_data.get("message_counts", {}).get(sender.user)
    count = entry["messages"] if entry else 0
    return sender.name + ", you have sent " + str(count) + (" message." if count == 1 else " messages.")


${d} top_senders(args, sender):
    """${p}${c.stats}: the ten people who sent the most messages."""
    with data_lock:
        entries = sorted(bot_data.get("message_counts", {}).values(), key=lambda entry: entry["messages"], reverse=True)
    if not entries:
        return "Nobody has written anything yet."
    ranking = [str(rank) + ". " + entry["name"] + ": " + str(entry["messages"]) for rank, entry in enumerate(entries[:10], start=1)]
    return "Most messages:\n" + "\n".join(ranking)`;
}

/** Warnings per person and the texts of warnings and mutes (platforms that can mute do the muting). */
function pyWarnings(plan: BotPlan): string | false {
  if (!plan.features.has('moderation') || plan.warnLimit <= 0) return false;
  return code`
warning_counts = {}  # (chat, person) -> warnings since their last mute


def add_warning(sender):
    """Counts a warning for the sender in this chat and returns how many they have; back to 0 at WARN_LIMIT."""
    key = (sender.chat, sender.user)
    warning_counts[key] = warning_counts.get(key, 0) + 1
    count = warning_counts[key]
    if WARN_LIMIT > 0 and count >= WARN_LIMIT:
        warning_counts[key] = 0
    return count


def must_mute(count):
    """True when this many warnings earn a mute."""
    return WARN_LIMIT > 0 and count >= WARN_LIMIT


def warning_text(sender, count):
    """BANNED_WORD_WARNING for the sender, with how many warnings they have."""
    text = BANNED_WORD_WARNING.replace("{name}", sender.name)
    return text + " (warning " + str(count) + " of " + str(WARN_LIMIT) + ")" if WARN_LIMIT > 0 else text


def mute_text(sender):
    """MUTE_MESSAGE for the sender."""
    return MUTE_MESSAGE.replace("{name}", sender.name).replace("{minutes}", str(MUTE_MINUTES)).replace("{warnings}", str(WARN_LIMIT))`;
}

function pyDispatch(plan: BotPlan, options: PyBehaviourOptions): string | false {
  if (!hasBehaviourCommands(plan)) return false;
  const { def, aw } = pyAsync(options.async);
  const entries = FUNCTIONS.filter(([command]) => plan.commands[command] !== undefined).map(
    ([command, fn]) => `    ${pyString(plan.commands[command]!)}: ${fn},`,
  );
  return sections(
    2,
    `# --- The behaviours' commands: the command on the left runs the function on the right ---\nBEHAVIOUR_COMMANDS = {\n${entries.join('\n')}\n}`,
    code`
${def} run_behaviour(name, args, sender):
    """Runs the behaviour of a command of BEHAVIOUR_COMMANDS and returns its answer."""
    logger.info("${plan.prefix}%s from %s", name, sender.name)
    try:
        return ${aw}BEHAVIOUR_COMMANDS[name](args, sender)
    except Exception as error:  # one failing command must not stop the bot
        logger.exception("The %s command failed: %s", name, error)
        return "Sorry, that did not work. Please try again later."`,
  );
}

/** Who sent a message: used by reply_to and every behaviour. */
export const PY_SENDER = code`
@dataclass
class Sender:
    """Who a message is from: the chat it came from, the person's id and a name to call them."""

    chat: str
    user: str
    name: str`;

/** The behaviours' code, after the shared helpers (it uses logger, re and, for translations, ask_llm). */
export function pyBehaviours(plan: BotPlan, options: PyBehaviourOptions): string {
  const { def } = pyAsync(options.async);
  return sections(
    2,
    pyData(plan, options.filename),
    pyWarnings(plan),
    pyTimeCode(plan, options),
    ...pyFun(plan, def),
    pyPolls(plan, def),
    pyMenuCode(plan, def, options.menu),
    pyCounter(plan, def),
    pyWebCode(plan, options),
    pyDispatch(plan, options),
  );
}
