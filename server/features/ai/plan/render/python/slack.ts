// The Slack part of a rendered Python bot (Bolt for Python, asyncio, Socket Mode): messages,
// mentions, slash commands (when the plan's prefix is "/"), joins and leaves, Block Kit button
// presses and reactions become events; the adapter posts, reacts and removes people from channels.

import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { pyString } from '../../../literals';
import { code, lines, replacedIn, sections } from '../compose';
import { SLACK_EMOJI } from '../slack-emoji';
import { channelAndOwner, dataFileLine, MAIN_RUNS, NUMBERED, platformCode, type PyPlatform, REQUIRE_ENV, requiredChecks, SCHEDULE_TASKS } from './platform';
import type { Usage } from './usage';
import { copiesReacted } from '../plan-uses';


/** The command rules' names, registered as slash commands when the plan's commands start with "/". */
function slashCommands(plan: BotPlan, u: Usage): boolean {
  return plan.settings.prefix === '/' && u.triggers.has('command');
}

const SEND_WITH_BUTTONS = code`
        message = {"channel": chat, "text": text}
        if buttons:  # Block Kit; a press comes back as an action with action_id "b:<id>"
            elements = [{"type": "button", "text": {"type": "plain_text", "text": button["label"][:75]}, "action_id": "b:" + button["id"], "value": button["id"]} for button in buttons[:25]]
            message["blocks"] = [{"type": "section", "text": {"type": "mrkdwn", "text": text[:3000]}}, {"type": "actions", "elements": elements}]
        await self.app.client.chat_postMessage(**message)`;

const REACT = code`

    async def react(self, event, emoji):
        name = EMOJI_NAMES.get(emoji.replace("\ufe0f", ""), emoji.strip(":"))  # not in the table: write its Slack name in RULES
        await self.app.client.reactions_add(channel=event["chat"], timestamp=message_ts(event), name=name)`;

const KICK = code`

    async def kick(self, event):
        """Removes the sender from the channel (the bot needs the channels:manage and groups:write scopes)."""
        await self.app.client.conversations_kick(channel=event["chat"], user=event["user"])`;

const IS_ADMIN = code`

    async def is_admin(self, event):
        """A workspace admin or owner."""
        try:
            user = (await self.app.client.users_info(user=event["user"]))["user"]
        except SlackApiError as error:
            logger.warning("Could not check whether %s is an admin: %s", event["name"], error.response["error"])
            return False
        return bool(user.get("is_admin") or user.get("is_owner"))`;

const CHANNEL_NAMED = code`

    async def channel_named(self, name):
        """The id of the public channel a rule names ("hall-of-fame"), or None. The channels are listed
        (conversations.list, every page) when a name is first asked, and again for a name not among them
        (a channel made or renamed since), at most once a minute."""
        wanted = name.lower()
        if wanted not in self.channel_ids and time.monotonic() - self.channels_read >= 60:
            self.channels_read = time.monotonic()
            try:
                found, cursor = {}, None
                while True:
                    page = await self.app.client.conversations_list(types="public_channel", exclude_archived=True, limit=1000, cursor=cursor)
                    found.update({channel["name"]: channel["id"] for channel in page["channels"]})
                    cursor = (page.get("response_metadata") or {}).get("next_cursor")
                    if not cursor:
                        break
                self.channel_ids = found
            except Exception as error:  # a refusal (a missing scope) or no network: the configured channel is used
                logger.warning("Could not list the Slack channels: %s", error)
        return self.channel_ids.get(wanted)`;

function adapter(u: Usage): string {
  const a = u.actions;
  return lines(
    'class SlackAdapter:',
    '    """What the engine calls to act on Slack (the app is set in main())."""',
    '',
    '    def __init__(self):',
    '        self.app = None',
    u.namedChannels && '        self.channel_ids = {}  # public channels: name -> id (channel_named)',
    u.namedChannels && '        self.channels_read = float("-inf")  # when they were last listed (time.monotonic())',
    '',
    '    async def send(self, chat, text, buttons=None):',
    a.has('buttons') ? SEND_WITH_BUTTONS : '        await self.app.client.chat_postMessage(channel=chat, text=text)',
    '        logger.info("Sent to %s: %s", chat, text)',
    a.has('poll') && '\n    async def send_poll(self, chat, question, options):\n        """Slack has no polls of its own: the options as numbered lines."""\n        await self.send(chat, numbered("📊 " + question, options))',
    a.has('react') && REACT,
    a.has('kick') && KICK,
    u.conditions.has('admins') && IS_ADMIN,
    u.namedChannels && CHANNEL_NAMED,
    channelAndOwner('slack', u),
  );
}

/** Slack's names of the emoji RULES writes, both ways (the way back only for reaction rules). */
function emojiTable(u: Usage): string {
  return lines(
    '# Slack names emoji ("+1"); RULES writes them as emoji. Add a line for one missing here.',
    'EMOJI_NAMES = {',
    ...SLACK_EMOJI.map(([e, name]) => `    ${pyString(e.replace('\ufe0f', ''))}: ${pyString(name)},`),
    '}',
    u.triggers.has('reaction') && 'EMOJI_OF_NAME = {name: emoji for emoji, name in EMOJI_NAMES.items()} | {"thumbsup": "👍", "thumbsdown": "👎"}',
  );
}

const MESSAGE_TS = code`
def message_ts(event):
    """The message an event is about: the message itself, the one reacted to, the one whose button was pressed."""
    raw = event["raw"]
    return raw.get("ts") or (raw.get("item") or {}).get("ts") or (raw.get("message") or {}).get("ts")`;

const NAMES = code`
class Names:
    """The names of channels and people, asked of Slack once each (channels:read, groups:read, users:read)."""

    def __init__(self, client):
        self.client = client
        self.known = {}

    async def channel(self, channel_id):
        if ("c", channel_id) not in self.known:
            try:
                found = (await self.client.conversations_info(channel=channel_id))["channel"]
                self.known[("c", channel_id)] = None if found.get("is_im") else found.get("name")
            except SlackApiError as error:
                logger.debug("No name for channel %s: %s", channel_id, error.response["error"])
                self.known[("c", channel_id)] = None
        return self.known[("c", channel_id)]

    async def person(self, user_id):
        if ("u", user_id) not in self.known:
            try:
                profile = (await self.client.users_info(user=user_id))["user"]["profile"]
                self.known[("u", user_id)] = profile.get("display_name") or profile.get("real_name") or user_id
            except SlackApiError as error:
                logger.debug("No name for %s: %s", user_id, error.response["error"])
                self.known[("u", user_id)] = user_id
        return self.known[("u", user_id)]`;

function helpers(u: Usage): string {
  const a = u.actions;
  const t = u.triggers;
  return sections(
    2,
    REQUIRE_ENV,
    (t.has('reaction') || a.has('react')) && emojiTable(u),
    a.has('poll') && NUMBERED,
    a.has('react') && MESSAGE_TS,
    NAMES,
    t.has('schedule') && SCHEDULE_TASKS,
  );
}

/** connect()'s own event_of and the listeners for messages and mentions (one message handled once). */
const ON_TEXT = code`
    async def event_of(kind, chat, user, text, raw, **more):
        return {
            "type": kind,
            "chat": chat,
            "chatName": await names.channel(chat),
            "user": user,
            "name": await names.person(user),
            "text": text,
            "mentioned": chat.startswith("D"),  # a direct message
            "raw": raw,
            **more,
        }

    async def on_text(event, context, mentioned):
        if event.get("subtype") or event.get("bot_id") or not event.get("user"):
            return  # edits, joins, other bots
        key = event["channel"] + "|" + event["ts"]
        if key in handled:
            return
        handled.append(key)
        del handled[:-100]
        text = event.get("text") or ""
        mention = "<@" + str(context.get("bot_user_id")) + ">"
        engine_event = await event_of("message", event["channel"], event["user"], text.replace(mention, "").strip(), event)
        engine_event["mentioned"] = engine_event["mentioned"] or mentioned or mention in text
        logger.info("Message from %s in %s: %s", engine_event["name"], engine_event["chatName"] or event["channel"], engine_event["text"])
        await engine.handle(engine_event)

    @app.event("message")
    async def on_message(event, context):
        await on_text(event, context, False)

    @app.event("app_mention")
    async def on_mention(event, context):
        await on_text(event, context, True)`;

const ON_SLASH_COMMAND = code`
    async def on_slash_command(ack, command):
        """A slash command: answered as the message "/name args"."""
        await ack()
        text = command["command"] + (" " + command["text"] if command.get("text") else "")
        await engine.handle(await event_of("message", command["channel_id"], command["user_id"], text, command))

    for name in sorted({rule["when"]["name"].lower() for rule in RULES if rule["when"]["kind"] == "command"}):
        app.command("/" + name)(on_slash_command)  # create each one under Slash Commands in the app's settings`;

const ON_JOIN = code`
    @app.event("member_joined_channel")
    async def on_join(event, context):
        if event["user"] == context.get("bot_user_id"):
            return  # the bot itself, invited
        await engine.handle(await event_of("join", event["channel"], event["user"], "", event))`;

const ON_LEAVE = code`
    @app.event("member_left_channel")
    async def on_leave(event, context):
        if event["user"] == context.get("bot_user_id"):
            return
        await engine.handle(await event_of("leave", event["channel"], event["user"], "", event))`;

const ON_BUTTON = code`
    @app.action(re.compile(r"^b:"))
    async def on_button(ack, body, action):
        await ack()
        label = action.get("text", {}).get("text", "")
        await engine.handle(await event_of("button", body["channel"]["id"], body["user"]["id"], label, body, buttonId=action["action_id"][2:]))`;

const ON_REACTION = code`
    @app.event("reaction_added")
    async def on_reaction(event):
        item = event.get("item") or {}
        if item.get("type") != "message":
            return
        name = event["reaction"].split("::")[0]  # "+1::skin-tone-2"
        emoji = EMOJI_OF_NAME.get(name, ":" + name + ":")
        await engine.handle(await event_of("reaction", item["channel"], event["user"], "", event, emoji=emoji))`;

/** The same, with the words of the message reacted to (a rule sends the owner a copy of it). */
const ON_REACTION_COPY = replacedIn(ON_REACTION, 
  'await engine.handle(await event_of("reaction", item["channel"], event["user"], "", event,',
  'try:\n            found = await app.client.conversations_history(channel=item["channel"], latest=item["ts"], inclusive=True, limit=1)\n            text = (found["messages"] or [{}])[0].get("text", "")\n        except SlackApiError as error:  # no access to the history (channels:history)\n            logger.warning("Could not read the message reacted to: %s", error.response["error"])\n            text = ""\n        await engine.handle(await event_of("reaction", item["channel"], event["user"], text, event,',
);

/** connect(): the app's listeners, each turned into an event for the engine. */
function handlers(u: Usage, slash: boolean): string {
  const t = u.triggers;
  return sections(
    1,
    lines(
      'def connect(app, engine):',
      '    """The listeners: each becomes an event for the engine."""',
      '    names = Names(app.client)',
      '    handled = []  # the last messages handled: a mention comes both as "message" and as "app_mention"',
    ),
    ON_TEXT,
    slash && ON_SLASH_COMMAND,
    t.has('join') && ON_JOIN,
    t.has('leave') && ON_LEAVE,
    t.has('button') && ON_BUTTON,
    t.has('reaction') && (copiesReacted(u) ? ON_REACTION_COPY : ON_REACTION),
  );
}

function main(u: Usage): string {
  return lines(
    'async def run():',
    dataFileLine(u),
    '    app = AsyncApp(token=require_env("SLACK_BOT_TOKEN"))',
    requiredChecks('slack', u),
    '    adapter = SlackAdapter()',
    '    adapter.app = app',
    '    engine = Engine(RULES, SETTINGS, adapter, data_file, utc_now)',
    '    connect(app, engine)',
    '    handler = AsyncSocketModeHandler(app, require_env("SLACK_APP_TOKEN"))',
    u.triggers.has('schedule') && '    background_tasks.add(asyncio.create_task(tick_forever(engine)))',
    '    logger.info("%s is starting (Socket Mode)", BOT_NAME)',
    '    await handler.start_async()',
    '',
    '',
    MAIN_RUNS,
  );
}

export function slackPython(u: Usage, plan: BotPlan): PyPlatform {
  return {
    label: 'a Slack bot (Bolt for Python, Socket Mode)',
    stdlib: ['asyncio', 'logging', 'os', ...(u.triggers.has('button') ? ['re'] : []), ...(u.namedChannels ? ['time'] : [])],
    thirdParty: ['from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler', 'from slack_bolt.async_app import AsyncApp', 'from slack_sdk.errors import SlackApiError', 'import aiohttp  # noqa: F401  Socket Mode runs on it: imported so that it is installed with the bot'],
    quiet: ['slack_bolt', 'slack_sdk'],
    dependencies: ['slack_bolt', 'aiohttp'],
    code: platformCode('# ---- Slack: events become events for the engine; the engine acts through the adapter ----', adapter(u), helpers(u), handlers(u, slashCommands(plan, u)), main(u)),
  };
}
