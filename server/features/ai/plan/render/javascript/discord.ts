// The Discord adapter of a rendered JavaScript bot (discord.js 14, the gateway): messages, members,
// button presses and reactions become the engine's events; its calls become Discord calls. Only the
// handlers, intents and calls the plan's rules use are written. Patterns and settings from the
// builtin generator (templates/discord-javascript.ts).
import { code, lines, replacedIn, sections } from '../compose';
import { copiesReacted, type PlanUses } from '../plan-uses';
import { channelAndOwner, dataFileLine, PLAN_EMOJI, POLL_TEXT, REQUIRE_ENV, requiredChecks, scheduleTicks } from './adapter-parts';
import type { PlatformCode } from './bot-file';

function discordRequires(uses: PlanUses): string {
  const names = [
    ...(uses.actions.has('buttons') ? ['ActionRowBuilder', 'ButtonBuilder', 'ButtonStyle'] : []),
    ...(uses.namedChannels ? ['ChannelType'] : []),
    'Client',
    'Events',
    'GatewayIntentBits',
    'Partials',
    ...(uses.conditions.has('admins') ? ['PermissionFlagsBits'] : []),
  ];
  return `const { ${names.join(', ')} } = require('discord.js');`;
}

function moderates(uses: PlanUses): boolean {
  return uses.actions.has('mute') || uses.actions.has('kick') || uses.actions.has('ban') || uses.conditions.has('admins');
}

const INTRO = code`
// ==== Discord (discord.js 14) ====`;

const EVENT = code`
// The engine's event for something in a Discord channel (chatName: the channel's name, null in a direct
// message). raw: the server (for moderation) and the message (to react to or delete).
function discordEvent(type, channelId, guild, user, member, extra) {
  const channel = guild && channelId ? guild.channels.cache.get(channelId) : null;
  return {
    type,
    chat: channelId || '',
    chatName: channel ? channel.name : null,
    user: user.id,
    name: (member && member.displayName) || user.globalName || user.username,
    text: '',
    mentioned: false,
    raw: { guild, message: null },
    ...extra,
  };
}`;

const BUTTON_ROWS = code`
// Buttons as Discord components, five to a row; a press comes back with the custom id b:<id>.
function buttonRows(buttons) {
  const rows = [];
  buttons.slice(0, 25).forEach((button, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder());
    rows[rows.length - 1].addComponents(new ButtonBuilder().setCustomId('b:' + button.id).setLabel(button.label.slice(0, 80)).setStyle(ButtonStyle.Primary));
  });
  return rows;
}`;

const MEMBER_OF = code`
// The member an event is about, in its server (moderation works in servers only, not in direct messages).
async function memberOf(event) {
  if (!event.raw.guild) throw new Error('this works in a server only, not in a direct message');
  return event.raw.guild.members.fetch(event.user);
}`;

function adapter(uses: PlanUses): string {
  const a = uses.actions;
  return lines(
    "// What the engine asks of Discord. A chat is a channel id, or 'user:<id>' for a direct message (the owner).",
    '// Moderation needs the permissions of the setup above; a refusal is logged.',
    'function discordAdapter(client) {',
    '  const target = (chat) => (chat.startsWith(\'user:\') ? client.users.fetch(chat.slice(5)) : client.channels.fetch(chat));',
    '  return {',
    '    // Discord messages hold at most 2000 characters.',
    `    send: async (chat, text${a.has('buttons') ? ', buttons' : ''}) => {`,
    "      if (!chat) return log('Not sent (this server has no system channel for it): ' + text);",
    a.has('buttons')
      ? '      await (await target(chat)).send({ content: text.slice(0, 2000), components: buttons ? buttonRows(buttons) : [] });'
      : '      await (await target(chat)).send(text.slice(0, 2000));',
    '    },',
    a.has('poll') &&
      lines(
        "    // A native poll (24 hours) where discord.js knows them (14.15 and later), else the options as text.",
        '    sendPoll: async (chat, question, options) => {',
        '      const to = await target(chat);',
        '      if (question.length <= 300 && options.every((option) => option.length <= 55)) {',
        '        try {',
        '          return await to.send({ poll: { question: { text: question }, answers: options.map((text) => ({ text })), duration: 24, allowMultiselect: false } });',
        '        } catch (error) {',
        "          log('Sending the poll as text (no native poll: ' + error.message + ')');",
        '        }',
        '      }',
        '      await to.send(pollText(question, options).slice(0, 2000));',
        '    },',
      ),
    a.has('react') && '    react: (event, emoji) => event.raw.message.react(emoji),',
    a.has('delete') && '    deleteMessage: (event) => event.raw.message.delete(),',
    a.has('mute') && "    mute: async (event, minutes) => (await memberOf(event)).timeout(minutes * 60000, BOT_NAME + ': a rule muted them'),",
    a.has('kick') && "    kick: async (event) => (await memberOf(event)).kick(BOT_NAME + ': a rule removed them'),",
    a.has('ban') && "    ban: async (event) => (await memberOf(event)).ban({ reason: BOT_NAME + ': a rule banned them' }),",
    uses.conditions.has('admins') &&
      lines(
        '    // An admin: the Administrator or Manage Server permission.',
        '    isAdmin: async (event) => {',
        '      if (!event.raw.guild) return false;',
        '      const permissions = (await memberOf(event)).permissions;',
        '      return permissions.has(PermissionFlagsBits.Administrator) || permissions.has(PermissionFlagsBits.ManageGuild);',
        '    },',
      ),
    uses.namedChannels &&
      lines(
        "    // The channel a rule names ('hall-of-fame', any case): a text or announcement channel the bot can see in one",
        '    // of its servers (the gateway gives them all at start, kept in the cache); null when there is none.',
        '    channelNamed: (name) => {',
        '      const wanted = name.toLowerCase();',
        '      const text = (c) => c.type === ChannelType.GuildText || c.type === ChannelType.GuildAnnouncement;',
        '      const found = client.channels.cache.find((c) => text(c) && c.viewable && c.name.toLowerCase() === wanted);',
        '      return found ? found.id : null;',
        '    },',
      ),
    channelAndOwner('discord', uses, "    owner: () => {\n      const id = (process.env.OWNER_CHAT_ID || '').trim();\n      return id ? 'user:' + id : null;\n    },"),
    '  };',
    '}',
  );
}

/** start()'s client: the gateway intents and partials the rules need. */
function discordClient(uses: PlanUses): string {
  const t = uses.triggers;
  const members = t.has('join') || t.has('leave');
  const intents = [
    'Guilds',
    'GuildMessages',
    'MessageContent',
    'DirectMessages',
    ...(members ? ['GuildMembers'] : []),
    ...(t.has('reaction') ? ['GuildMessageReactions', 'DirectMessageReactions'] : []),
  ];
  const partials = ['Channel', ...(t.has('reaction') ? ['Message', 'Reaction'] : []), ...(t.has('leave') ? ['GuildMember'] : [])];
  return lines(
    `  // Message Content${members ? ' and Server Members' : ''} must be turned on in the Developer Portal (Bot tab).`,
    '  const client = new Client({',
    `    intents: [${intents.map((i) => `GatewayIntentBits.${i}`).join(', ')}],`,
    `    partials: [${partials.map((p) => `Partials.${p}`).join(', ')}], // direct messages${t.has('reaction') ? ' and reactions to older messages' : ''}`,
    '  });',
  );
}

const ON_MESSAGE = lines(
  '  // A message; the bot mentioned (or a direct message) sets mentioned, and the mention is taken out of the text.',
  '  client.on(Events.MessageCreate, (message) => {',
  '    if (message.author.bot) return;',
  '    const mentioned = !message.guild || message.mentions.users.has(client.user.id);',
  "    const text = message.content.replace(new RegExp('<@!?' + client.user.id + '>', 'g'), '').trim();",
  "    return engine.handle(discordEvent('message', message.channelId, message.guild, message.author, message.member, { text, mentioned, raw: { guild: message.guild, message } }));",
  '  });',
);

const ON_JOIN = lines(
  "  // A member joins: answered in the server's system channel.",
  '  client.on(Events.GuildMemberAdd, (member) => {',
  "    if (!member.user.bot) return engine.handle(discordEvent('join', member.guild.systemChannelId, member.guild, member.user, member));",
  '  });',
);

const ON_LEAVE = lines(
  '  client.on(Events.GuildMemberRemove, (member) => {',
  "    if (!member.user.bot) return engine.handle(discordEvent('leave', member.guild.systemChannelId, member.guild, member.user, member));",
  '  });',
);

const ON_BUTTON = lines(
  '  // A press of a button the bot sent (custom id b:<id>); the text is its label.',
  '  client.on(Events.InteractionCreate, async (interaction) => {',
  "    if (!interaction.isButton() || !interaction.customId.startsWith('b:')) return;",
  "    await interaction.deferUpdate().catch((error) => logError('Could not answer a button press:', error.message));",
  '    const extra = { buttonId: interaction.customId.slice(2), text: interaction.component.label || \'\' };',
  "    await engine.handle(discordEvent('button', interaction.channelId, interaction.guild, interaction.user, interaction.member, extra));",
  '  });',
);

const ON_REACTION = lines(
  '  // A reaction added to a message (fetched first when it is older than the bot\'s cache).',
  '  client.on(Events.MessageReactionAdd, async (reaction, user) => {',
  '    if (user.bot) return;',
  '    try {',
  '      if (reaction.partial) await reaction.fetch();',
  '      const guild = reaction.message.guild;',
  '      const member = guild ? await guild.members.fetch(user.id).catch(() => null) : null;',
  '      const extra = { emoji: planEmoji(reaction.emoji.name), raw: { guild, message: reaction.message } };',
  "      await engine.handle(discordEvent('reaction', reaction.message.channelId, guild, user, member, extra));",
  '    } catch (error) {',
  "      logError('Could not read a reaction:', error.message);",
  '    }',
  '  });',
);

/** The same, with the words of the message reacted to (a rule sends the owner a copy of it). */
const ON_REACTION_COPY = replacedIn(ON_REACTION, 
  "raw: { guild, message: reaction.message } };",
  "raw: { guild, message: reaction.message } };\n      if (reaction.message.partial) await reaction.message.fetch();\n      extra.text = reaction.message.content || '';",
);

/** start()'s last part: online (and the schedules ticking), errors logged, a clean stop, the login. */
function goOnline(uses: PlanUses): string {
  return lines(
    '  client.once(Events.ClientReady, (ready) => {',
    "    log(BOT_NAME + ' is online as ' + ready.user.tag + ' in ' + ready.guilds.cache.size + ' server(s)');",
    uses.triggers.has('schedule') && scheduleTicks('    '),
    '  });',
    "  client.on(Events.Error, (error) => logError('Discord error:', error));",
    '  const stop = () => client.destroy().then(() => process.exit(0));',
    "  process.once('SIGINT', stop);",
    "  process.once('SIGTERM', stop);",
    '',
    "  log(BOT_NAME + ' is starting: connecting to Discord');",
    '  await client.login(token);',
  );
}

function start(uses: PlanUses): string {
  const t = uses.triggers;
  return lines(
    '// Starts the bot: connects to the Discord gateway; the schedules are checked every 20 seconds once online.',
    'async function start() {',
    "  const token = requireEnv('DISCORD_BOT_TOKEN');",
    requiredChecks('discord', uses),
    discordClient(uses),
    dataFileLine(uses),
    '  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: discordAdapter(client), dataFile, now: () => new Date() });',
    '',
    ON_MESSAGE,
    t.has('join') && ON_JOIN,
    t.has('leave') && ON_LEAVE,
    t.has('button') && ON_BUTTON,
    t.has('reaction') && (copiesReacted(uses) ? ON_REACTION_COPY : ON_REACTION),
    goOnline(uses),
    '}',
  );
}

export function discordPlatform(uses: PlanUses): PlatformCode {
  const a = uses.actions;
  return {
    label: 'Discord (discord.js 14, Node.js)',
    requires: discordRequires(uses),
    code: sections(
      1,
      INTRO,
      REQUIRE_ENV,
      EVENT,
      a.has('buttons') && BUTTON_ROWS,
      a.has('poll') && POLL_TEXT,
      uses.triggers.has('reaction') && PLAN_EMOJI,
      moderates(uses) && MEMBER_OF,
      adapter(uses),
      start(uses),
    ),
    dependencies: ['discord.js'],
  };
}
