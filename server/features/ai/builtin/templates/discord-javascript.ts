// Discord in JavaScript: discord.js 14 (gateway client, "!" text commands), CommonJS.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures } from './python-common';
import { jsHeader, jsHelpers, jsRequires, jsSettings } from './javascript-common';

export function discordJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;

  const requires = jsRequires(
    "const { Client, Events, GatewayIntentBits, Partials } = require('discord.js');",
    f.has('llm') && "const OpenAI = require('openai');",
  );

  const client = lines(
    '// Turn on "Message Content Intent" in the Developer Portal (and "Server Members Intent" for welcome messages).',
    'const client = new Client({',
    '  intents: [',
    '    GatewayIntentBits.Guilds,',
    '    GatewayIntentBits.GuildMessages,',
    '    GatewayIntentBits.MessageContent,',
    '    GatewayIntentBits.DirectMessages,',
    f.has('welcome') && '    GatewayIntentBits.GuildMembers,',
    '  ],',
    '  partials: [Partials.Channel], // needed to receive direct messages',
    '});',
  );

  const runCommand = lines(
    '// Answers a "!" command; unknown commands are left alone (they may be for another bot).',
    `async function runCommand(message, name${f.has('reminders') ? ', args' : ''}) {`,
    "  log('!' + name + ' from ' + message.author.tag);",
    f.has('reminders') &&
      lines(
        "  if (name === 'remind') {",
        '    const parsed = parseReminder(args);',
        '    if (!parsed) {',
        '      await message.reply(REMINDER_USAGE);',
        '      return;',
        '    }',
        "    await message.reply('OK, I will remind you in ' + parsed.minutes + ' minute(s).');",
        '    setTimeout(() => {',
        "      message.channel.send(message.author.toString() + ' reminder: ' + parsed.text)",
        "        .then(() => log('Sent a reminder to ' + message.author.tag + ': ' + parsed.text))",
        "        .catch((error) => logError('Could not send a reminder:', error.message));",
        '    }, parsed.minutes * 60 * 1000);',
        '    return;',
        '  }',
      ),
    '  const reply = commandReply(name);',
    '  if (reply !== null) await message.reply(reply);',
    '}',
  );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'let postIndex = 0;',
      '',
      '// Posts SCHEDULED_POSTS in turn to DISCORD_CHANNEL_ID, one every POST_INTERVAL_MINUTES.',
      'async function postScheduled(channelId) {',
      '  const text = SCHEDULED_POSTS[postIndex % SCHEDULED_POSTS.length];',
      '  postIndex += 1;',
      '  try {',
      '    const channel = await client.channels.fetch(channelId);',
      '    await channel.send(text);',
      "    log('Posted to #' + channel.name + ': ' + text);",
      '  } catch (error) {',
      "    logError('Scheduled post failed:', error.message);",
      '  }',
      '}',
    );

  const onReady = lines(
    'client.once(Events.ClientReady, (ready) => {',
    "  log(BOT_NAME + ' is online as ' + ready.user.tag + ' in ' + ready.guilds.cache.size + ' server(s)');",
    f.has('scheduled') &&
      lines(
        "  const channelId = requireEnv('DISCORD_CHANNEL_ID');",
        '  setInterval(() => postScheduled(channelId), POST_INTERVAL_MINUTES * 60 * 1000);',
        "  log('Posting to channel ' + channelId + ' every ' + POST_INTERVAL_MINUTES + ' minute(s)');",
      ),
    '});',
  );

  const welcome =
    f.has('welcome') &&
    lines(
      "// Greets new members in the server's system channel.",
      'client.on(Events.GuildMemberAdd, async (member) => {',
      "  log('New member: ' + member.user.tag + ' in ' + member.guild.name);",
      '  const channel = member.guild.systemChannel;',
      "  if (channel) await channel.send(WELCOME_MESSAGE.replace('{name}', member.toString()));",
      '});',
    );

  const onMessage = lines(
    'client.on(Events.MessageCreate, async (message) => {',
    '  if (message.author.bot) return;',
    '  const text = message.content;',
    "  log('Message from ' + message.author.tag + ': ' + text);",
    '  try {',
    f.has('moderation') &&
      lines(
        '    const banned = findBannedWord(text);',
        '    if (banned !== null) {',
        "      log('Removing a message from ' + message.author.tag + ': it contains \"' + banned + '\"');",
        "      await message.delete().catch((error) => logError('Could not delete the message (the bot needs Manage Messages):', error.message));",
        "      await message.channel.send(BANNED_WORD_WARNING.replace('{name}', message.author.toString()));",
        '      return;',
        '    }',
      ),
    '    const command = parseCommand(text);',
    '    if (command) {',
    `      await runCommand(message, command.name${f.has('reminders') ? ', command.args' : ''});`,
    '      return;',
    '    }',
    '    const mentioned = !message.guild || message.mentions.has(client.user);',
    '    if (REPLY_ONLY_WHEN_MENTIONED && !mentioned && keywordReply(text) === null) return;',
    String.raw`    const reply = await replyTo(text.replace(/<@!?\d+>/g, '').trim());`,
    '    if (reply) {',
    '      await message.reply(reply);',
    "      log('Replied to ' + message.author.tag + ': ' + reply);",
    '    }',
    '  } catch (error) {',
    "    logError('Error while handling a message:', error);",
    '  }',
    '});',
  );

  const main = lines(
    "client.login(requireEnv('DISCORD_BOT_TOKEN')).catch((error) => {",
    "  logError('Could not log in to Discord:', error.message);",
    '  process.exit(1);',
    '});',
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: true }),
    client,
    runCommand,
    scheduled,
    onReady,
    welcome,
    onMessage,
    main,
  )}\n`;
}
