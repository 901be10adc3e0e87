// Discord in JavaScript: discord.js 14 (gateway client, "!" text commands), CommonJS.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { jsBehaviourRequires, jsHasBehaviourCommands } from './behaviours-javascript';
import { jsStartJobs } from './behaviours-javascript-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { jsHeader, jsHelpers, jsRequires, jsSettings, jsStartOrExit } from './javascript-common';

export function discordJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const remind = plan.commands.remind ?? 'remind';
  const mutes = f.has('moderation') && plan.warnLimit > 0;
  const behaviours = jsHasBehaviourCommands(plan);
  const members = f.has('welcome') || f.has('goodbye');

  const discordNames = [...(f.has('menu') ? ['ActionRowBuilder', 'ButtonBuilder', 'ButtonStyle'] : []), 'Client', 'Events', 'GatewayIntentBits', 'Partials'];
  const requires = jsRequires(
    `const { ${discordNames.join(', ')} } = require('discord.js');`,
    ...jsBehaviourRequires(plan),
    usesModel(plan) && "const OpenAI = require('openai');",
  );

  const client = lines(
    `// Turn on "Message Content Intent" in the Developer Portal${members ? ' (and "Server Members Intent" for welcome and goodbye messages)' : ''}.`,
    'const client = new Client({',
    '  intents: [',
    '    GatewayIntentBits.Guilds,',
    '    GatewayIntentBits.GuildMessages,',
    '    GatewayIntentBits.MessageContent,',
    '    GatewayIntentBits.DirectMessages,',
    members && '    GatewayIntentBits.GuildMembers,',
    '  ],',
    '  partials: [Partials.Channel], // needed to receive direct messages',
    '});',
  );

  const sender = code`
// Who sent a message: the channel, the person's id and a mention of them.
function senderOf(message) {
  return { chat: message.channel.id, user: message.author.id, name: message.author.toString() };
}`;

  const answers =
    behaviours &&
    sections(
      1,
      lines(
        `// Sends what a behaviour answered: a text${f.has('menu') ? ', or the menu with its buttons' : ''}.`,
        'async function sendAnswer(message, answer) {',
        '  if (!answer) return;',
        f.has('menu') && '  if (answer.menu) return message.reply({ content: answer.text, components: menuRows() });',
        '  return message.reply(String(answer).slice(0, 2000)); // Discord messages hold at most 2000 characters',
        '}',
      ),
      f.has('menu') &&
        code`
// MENU as buttons, five to a row (Discord shows at most 25).
function menuRows() {
  const rows = [];
  MENU.slice(0, 25).forEach((item, index) => {
    if (index % 5 === 0) rows.push(new ActionRowBuilder());
    const button = new ButtonBuilder().setCustomId('menu:' + index).setLabel(item.label.slice(0, 80)).setStyle(ButtonStyle.Primary);
    rows[rows.length - 1].addComponents(button);
  });
  return rows;
}

// A press on a menu button: answered with the item's reply.
client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isButton() || !interaction.customId.startsWith('menu:')) return;
  const item = MENU[Number(interaction.customId.slice('menu:'.length))];
  if (!item) return;
  log('Menu "' + item.label + '" from ' + interaction.user.tag);
  try {
    await interaction.reply({ content: item.reply });
  } catch (error) {
    logError('Could not answer a menu button:', error.message);
  }
});`,
    );

  const runCommand = lines(
    '// Answers a "!" command; unknown commands are left alone (they may be for another bot).',
    'async function runCommand(message, name, args) {',
    behaviours && '  if (isBehaviour(name)) {',
    behaviours && '    await sendAnswer(message, await runBehaviour(name, args, senderOf(message)));',
    behaviours && '    return;',
    behaviours && '  }',
    "  log('!' + name + ' from ' + message.author.tag);",
    f.has('reminders') &&
      lines(
        `  if (name === '${remind}') {`,
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

  const channelJobs = f.has('scheduled') || f.has('news');
  const send =
    channelJobs &&
    code`
// A function that posts to one channel (scheduled posts${f.has('news') ? ', new headlines' : ''}).
function channelSender(channelId) {
  return async (text) => {
    const channel = await client.channels.fetch(channelId);
    await channel.send(text);
  };
}`;

  const onReady = lines(
    'client.once(Events.ClientReady, (ready) => {',
    "  log(BOT_NAME + ' is online as ' + ready.user.tag + ' in ' + ready.guilds.cache.size + ' server(s)');",
    channelJobs &&
      (f.has('scheduled')
        ? lines(
            "  const channelId = requireEnv('DISCORD_CHANNEL_ID');",
            jsStartJobs(plan, 'channelSender(channelId)', '  '),
            "  log('Posting to channel ' + channelId);",
          )
        : lines(
            '  const channelId = process.env.DISCORD_CHANNEL_ID;',
            '  if (channelId) {',
            jsStartJobs(plan, 'channelSender(channelId)', '    '),
            "    log('Posting new headlines to channel ' + channelId + ' every ' + NEWS_INTERVAL_MINUTES + ' minute(s)');",
            '  } else {',
            `    log('DISCORD_CHANNEL_ID is not set: new headlines are not posted (!${plan.commands.news} still shows them)');`,
            '  }',
          )),
    '});',
  );

  const welcome =
    f.has('welcome') &&
    lines(
      "// Greets new members in the server's system channel.",
      'client.on(Events.GuildMemberAdd, async (member) => {',
      "  log('New member: ' + member.user.tag + ' in ' + member.guild.name);",
      '  const channel = member.guild.systemChannel;',
      "  if (channel) await channel.send(WELCOME_MESSAGE.split('{name}').join(member.toString()));",
      '});',
    );

  const goodbye =
    f.has('goodbye') &&
    code`
// Says goodbye in the server's system channel when a member leaves.
client.on(Events.GuildMemberRemove, async (member) => {
  log('Member left: ' + member.user.tag + ' from ' + member.guild.name);
  const channel = member.guild.systemChannel;
  if (channel) await channel.send(GOODBYE_MESSAGE.split('{name}').join(member.user.username));
});`;

  const warn = mutes
    ? code`
      const count = addWarning(sender);
      if (mustMute(count) && message.member) {
        try {
          await message.member.timeout(MUTE_MINUTES * 60 * 1000, 'banned words');
          log('Timed out ' + message.author.tag + ' for ' + MUTE_MINUTES + ' minute(s)');
          await message.channel.send(muteText(sender));
          return;
        } catch (error) {
          logError('Could not time out ' + message.author.tag + ' (the bot needs Moderate Members, above their role):', error.message);
        }
      }
      await message.channel.send(warningText(sender, count));`
    : "      await message.channel.send(BANNED_WORD_WARNING.split('{name}').join(sender.name));";

  const onMessage = lines(
    'client.on(Events.MessageCreate, async (message) => {',
    '  if (message.author.bot) return;',
    '  const text = message.content;',
    '  const sender = senderOf(message);',
    "  log('Message from ' + message.author.tag + ': ' + text);",
    '  try {',
    f.has('moderation') &&
      lines(
        '    const banned = findBannedWord(text);',
        '    if (banned !== null) {',
        "      log('Removing a message from ' + message.author.tag + ': it contains \"' + banned + '\"');",
        "      await message.delete().catch((error) => logError('Could not delete the message (the bot needs Manage Messages):', error.message));",
        warn,
        '      return;',
        '    }',
      ),
    '    const command = parseCommand(text);',
    '    if (command) {',
    '      await runCommand(message, command.name, command.args);',
    '      return;',
    '    }',
    f.has('counter') && '    countMessage(sender);',
    '    const mentioned = !message.guild || message.mentions.has(client.user);',
    '    if (REPLY_ONLY_WHEN_MENTIONED && !mentioned && keywordReply(text) === null) return;',
    String.raw`    const reply = await replyTo(text.replace(/<@!?\d+>/g, '').trim(), sender);`,
    '    if (reply) {',
    '      await message.reply(reply);',
    "      log('Replied to ' + message.author.tag + ': ' + reply);",
    '    }',
    '  } catch (error) {',
    "    logError('Error while handling a message:', error);",
    '  }',
    '});',
  );

  const main = jsStartOrExit("client.login(requireEnv('DISCORD_BOT_TOKEN'))", "'Could not log in to Discord:', error.message");

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: true, menu: 'buttons', filename }),
    client,
    sender,
    answers,
    runCommand,
    send,
    onReady,
    welcome,
    goodbye,
    onMessage,
    main,
  )}\n`;
}
