// Discord in Python: discord.py 2 (gateway client, "!" text commands).

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { hasBehaviourCommands } from './behaviours-python';
import { pyStartJobs } from './behaviours-python-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { pyHeader, pyHelpers, pyImports, pyLogging, pySettings, type PyOptions } from './python-common';

export function discordPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const background = f.has('scheduled') || f.has('reminders') || f.has('news');
  const mutes = f.has('moderation') && plan.warnLimit > 0;
  const behaviours = hasBehaviourCommands(plan);
  const members = f.has('welcome') || f.has('goodbye');
  const options: PyOptions = { async: true, textCommands: true, menu: 'buttons', filename };
  const remind = plan.commands.remind ?? 'remind';

  const imports = pyImports(
    [background && 'asyncio', 'logging', 'os', 're', mutes && 'from datetime import timedelta'].filter((m): m is string => Boolean(m)),
    ['import discord', usesModel(plan) && 'from openai import AsyncOpenAI'],
    { plan, options },
  );

  const client = lines(
    'intents = discord.Intents.default()',
    'intents.message_content = True  # turn on "Message Content Intent" in the Developer Portal',
    members && 'intents.members = True  # and "Server Members Intent" for welcome and goodbye messages',
    'client = discord.Client(intents=intents)',
  );

  const sender = code`
def sender_of(message):
    """Who sent a message: the channel, the person's id and a mention of them."""
    return Sender(str(message.channel.id), str(message.author.id), message.author.mention)`;

  const answers =
    behaviours &&
    sections(
      2,
      f.has('menu') &&
        code`
class MenuView(discord.ui.View):
    """MENU as buttons under a message; a press is answered with the item's reply (while the bot runs)."""

    def __init__(self):
        super().__init__(timeout=None)
        for index, item in enumerate(MENU[:25]):
            button = discord.ui.Button(label=item["label"][:80], custom_id="menu:" + str(index))
            button.callback = self.answer(item)
            self.add_item(button)

    @staticmethod
    def answer(item):
        """The function that answers a press on the item's button."""

        async def pressed(interaction):
            logger.info("Menu %r from %s", item["label"], interaction.user)
            await interaction.response.send_message(item["reply"])

        return pressed`,
      lines(
        'async def send_answer(message, answer):',
        `    """Sends what a behaviour answered: a text${f.has('menu') ? ', or the menu with its buttons' : ''}."""`,
        f.has('menu') && '    if isinstance(answer, dict) and "menu" in answer:',
        f.has('menu') && '        await message.reply(answer["text"], view=MenuView())',
        `    ${f.has('menu') ? 'elif' : 'if'} answer:`,
        '        await message.reply(answer[:2000])  # Discord messages hold at most 2000 characters',
      ),
    );

  const remindLater =
    f.has('reminders') &&
    lines(
      'async def remind_later(channel, mention, minutes, text):',
      '    """Waits, then posts the reminder where it was asked for."""',
      '    await asyncio.sleep(minutes * 60)',
      '    try:',
      '        await channel.send(mention + " reminder: " + text)',
      '        logger.info("Sent a reminder in #%s: %s", channel, text)',
      '    except discord.DiscordException as error:',
      '        logger.error("Could not send a reminder: %s", error)',
    );

  const runCommand = lines(
    'async def run_command(message, name, args):',
    '    """Answers a "!" command; unknown commands are left alone (they may be for another bot)."""',
    behaviours && '    if name in BEHAVIOUR_COMMANDS:',
    behaviours && '        await send_answer(message, await run_behaviour(name, args, sender_of(message)))',
    behaviours && '        return',
    '    logger.info("!%s from %s", name, message.author)',
    f.has('reminders') &&
      lines(
        `    if name == "${remind}":`,
        '        parsed = parse_reminder(args)',
        '        if parsed is None:',
        '            await message.reply(REMINDER_USAGE)',
        '            return',
        '        minutes, text = parsed',
        '        await message.reply("OK, I will remind you in " + str(minutes) + " minute(s).")',
        '        keep(asyncio.create_task(remind_later(message.channel, message.author.mention, minutes, text)))',
        '        return',
      ),
    '    reply = command_reply(name)',
    '    if reply is not None:',
    '        await message.reply(reply)',
  );

  const channelJobs = f.has('scheduled') || f.has('news');
  const send =
    channelJobs &&
    code`
async def send_to_channel(text):
    """Posts to the channel DISCORD_CHANNEL_ID (scheduled posts${f.has('news') ? ', new headlines' : ''})."""
    channel_id = int(os.environ["DISCORD_CHANNEL_ID"])
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    await channel.send(text)


jobs_started = False  # on_ready runs again after a reconnect: start the jobs once`;

  const onReady = lines(
    '@client.event',
    'async def on_ready():',
    channelJobs && '    global jobs_started',
    '    logger.info("%s is online as %s in %d server(s)", BOT_NAME, client.user, len(client.guilds))',
    channelJobs && '    if jobs_started:',
    channelJobs && '        return',
    channelJobs && '    jobs_started = True',
    channelJobs &&
      (f.has('scheduled')
        ? lines(pyStartJobs(plan, true, 'send_to_channel'), '    logger.info("Posting to channel %s", os.environ["DISCORD_CHANNEL_ID"])')
        : lines(
            '    if not os.getenv("DISCORD_CHANNEL_ID"):',
            `        logger.info("DISCORD_CHANNEL_ID is not set: new headlines are not posted (!${plan.commands.news} still shows them)")`,
            '        return',
            pyStartJobs(plan, true, 'send_to_channel'),
            '    logger.info("Posting new headlines every %s minute(s)", NEWS_INTERVAL_MINUTES)',
          )),
  );

  const welcome =
    f.has('welcome') &&
    lines(
      '@client.event',
      'async def on_member_join(member):',
      '    """Greets new members in the server\'s system channel."""',
      '    logger.info("New member: %s in %s", member, member.guild)',
      '    channel = member.guild.system_channel',
      '    if channel is not None:',
      '        await channel.send(WELCOME_MESSAGE.replace("{name}", member.mention))',
    );

  const goodbye =
    f.has('goodbye') &&
    code`
@client.event
async def on_member_remove(member):
    """Says goodbye in the server's system channel when a member leaves."""
    logger.info("Member left: %s from %s", member, member.guild)
    channel = member.guild.system_channel
    if channel is not None:
        await channel.send(GOODBYE_MESSAGE.replace("{name}", member.display_name))`;

  const warn = mutes
    ? code`
        count = add_warning(sender)
        if must_mute(count) and isinstance(message.author, discord.Member):
            try:
                await message.author.timeout(timedelta(minutes=MUTE_MINUTES), reason="banned words")
                logger.info("Timed out %s for %s minute(s)", message.author, MUTE_MINUTES)
                await message.channel.send(mute_text(sender))
                return
            except discord.DiscordException as error:
                logger.warning("Could not time out %s (the bot needs Moderate Members, above their role): %s", message.author, error)
        await message.channel.send(warning_text(sender, count))`
    : '        await message.channel.send(BANNED_WORD_WARNING.replace("{name}", sender.name))';

  const onMessage = lines(
    '@client.event',
    'async def on_message(message):',
    '    if message.author.bot:',
    '        return',
    '    text = message.content',
    '    sender = sender_of(message)',
    '    logger.info("Message from %s in #%s: %s", message.author, message.channel, text)',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Removing a message from %s: it contains %r", message.author, banned)',
        '        try:',
        '            await message.delete()',
        '        except discord.DiscordException as error:',
        '            logger.warning("Could not delete the message (the bot needs Manage Messages): %s", error)',
        warn,
        '        return',
      ),
    '    command = parse_command(text)',
    '    if command is not None:',
    '        await run_command(message, command[0], command[1])',
    '        return',
    f.has('counter') && '    count_message(sender)',
    '    mentioned = isinstance(message.channel, discord.DMChannel) or client.user in message.mentions',
    '    if REPLY_ONLY_WHEN_MENTIONED and not mentioned and keyword_reply(text) is None:',
    '        return',
    String.raw`    reply = await reply_to(re.sub(r"<@!?\d+>", "", text).strip(), sender)`,
    '    if reply:',
    '        await message.reply(reply)',
    '        logger.info("Replied to %s: %s", message.author, reply)',
  );

  const main = lines(
    'def main():',
    '    token = require_env("DISCORD_BOT_TOKEN")',
    f.has('scheduled') && '    require_env("DISCORD_CHANNEL_ID")  # checked now rather than at the first post',
    '    logger.info("%s is starting", BOT_NAME)',
    '    client.run(token, log_handler=None)  # log_handler=None: use the logging set up above',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan), pySettings(plan)),
    pyHelpers(plan, options),
    client,
    sender,
    answers,
    remindLater,
    runCommand,
    send,
    onReady,
    welcome,
    goodbye,
    onMessage,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
