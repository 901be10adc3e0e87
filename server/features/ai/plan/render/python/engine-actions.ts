// The engine's actions as Python methods (one per action kind, included only when a rule uses it),
// and the module-level helpers they need. Each method is
// `async def do_x(self, action, event, values, rule, index)` and returns True to stop the rule.

import type { Action } from '../../../../../../shared/bot-plan.schema';
import { code, lines, sections } from '../compose';
import { PY_POST_NAMED } from './engine-channels';
import { pyWeb } from './engine-web';
import type { Usage } from './usage';

export const ACTION_METHODS: Array<[Action['kind'], string]> = [
  ['reply', 'do_reply'],
  ['replyOneOf', 'do_reply_one_of'],
  ['buttons', 'do_buttons'],
  ['ask', 'start_questions'],
  ['quiz', 'start_questions'],
  ['list', 'do_list'],
  ['count', 'do_count'],
  ['resetCount', 'do_reset_count'],
  ['top', 'do_top'],
  ['convert', 'do_convert'],
  ['post', 'do_post'],
  ['forward', 'do_forward'],
  ['react', 'do_react'],
  ['delete', 'do_delete'],
  ['warn', 'do_warn'],
  ['mute', 'do_mute'],
  ['kick', 'do_kick'],
  ['ban', 'do_ban'],
  ['poll', 'do_poll'],
  ['data', 'do_data'],
  ['custom', 'do_custom'],
];

const METHODS: Partial<Record<Action['kind'], string>> = {
  reply: code`
    async def do_reply(self, action, event, values, rule, index):
        await self.say(event["chat"], fill(action["text"], values))`,
  replyOneOf: code`
    async def do_reply_one_of(self, action, event, values, rule, index):
        """One of the texts: at random, or each in turn (the turn is kept in the state)."""
        texts = action["texts"]
        if action.get("order") == "inTurn":
            turns = self.kept("turns")
            key = rule["id"] + ":" + str(index)
            text = texts[turns.get(key, 0) % len(texts)]
            turns[key] = turns.get(key, 0) + 1
            self.save()
        else:
            text = random.choice(texts)
        await self.say(event["chat"], fill(text, values))`,
  buttons: code`
    async def do_buttons(self, action, event, values, rule, index):
        """A text with buttons; a press comes back as a "button" event with the button's id."""
        buttons = [{"id": button["id"], "label": button["label"]} for button in action["buttons"]]
        await self.say(event["chat"], fill(action["text"], values), buttons)`,
  list: code`
    async def do_list(self, action, event, values, rule, index):
        """A list kept per chat: add, remove, show or clear it, or take its first item off (next), then say
        the text ({list}, {item}); a full list (max) takes no more."""
        items = self.kept("lists", event["chat"]).setdefault(action["list"], [])
        if action["op"] in ("add", "remove"):
            item = event["name"] if action.get("item") == "sender" else values["args"]
            if not item:
                await self.say(event["chat"], "Write what to add after the command, e.g. " + self.prefix() + command_name(rule, action["list"]) + " milk")
                return True
            values["item"] = item  # as written
            same = [kept for kept in items if kept.lower() == item.lower()]
            if action["op"] == "add" and not same and action.get("max") and len(items) >= action["max"]:
                await self.say(event["chat"], fill(action.get("full") or "Sorry, the list is full (%d)." % action["max"], values))
                return True
            if action["op"] == "add" and not same:  # an item already there is not added twice
                items.append(item)
            elif action["op"] == "remove" and same:
                items.remove(same[0])
        elif action["op"] == "clear":
            items.clear()
        none = action["op"] in ("show", "next") and not items
        if action["op"] == "next" and not none:
            values["item"] = items.pop(0)
        self.save()
        values["list"] = "\n".join("- " + kept for kept in items)
        values["count"] = len(items)  # how many are on it ("/count → how many are in")
        if none:
            await self.say(event["chat"], fill(action.get("empty") or "The list is empty.", values))
        elif action["text"]:  # no text: nothing said (a list emptied on a schedule)
            await self.say(event["chat"], fill(action["text"], values))`,
  count: code`
    async def do_count(self, action, event, values, rule, index):
        """Adds one to the counter of the sender (or of the chat), or the number written after the
        command (add: "number", "!ran 5.2"); {count} is the new total."""
        amount = 1
        if action.get("add") == "number":
            found = re.search(r"-?\d+(?:[.,]\d+)?", values["args"])
            if not found:
                await self.say(event["chat"], "Write a number after the command, e.g. " + self.prefix() + command_name(rule, "add") + " 5")
                return True
            amount = float(found.group().replace(",", "."))
        per_chat = action.get("per") == "chat"
        counts = self.kept("counters", action["counter"], event["chat"])
        entry = counts.setdefault("chat" if per_chat else event["user"], {"name": "", "count": 0})
        entry["name"] = (event.get("chatName") or event["chat"]) if per_chat else event["name"]
        total = round(entry["count"] + amount, 2)
        entry["count"] = int(total) if total == int(total) else total
        self.save()
        values["count"] = number_text(entry["count"])`,
  resetCount: code`
    async def do_reset_count(self, action, event, values, rule, index):
        """Everyone's count back to 0 in this chat."""
        self.kept("counters", action["counter"], event["chat"]).clear()
        self.save()`,
  top: code`
    async def do_top(self, action, event, values, rule, index):
        """The counter's highest in this chat, as {top}: "1. Ann: 12" per line; equal counts by name (A-Z)."""
        counts = self.state.get("counters", {}).get(action["counter"], {}).get(event["chat"], {})
        ranked = sorted(counts.values(), key=lambda entry: (-entry["count"], entry["name"].lower()))[: action.get("n") or 10]
        if not ranked:
            await self.say(event["chat"], fill(action.get("empty") or "Nobody has any yet.", values))
            return
        values["top"] = "\n".join(str(place) + ". " + entry["name"] + ": " + number_text(entry["count"]) for place, entry in enumerate(ranked, start=1))
        await self.say(event["chat"], fill(action["text"], values))`,
  convert: code`
    async def do_convert(self, action, event, values, rule, index):
        """Converts the first number of the argument; {value} is the result."""
        found = re.search(r"-?\d+(?:[.,]\d+)?", values["args"])
        if not found:
            await self.say(event["chat"], "Write a number after the command, e.g. " + self.prefix() + command_name(rule, "convert") + " 20")
            return True
        amount = float(found.group().replace(",", "."))
        try:
            values["value"] = number_text(await converted(amount, action["from"], action["to"]))
        except Exception as error:  # the exchange rates could not be read
            logger.error("Rule %s: could not convert: %s", rule["id"], error)
            await self.say(event["chat"], SORRY)
            return True
        await self.say(event["chat"], fill(action["text"], values))`,
  post: code`
    async def do_post(self, action, event, values, rule, index):
        await self.say(await self.target(action.get("to") or "channel"), fill(action["text"], values))`,
  forward: code`
    async def do_forward(self, action, event, values, rule, index):
        """Copies the message to the owner's chat, saying who wrote it where (or who reacted to it)."""
        where = event.get("chatName") or "a private chat"
        if event["type"] == "reaction":
            said = event.get("text") or "(a message the bot did not see)"
            await self.say(await self.target("owner"), event["name"] + " reacted " + event.get("emoji", "") + " to a message in " + where + ": " + said)
            return
        await self.say(await self.target("owner"), event["name"] + " wrote in " + where + ": " + (event.get("text") or ""))`,
  react: code`
    async def do_react(self, action, event, values, rule, index):
        await self.adapter.react(event, action["emoji"])`,
  delete: code`
    async def do_delete(self, action, event, values, rule, index):
        await self.adapter.delete_message(event)`,
  warn: code`
    async def do_warn(self, action, event, values, rule, index):
        """Counts a warning for the sender in this chat (see the "warnings" condition), then says the text."""
        warnings = self.kept("warnings", event["chat"])
        warnings[event["user"]] = warnings.get(event["user"], 0) + 1
        self.save()
        values["count"] = warnings[event["user"]]
        await self.say(event["chat"], fill(action["text"], values))`,
  poll: code`
    async def do_poll(self, action, event, values, rule, index):
        """A poll: the plan's question and options, or ("fromArgument") the ones written after the command
        (only the options when the plan has a question: "/motm Jay, Kev, Tom")."""
        if action.get("fromArgument"):
            question, options = poll_of(values["args"])
            if action.get("question"):
                question, options = fill(action["question"], values), poll_options(values["args"])
            if len(options) < 2:
                await self.say(event["chat"], "Write a question and its options after the command, e.g. " + self.prefix() + command_name(rule, "poll") + " Pizza or burgers?")
                return True
        else:
            question, options = fill(action["question"], values), [fill(option, values) for option in action["options"]]
        if event["chat"] is not None:
            await self.adapter.send_poll(event["chat"], question, options)`,
  data: code`
    async def do_data(self, action, event, values, rule, index):
        """Asks a web service; says the text with {value} (or the value itself). A feed read for its new
        items says each of them (tell_new_items)."""
        if action["source"]["kind"] == "news" and action["source"].get("onlyNew"):
            return await self.tell_new_items(action, event, values, rule)
        try:
            values["value"] = (await answer_of(action["source"], values["args"], event.get("text") or "", self.prefix() + command_name(rule, action["source"]["kind"])))[0]
        except Reply as reply:  # something the person has to write first, or a place or coin not found
            await self.say(event["chat"], str(reply))
            return True
        except Exception as error:  # no network, a timeout, an unexpected answer
            logger.error("Rule %s: could not get the %s: %s", rule["id"], action["source"]["kind"], error)
            await self.say(event["chat"], SORRY)
            return True
        await self.say(event["chat"], fill(action.get("text") or "{value}", values))`,
  custom: code`
    async def do_custom(self, action, event, values, rule, index):
        """Runs custom_<name>(event, vars, say) from the file's custom code regions."""

        async def say(text):
            await self.say(event["chat"], text)

        done = CUSTOM_CODE[action["name"]](event, values, say)
        if inspect.isawaitable(done):
            await done`,
};

const PY_NEW_ITEMS = code`
    async def tell_new_items(self, action, event, values, rule):
        """Says each item of the feed not said before, oldest first ({value}: its title and link). The first
        check only remembers what the feed holds, so a new bot does not flood the chat."""
        try:
            items = await feed_items(action["source"]["feedUrl"])
        except Exception as error:  # no network, a timeout, not a feed: the next check tries again
            logger.error("Rule %s: could not read the feed: %s", rule["id"], error)
            return True
        seen = self.kept("feeds", action["source"]["feedUrl"])
        first = not seen
        for item in reversed(items):
            key = item[1] or item[0]
            if key in seen:
                continue
            seen[key] = datetime.now(timezone.utc).timestamp()
            if not first:
                await self.say(event["chat"], fill(action.get("text") or "{value}", {**values, "value": item_text(item)}))
        for key in sorted(seen, key=seen.get)[:-300]:  # only the newest 300 are kept
            del seen[key]
        self.save()
        return False`;

function moderation(kind: 'mute' | 'kick' | 'ban'): string {
  const call = kind === 'mute' ? 'await self.adapter.mute(event, action["minutes"])' : `await self.adapter.${kind}(event)`;
  return lines(
    `    async def do_${kind}(self, action, event, values, rule, index):`,
    `        ${call}`,
    '        if action.get("text"):',
    '            await self.say(event["chat"], fill(action["text"], values))',
  );
}

const QUESTIONS = code`
    async def start_questions(self, action, event, values, rule, index):
        """Asks the first question; the sender's next messages in this chat are the answers (answer())."""
        talk = {"rule": rule["id"], "action": index, "step": 0, "answers": [], "right": 0, "values": values}
        self.kept("conversations")[event["chat"] + "|" + event["user"]] = talk
        self.save()
        await self.say(event["chat"], fill(question_of(action, 0), values))
        return True  # the rest of the rule runs after the last answer

    async def answer(self, event, text):
        """An answer to the question asked last: then the next question, or the end of the questions."""
        key = event["chat"] + "|" + event["user"]
        talk = self.state["conversations"][key]
        rule = next((rule for rule in self.rules if rule["id"] == talk["rule"]), None)
        if rule is None:  # the rule was removed since
            del self.state["conversations"][key]
            self.save()
            return
        action, values, step = rule["do"][talk["action"]], talk["values"], talk["step"]
        if action["kind"] == "quiz":
            right = action["questions"][step]["answer"]
            good = text.strip().lower() == right.strip().lower()
            talk["right"] += 1 if good else 0
            if good and action.get("counter"):  # one more right answer for the sender, for the quiz's top
                entry = self.kept("counters", action["counter"], event["chat"]).setdefault(event["user"], {"name": "", "count": 0})
                entry["name"] = event["name"]
                entry["count"] += 1
            await self.say(event["chat"], fill(action["right"] if good else action["wrong"], {**values, "value": right}))
        else:
            talk["answers"].append(text.strip())
        talk["step"] = step + 1
        if talk["step"] < len(action["questions"]):
            self.save()
            await self.say(event["chat"], fill(question_of(action, talk["step"]), values))
            return
        del self.state["conversations"][key]
        self.save()
        if action["kind"] == "quiz":
            values = {**values, "count": talk["right"], "total": len(action["questions"])}
            await self.say(event["chat"], fill(action["done"], values))
        else:
            asked = zip(action["questions"], talk["answers"])
            values = {**values, "answers": "\n".join(question + ": " + answer for question, answer in asked)}
            await self.say(event["chat"], fill(action["done"], values))
            to = await self.target("channel", rule) if rule.get("channel") else await self.target("owner")  # the rule's channel, else the owner
            await self.say(to, "New answers from " + values["name"] + ":\n" + values["answers"])
        await self.run_actions(rule, event, values, talk["action"] + 1)`;

const QUESTION_OF = code`
def question_of(action, step):
    """The question number step of an "ask" or a "quiz"."""
    question = action["questions"][step]
    return question["question"] if isinstance(question, dict) else question`;

const COMMAND_NAME = code`
def command_name(rule, fallback):
    """The rule's command, for the examples in "write ... after the command" answers (else the fallback)."""
    return rule["when"]["name"] if rule["when"]["kind"] == "command" else fallback`;

const NUMBER_TEXT = code`
def number_text(number):
    """A number rounded to 2 decimals, without trailing zeros: 68.0 -> "68", 2.504 -> "2.5"."""
    text = "{:.2f}".format(number).rstrip("0").rstrip(".")
    return "0" if text == "-0" else text`;

const POLL_OF = code`
def poll_of(text):
    """"Where? park, beach, pool" -> ("Where?", [park, beach, pool]); "Pizza or burgers?" -> ("Pizza or burgers?", [Pizza, burgers])."""
    text = text.strip()
    question, mark, rest = text.partition("?")
    options = rest if mark and rest.strip() else question
    question = question.strip() + mark if mark and rest.strip() else text
    return question, poll_options(options)


def poll_options(text):
    """"Jay, Kev or Tom", "Tutorial | Dokkaebi" -> [Jay, Kev, Tom]."""
    return [option.strip() for option in re.split(r"\s*[,|]\s*(?:or\s+)?|\s+or\s+", text.strip().rstrip("?"), flags=re.IGNORECASE) if option.strip()][:10]`;

const SORRY = 'SORRY = "Sorry, I could not get that right now."  # said when a web service fails';

export function pyActionMethods(u: Usage): string {
  const a = u.actions;
  return sections(
    1,
    ...ACTION_METHODS.filter(([kind]) => a.has(kind) && METHODS[kind]).map(([kind]) => (kind === 'post' && u.namedChannels ? PY_POST_NAMED : METHODS[kind]!)),
    a.has('data') && u.sources.has('news') && PY_NEW_ITEMS,
    ...(['mute', 'kick', 'ban'] as const).filter((k) => a.has(k)).map(moderation),
    u.conversations && QUESTIONS,
  );
}

export function pyActionHelpers(u: Usage): string {
  const a = u.actions;
  const listing = (kind: Action['kind']) => a.has(kind);
  return sections(
    2,
    (listing('list') || listing('convert') || listing('poll') || listing('data') || listing('count')) && COMMAND_NAME,
    u.conversations && QUESTION_OF,
    (listing('convert') || listing('count') || listing('top')) && NUMBER_TEXT,
    listing('poll') && POLL_OF,
    (listing('data') || listing('convert')) && SORRY,
    pyWeb(u),
  );
}
