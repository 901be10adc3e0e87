// The Discord part of a rendered Python bot (discord.py 2, the gateway): messages (commands are
// plain text starting with the plan's prefix), joins and leaves, button presses and reactions
// become events; the adapter sends, reacts, deletes, times out, kicks and bans.

import { code, lines, replacedIn, sections, type Part } from '../compose';
import { channelAndOwner, dataFileLine, NUMBERED, platformCode, type PyPlatform, REQUIRE_ENV, requiredChecks, SCHEDULE_TASKS } from './platform';
import type { Usage } from './usage';
import { copiesReacted } from '../plan-uses';

const SEND_WITH_BUTTONS = code`
        view = None
        if buttons:  # a press comes back as an interaction with custom id "b:<id>"
            view = discord.ui.View(timeout=None)
            for button in buttons[:25]:
                view.add_item(discord.ui.Button(label=button["label"][:80], custom_id="b:" + button["id"]))
        await channel.send(text[:2000], view=view)  # Discord messages hold at most 2000 characters`;

const SEND_POLL = code`

    async def send_poll(self, chat, question, options):
        """A native Discord poll (discord.py 2.4 and later, open 24 hours); numbered lines before that."""
        channel = await self.channel_of(chat)
        if not hasattr(discord, "Poll"):
            await channel.send(numbered(question, options)[:2000])
            return
        poll = discord.Poll(question=question[:300], duration=timedelta(hours=24))
        for option in options[:10]:
            poll.add_answer(text=option[:55])
        await channel.send(poll=poll)`;

const MESSAGE_OF = code`

    async def message_of(self, event):
        """The message an event is about: the message itself, the one reacted to, the one whose button was pressed."""
        raw = event["raw"]
        if isinstance(raw, discord.RawReactionActionEvent):
            return (await self.channel_of(raw.channel_id)).get_partial_message(raw.message_id)
        if isinstance(raw, discord.Interaction):
            return raw.message
        return raw`;

const MEMBER_OF = code`

    async def member_of(self, event):
        """The sender as a member of the server the event happened in (None in a direct message)."""
        raw = event["raw"]
        guild = raw.guild if hasattr(raw, "guild") else self.client.get_guild(raw.guild_id) if raw.guild_id else None
        if guild is None:
            logger.warning("%s is not in a server here: nothing to do", event["name"])
            return None
        return guild.get_member(int(event["user"])) or await guild.fetch_member(int(event["user"]))`;

const MUTE = code`

    async def mute(self, event, minutes):
        """A timeout (the bot needs the Moderate Members permission and a role above theirs)."""
        member = await self.member_of(event)
        if member is not None:
            await member.timeout(timedelta(minutes=minutes), reason="muted by a rule of " + BOT_NAME)`;

const KICK = code`

    async def kick(self, event):
        """Removes the sender from the server (Kick Members permission); they may join again."""
        member = await self.member_of(event)
        if member is not None:
            await member.kick(reason="removed by a rule of " + BOT_NAME)`;

const BAN = code`

    async def ban(self, event):
        """Bans the sender from the server (Ban Members permission)."""
        member = await self.member_of(event)
        if member is not None:
            await member.ban(reason="banned by a rule of " + BOT_NAME)`;

const IS_ADMIN = code`

    async def is_admin(self, event):
        """Administrator or Manage Server in the server the event happened in."""
        try:
            member = await self.member_of(event)
        except discord.DiscordException as error:
            logger.warning("Could not check whether %s is an admin: %s", event["name"], error)
            return False
        permissions = member.guild_permissions if member is not None else None
        return bool(permissions and (permissions.administrator or permissions.manage_guild))`;

const CHANNEL_NAMED = code`

    async def channel_named(self, name):
        """The channel a rule names ("hall-of-fame", any case): a text channel the bot can see in one of its
        servers (the gateway gives them all at start), or None when there is none."""
        wanted = name.lower()
        for channel in self.client.get_all_channels():
            if isinstance(channel, discord.TextChannel) and channel.name.lower() == wanted and channel.permissions_for(channel.guild.me).view_channel:
                return str(channel.id)
        return None`;

/** The body of the adapter's owner(): the direct-message channel with OWNER_CHAT_ID, opened once. */
const OWNER_BODY = code`
user_id = os.getenv("OWNER_CHAT_ID", "").strip()
        if not user_id:
            return None
        if self.owner_channel is None:
            user = self.client.get_user(int(user_id)) or await self.client.fetch_user(int(user_id))
            self.owner_channel = str((user.dm_channel or await user.create_dm()).id)
        return self.owner_channel`;

/** The adapter's methods that act on members of a server: time them out, kick, ban, and ask whether one is an admin. */
function moderation(u: Usage): Part[] {
  const a = u.actions;
  const moderates = a.has('mute') || a.has('kick') || a.has('ban') || u.conditions.has('admins');
  return [moderates && MEMBER_OF, a.has('mute') && MUTE, a.has('kick') && KICK, a.has('ban') && BAN, u.conditions.has('admins') && IS_ADMIN];
}

function adapter(u: Usage): string {
  const a = u.actions;
  return lines(
    'class DiscordAdapter:',
    '    """What the engine calls to act on Discord (the client is set in main())."""',
    '',
    '    def __init__(self):',
    '        self.client = None',
    '        self.owner_channel = None  # the direct-message channel with OWNER_CHAT_ID, once opened',
    '',
    '    async def channel_of(self, chat):',
    '        return self.client.get_channel(int(chat)) or await self.client.fetch_channel(int(chat))',
    '',
    '    async def send(self, chat, text, buttons=None):',
    '        channel = await self.channel_of(chat)',
    a.has('buttons') ? SEND_WITH_BUTTONS : '        await channel.send(text[:2000])  # Discord messages hold at most 2000 characters',
    '        logger.info("Sent to %s: %s", chat, text)',
    a.has('poll') && SEND_POLL,
    a.has('react') && '\n    async def react(self, event, emoji):\n        await (await self.message_of(event)).add_reaction(emoji)',
    a.has('delete') && '\n    async def delete_message(self, event):\n        await (await self.message_of(event)).delete()',
    (a.has('react') || a.has('delete')) && MESSAGE_OF,
    ...moderation(u),
    u.namedChannels && CHANNEL_NAMED,
    channelAndOwner('discord', u, OWNER_BODY),
  );
}

const EVENT_OF = code`
def event_of(kind, channel, user, text, raw, **more):
    """An event for the engine: the channel, who, their words (direct messages count as mentioning the bot)."""
    private = isinstance(channel, discord.DMChannel)
    return {
        "type": kind,
        "chat": str(channel.id),
        "chatName": None if private else getattr(channel, "name", None),
        "user": str(user.id),
        "name": user.display_name,
        "text": text,
        "mentioned": private,
        "raw": raw,
        **more,
    }`;

const WELCOME_CHANNEL = code`
def welcome_channel(member):
    """Where joins and leaves are told: the server's system channel (Server Settings, Overview)."""
    return member.guild.system_channel`;

function helpers(u: Usage): string {
  const t = u.triggers;
  return sections(2, REQUIRE_ENV, u.actions.has('poll') && NUMBERED, EVENT_OF, (t.has('join') || t.has('leave')) && WELCOME_CHANNEL, t.has('schedule') && SCHEDULE_TASKS);
}

const ON_READY = code`
    @client.event
    async def on_ready():
        logger.info("%s is online as %s in %d server(s)", BOT_NAME, client.user, len(client.guilds))`;

const START_TICKING = code`
        if not background_tasks:  # on_ready comes again after a reconnect
            background_tasks.add(asyncio.create_task(tick_forever(engine)))`;

const ON_MESSAGE = code`
    @client.event
    async def on_message(message):
        if message.author.bot:
            return
        text = message.content
        event = event_of("message", message.channel, message.author, text, message)
        if client.user in message.mentions:  # the bot's own mention is not part of the words
            event["mentioned"] = True
            event["text"] = re.sub(r"<@!?" + str(client.user.id) + ">", "", text).strip()
        logger.info("Message from %s in #%s: %s", event["name"], event["chatName"] or "a direct message", event["text"])
        await engine.handle(event)`;

const ON_JOIN = code`
    @client.event
    async def on_member_join(member):
        channel = welcome_channel(member)
        if member.bot or channel is None:
            return
        await engine.handle(event_of("join", channel, member, "", member))`;

const ON_LEAVE = code`
    @client.event
    async def on_member_remove(member):
        channel = welcome_channel(member)
        if member.bot or channel is None:
            return
        await engine.handle(event_of("leave", channel, member, "", member))`;

const ON_BUTTON = code`
    @client.event
    async def on_interaction(interaction):
        custom_id = (interaction.data or {}).get("custom_id", "")
        if interaction.type != discord.InteractionType.component or not custom_id.startswith("b:"):
            return
        await interaction.response.defer()  # the press is answered by the rules' messages
        rows = interaction.message.components if interaction.message else []
        label = next((item.label for row in rows for item in getattr(row, "children", []) if getattr(item, "custom_id", None) == custom_id), "")
        await engine.handle(event_of("button", interaction.channel, interaction.user, label or "", interaction, buttonId=custom_id[2:]))`;

const ON_REACTION = code`
    @client.event
    async def on_raw_reaction_add(payload):
        """Raw: reactions to messages sent before the bot started count too."""
        if payload.user_id == client.user.id or payload.emoji.is_custom_emoji():
            return
        user = payload.member or client.get_user(payload.user_id) or await client.fetch_user(payload.user_id)
        if user.bot:
            return
        channel = client.get_channel(payload.channel_id) or await client.fetch_channel(payload.channel_id)
        await engine.handle(event_of("reaction", channel, user, "", payload, emoji=str(payload.emoji)))`;

/** The same, with the words of the message reacted to (a rule sends the owner a copy of it). */
const ON_REACTION_COPY = replacedIn(ON_REACTION, 
  'await engine.handle(event_of("reaction", channel, user, "", payload,',
  'try:\n            text = (await channel.fetch_message(payload.message_id)).content\n        except discord.HTTPException as error:  # deleted, or no access to the history\n            logger.warning("Could not read the message reacted to: %s", error)\n            text = ""\n        await engine.handle(event_of("reaction", channel, user, text, payload,',
);

/** connect(): the client's events, each turned into an event for the engine. */
function handlers(u: Usage): string {
  const t = u.triggers;
  return sections(
    1,
    lines('def connect(client, engine):', '    """The events: each becomes an event for the engine."""'),
    ON_READY,
    t.has('schedule') && START_TICKING,
    ON_MESSAGE,
    t.has('join') && ON_JOIN,
    t.has('leave') && ON_LEAVE,
    t.has('button') && ON_BUTTON,
    t.has('reaction') && (copiesReacted(u) ? ON_REACTION_COPY : ON_REACTION),
  );
}

function main(u: Usage): string {
  const t = u.triggers;
  return lines(
    'def main():',
    '    token = require_env("DISCORD_BOT_TOKEN")',
    requiredChecks('discord', u),
    dataFileLine(u),
    '    intents = discord.Intents.default()  # with the reactions',
    '    intents.message_content = True  # turn on "Message Content Intent" in the Developer Portal',
    (t.has('join') || t.has('leave')) && '    intents.members = True  # and "Server Members Intent": joins and leaves',
    '    client = discord.Client(intents=intents)',
    '    adapter = DiscordAdapter()',
    '    adapter.client = client',
    '    connect(client, Engine(RULES, SETTINGS, adapter, data_file, utc_now))',
    '    logger.info("%s is starting", BOT_NAME)',
    '    client.run(token, log_handler=None)  # log_handler=None: the logging set up above',
  );
}

export function discordPython(u: Usage): PyPlatform {
  const a = u.actions;
  return {
    label: 'a Discord bot (discord.py 2)',
    stdlib: ['logging', 'os', 're', ...(u.triggers.has('schedule') ? ['asyncio'] : []), ...(a.has('mute') || a.has('poll') ? ['from datetime import timedelta'] : [])],
    thirdParty: ['import discord'],
    quiet: ['discord'],
    dependencies: ['discord.py'],
    code: platformCode('# ---- Discord: events become events for the engine; the engine acts through the adapter ----', adapter(u), helpers(u), handlers(u), main(u)),
  };
}
