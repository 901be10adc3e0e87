// Discord in Python: discord.py 2 (gateway client, "!" text commands).

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures, pyHeader, pyHelpers, pyImports, pyLogging, pySettings } from './python-common';

export function discordPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const background = f.has('scheduled') || f.has('reminders');

  const imports = pyImports(
    [background && 'asyncio', 'logging', 'os', 're'].filter((m): m is string => Boolean(m)),
    ['import discord', f.has('llm') && 'from openai import AsyncOpenAI'],
  );

  const client = lines(
    'intents = discord.Intents.default()',
    'intents.message_content = True  # turn on "Message Content Intent" in the Developer Portal',
    f.has('welcome') && 'intents.members = True  # and "Server Members Intent" for welcome messages',
    'client = discord.Client(intents=intents)',
  );

  const remind =
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
    '    logger.info("!%s from %s", name, message.author)',
    f.has('reminders') &&
      lines(
        '    if name == "remind":',
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

  const onReady = lines(
    '@client.event',
    'async def on_ready():',
    '    logger.info("%s is online as %s in %d server(s)", BOT_NAME, client.user, len(client.guilds))',
    f.has('scheduled') &&
      lines(
        '    if not background_tasks:  # on_ready runs again after a reconnect',
        '        keep(asyncio.create_task(post_regularly()))',
      ),
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

  const onMessage = lines(
    '@client.event',
    'async def on_message(message):',
    '    if message.author.bot:',
    '        return',
    '    text = message.content',
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
        '        await message.channel.send(BANNED_WORD_WARNING.replace("{name}", message.author.mention))',
        '        return',
      ),
    '    command = parse_command(text)',
    '    if command is not None:',
    '        await run_command(message, command[0], command[1])',
    '        return',
    '    mentioned = isinstance(message.channel, discord.DMChannel) or client.user in message.mentions',
    '    if REPLY_ONLY_WHEN_MENTIONED and not mentioned and keyword_reply(text) is None:',
    '        return',
    String.raw`    reply = await reply_to(re.sub(r"<@!?\d+>", "", text).strip())`,
    '    if reply:',
    '        await message.reply(reply)',
    '        logger.info("Replied to %s: %s", message.author, reply)',
  );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'async def post_regularly():',
      '    """Posts SCHEDULED_POSTS in turn to DISCORD_CHANNEL_ID, one every POST_INTERVAL_MINUTES."""',
      '    channel_id = int(require_env("DISCORD_CHANNEL_ID"))',
      '    logger.info("Posting to channel %s every %s minute(s)", channel_id, POST_INTERVAL_MINUTES)',
      '    index = 0',
      '    while True:',
      '        await asyncio.sleep(POST_INTERVAL_MINUTES * 60)',
      '        text = SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)]',
      '        index += 1',
      '        try:',
      '            channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)',
      '            await channel.send(text)',
      '            logger.info("Posted to #%s: %s", channel, text)',
      '        except discord.DiscordException as error:',
      '            logger.error("Scheduled post failed: %s", error)',
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
    pyHelpers(plan, { async: true, textCommands: true }),
    client,
    remind,
    runCommand,
    onReady,
    welcome,
    onMessage,
    scheduled,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
