// The JavaScript bots of Discord, Slack, WhatsApp, X and the HTTP webhook, read as files: every
// rule kind the platform can do alone, all of them together, no rules and hostile texts compile
// (node --check), read no undefined name (TypeScript checking them as JavaScript) and define only
// what they use; each file holds what its platform needs (settings, intents, slash commands,
// events, buttons) and only for the rules that need it. Real: node, tsc. The libraries of these
// platforms are not installed here, so only the webhook bots run (generic.test.ts, whatsapp.test.ts).
import { describe, expect, it } from 'vitest';
import type { BotPlan, BotPlanInput } from '../../../../../../shared/bot-plan.schema';
import { markUnsupported } from '../../../../../../shared/bot-plan-platforms';
import { compileMany } from '../../../../../testing/compile-batch';
import { renderPlan } from '../index';
import { EVERY_KIND, newPlan } from '../plans.fixture';
import { undefinedNames, unusedNames } from './names-check.harness';

type Platform = Exclude<BotPlan['platform'], 'telegram'>;
const PLATFORMS: Platform[] = ['discord', 'slack', 'whatsapp', 'twitter', 'generic'];
type RuleInput = Parameters<typeof newPlan>[0][number];

/** A plan of this platform, its rules marked as the plan card marks them (what the platform cannot do is left out). */
function planFor(platform: Platform, rules: RuleInput[], extra: Partial<BotPlanInput> = {}): BotPlan {
  return markUnsupported(newPlan(rules, { platform, ...extra }));
}

function render(platform: Platform, rules: RuleInput[], extra: Partial<BotPlanInput> = {}) {
  return renderPlan(planFor(platform, rules, extra), { filename: 'bot.js' });
}

const HOSTILE: RuleInput[] = [
  { when: { kind: 'keyword', words: ["it's */ `${x}` \\ \u2028"] }, do: [{ kind: 'reply', text: "*/ '\" `${y}` \n\\" }] },
  { when: { kind: 'command', name: 'go' }, do: [{ kind: 'buttons', text: "'\"`${z}`", buttons: [{ id: 'a-b_c', label: "*/ '\" \\ `${w}`" }] }] },
];

/** Rules posting in a named channel: a schedule (with a reply and a post) and a command's post; each alone too. */
const NAMED: RuleInput[] = [
  { when: { kind: 'schedule', times: ['09:00'] }, channel: 'hall-of-fame', do: [{ kind: 'reply', text: 'Stars of the week' }, { kind: 'post', text: 'Vote now' }] },
  { when: { kind: 'command', name: 'star' }, channel: 'hall-of-fame', do: [{ kind: 'post', text: '{name} starred: {args}' }, { kind: 'reply', text: 'Starred' }] },
];
const SCHEDULE_IN_NAMED: RuleInput = { when: { kind: 'schedule', everyMinutes: 60 }, channel: 'news', do: [{ kind: 'reply', text: 'Hourly news' }] };

const CASES = PLATFORMS.flatMap((platform) => {
  const single = EVERY_KIND.filter((rule) => !planFor(platform, [rule]).rules[0]!.unsupported).map((rule, i) => ({
    key: `${platform} rule ${i}: ${JSON.stringify(rule.when)} ${rule.do.map((a) => a.kind).join(',')}`,
    rules: [rule],
    extra: {},
  }));
  return [
    ...single,
    { key: `${platform} every kind, /`, rules: EVERY_KIND, extra: { settings: { timeZone: 'Europe/Berlin', prefix: '/' as const, unknownCommand: "I don't know that, {name}" } } },
    { key: `${platform} every kind, !`, rules: EVERY_KIND, extra: { settings: { timeZone: 'UTC', prefix: '!' as const } } },
    { key: `${platform} no rules`, rules: [], extra: {} },
    { key: `${platform} odd texts`, rules: HOSTILE, extra: { name: "Bob's */ bot\nline" } },
    { key: `${platform} named channels`, rules: [...NAMED, SCHEDULE_IN_NAMED], extra: {} },
    { key: `${platform} a post in a named channel`, rules: [NAMED[1]!], extra: {} },
    { key: `${platform} a schedule in a named channel`, rules: [SCHEDULE_IN_NAMED], extra: {} },
  ].map((c) => ({ ...c, platform, code: render(platform, c.rules, c.extra).code }));
});

describe('rendered JavaScript files of every platform', () => {
  it('renders a rule of every kind the platform can do, one at a time', () => {
    const counts = Object.fromEntries(PLATFORMS.map((p) => [p, CASES.filter((c) => c.platform === p).length - 7])); // 7 plans of several rules or none
    expect(counts).toEqual({ discord: EVERY_KIND.length, slack: EVERY_KIND.length - 3, whatsapp: EVERY_KIND.length - 6, twitter: EVERY_KIND.length - 9, generic: EVERY_KIND.length - 8 });
  });

  it('every one compiles (node --check)', async () => {
    const results = await compileMany(CASES.map((c) => ({ key: c.key, filename: 'bot.js', code: c.code })));
    for (const c of CASES) expect(results.get(c.key), c.key).toBe('');
  });

  it('reads no name it does not define (TypeScript checking it as JavaScript)', async () => {
    const found = await undefinedNames(CASES.map((c) => ({ key: c.key, code: c.code })));
    for (const c of CASES) expect(found.get(c.key), c.key).toEqual([]);
  }, 60_000);

  it('the names check finds a name nothing defines', async () => {
    const broken = CASES[0]!.code.replace('if (message.author.bot) return;', 'if (mesage.author.bot) return;');
    const found = await undefinedNames([{ key: 'typo', code: broken }]);
    expect(found.get('typo')).toEqual([expect.stringContaining("'mesage'")]);
  }, 60_000);

  it('defines only what it uses: each helper, constant and require is used', () => {
    for (const c of CASES) expect(unusedNames(c.code), c.key).toEqual([]);
  });

  it('opens with how to set the bot up, and says which settings to set and what to install', () => {
    const slack = render('slack', [{ when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hello' }] }]);
    expect(slack.code).toContain('// Set it up:\n// - Create a Slack app');
    expect(slack.code).toContain('// Run it: set SLACK_BOT_TOKEN, SLACK_APP_TOKEN, install @slack/bolt (npm install @slack/bolt),\n// then run `node bot.js`.');
    const generic = render('generic', []);
    expect(generic.code).toContain('// Run it:\n// then run `node bot.js`.');
    expect(generic.dependencies).toEqual([]);
  });
});

const REPLY: RuleInput = { when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hello' }] };
const names = (env: Array<{ name: string }>) => env.map((e) => e.name);

describe('Discord (discord.js 14)', () => {
  const every = render('discord', EVERY_KIND, { settings: { timeZone: 'UTC', prefix: '!' } });
  const reply = render('discord', [REPLY]);

  it('reads the token, the channel and the owner; asks for the intents and permissions the rules need', () => {
    expect(names(every.env)).toEqual(['DISCORD_BOT_TOKEN', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'DISCORD_CHANNEL_ID', 'OWNER_CHAT_ID', 'DATA_FILE']);
    expect(every.env.find((e) => e.name === 'OWNER_CHAT_ID')!.description).toMatch(/Discord user id/);
    expect(names(reply.env)).toEqual(['DISCORD_BOT_TOKEN']);
    expect(every.code).toContain('intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMessageReactions, GatewayIntentBits.DirectMessageReactions],');
    expect(every.code).toContain('partials: [Partials.Channel, Partials.Message, Partials.Reaction, Partials.GuildMember]');
    expect(every.code).toMatch(/Message Content intent and the Server Members intent/);
    expect(every.code).toMatch(/permissions Send Messages, Read Message History, Add Reactions, Manage Messages, Moderate Members, Kick Members, Ban Members, Send Polls\./);
    expect(reply.code).toContain('intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages],');
    for (const part of ['GuildMembers', 'ButtonBuilder', 'PermissionFlagsBits', 'MessageReactionAdd', 'InteractionCreate', 'memberOf', 'setInterval']) expect(reply.code).not.toContain(part);
  });

  it('handles messages (mentions taken out), members, buttons b:<id>, reactions; moderates with timeout, kick, ban', () => {
    for (const part of [
      "message.mentions.users.has(client.user.id)",
      "new RegExp('<@!?' + client.user.id + '>', 'g')",
      'Events.GuildMemberAdd',
      'Events.GuildMemberRemove',
      "setCustomId('b:' + button.id)",
      "interaction.customId.startsWith('b:')",
      'Events.MessageReactionAdd',
      '.timeout(minutes * 60000',
      '.kick(',
      '.ban(',
      'PermissionFlagsBits.Administrator) || permissions.has(PermissionFlagsBits.ManageGuild)',
      "{ poll: { question: { text: question }, answers: options.map((text) => ({ text }))",
      "return id ? 'user:' + id : null;",
      "client.users.fetch(chat.slice(5))",
      'setInterval(tick, 20000)',
    ]) expect(every.code).toContain(part);
  });

  it('finds a named channel among the text channels it can see, only for a plan whose rules post in one', () => {
    const named = render('discord', NAMED);
    for (const part of [
      "const { ChannelType, Client, Events, GatewayIntentBits, Partials } = require('discord.js');",
      'channelNamed: (name) => {',
      'c.type === ChannelType.GuildText || c.type === ChannelType.GuildAnnouncement',
      'c.viewable && c.name.toLowerCase() === wanted',
      'const channel = await channelFor(bot, rule);',
      "run.event.type === 'schedule' ? run.chat : await channelFor(run.bot, run.rule)",
      "// - The rules post in #hall-of-fame: the bot finds each text channel by name among those it can see",
    ]) expect(named.code).toContain(part);
    for (const part of ['channelNamed', 'ChannelType', 'channelFor']) expect(every.code).not.toContain(part);
  });
});

describe('Slack (Bolt, Socket Mode)', () => {
  const slash = render('slack', EVERY_KIND, { settings: { timeZone: 'UTC', prefix: '/' } });
  const bang = render('slack', EVERY_KIND, { settings: { timeZone: 'UTC', prefix: '!' } });

  it('reads both tokens, the channel and the owner; with the / prefix each command is a slash command the setup names', () => {
    expect(names(slash.env)).toEqual(['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'SLACK_CHANNEL_ID', 'OWNER_CHAT_ID', 'DATA_FILE']);
    expect(slash.code).toContain("app.command('/' + name, async ({ command, ack }) => {");
    expect(slash.code).toContain("const text = '/' + name + (command.text ? ' ' + fromSlack(command.text) : '');");
    expect(slash.code).toContain('// - Create the slash commands /menu, /join, /drop, /team, /reset, /top, /apply, /quiz, /ctof, /usd, /tell, /kick, /poll, /lunch, /weather, /btc, /news, /ask, /de, /magic, /zero, /next under Slash Commands');
    expect(slash.code).toMatch(/scopes .*commands;/);
    expect(bang.code).not.toContain('app.command(');
    expect(bang.code).not.toContain('slash commands');
  });

  it('app_mention sets mentioned (the plain copy skipped), members, Block Kit buttons, reactions by name, kick, polls as text', () => {
    for (const part of [
      "app.event('app_mention'",
      "if (!direct && (message.text || '').includes(mention)) return;",
      "app.event('member_joined_channel'",
      "app.event('member_left_channel'",
      "action_id: 'b:' + b.id",
      'app.action(/^b:/',
      "app.event('reaction_added'",
      'app.client.reactions.add(',
      'app.client.conversations.kick({ channel: event.chat, user: event.user })',
      'toSlack(pollText(question, options))',
      'user.is_admin || user.is_owner',
    ]) expect(slash.code).toContain(part);
    const reply = render('slack', [REPLY]);
    for (const part of ['app_mention', 'member_joined_channel', 'reaction_added', 'SLACK_EMOJI', 'buttonBlocks']) expect(reply.code).not.toContain(part);
  });

  it('leaves out what Slack cannot do (delete, mute, ban) and says so on the rule', () => {
    const plan = planFor('slack', EVERY_KIND);
    expect(plan.rules.filter((r) => r.unsupported).map((r) => r.do.map((a) => a.kind).join(','))).toEqual(['delete,warn', 'mute', 'ban']);
    expect(slash.code).not.toContain('deleteMessage:');
  });
});

describe('named channels on Slack and elsewhere', () => {
  it('Slack finds a public channel by name (conversations.list, every page, kept), only for a plan whose rules post in one', () => {
    const named = render('slack', NAMED);
    for (const part of [
      'channelNamed: channelIds(app),',
      "app.client.conversations.list({ types: 'public_channel', exclude_archived: true, limit: 1000, cursor })",
      'cursor = page.response_metadata && page.response_metadata.next_cursor;',
      'if (!ids.has(wanted) && Date.now() - readAt >= 60000) {',
      '// - The rules post in #hall-of-fame: the bot finds each public channel by name (invite it there too)',
    ]) expect(named.code).toContain(part);
    expect(render('slack', EVERY_KIND).code).not.toMatch(/channelNamed|channelIds|channelFor/);
  });

  it('the other platforms find no channel by name: their engine posts in the configured channel', () => {
    for (const platform of ['whatsapp', 'twitter', 'generic'] as const) {
      const code = render(platform, NAMED).code;
      expect(code, platform).toContain('async function channelFor(bot, rule) {');
      expect(code, platform).not.toContain('channelNamed:');
    }
  });
});

describe('WhatsApp (the Cloud API webhook)', () => {
  const every = render('whatsapp', EVERY_KIND);
  it('reads the Cloud API settings, the recipients of scheduled posts and the owner; checks the signature', () => {
    expect(names(every.env)).toEqual([
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_VERIFY_TOKEN',
      'OPENAI_API_KEY',
      'OPENAI_BASE_URL',
      'OPENAI_MODEL',
      'WHATSAPP_RECIPIENTS',
      'OWNER_CHAT_ID',
      'DATA_FILE',
      'WHATSAPP_APP_SECRET',
      'PORT',
      'HOST',
    ]);
    for (const part of ["app.get('/webhook'", "req.query['hub.verify_token']", "app.post('/webhook'", "'X-Hub-Signature-256'", "type: 'interactive'", "type: 'reaction', reaction: { message_id: event.raw.id, emoji }"]) {
      expect(every.code).toContain(part);
    }
  });
});

describe('X (twitter-api-v2)', () => {
  const every = render('twitter', EVERY_KIND);
  it('polls mentions, replies to them, likes, tweets to the timeline, runs X polls and messages the owner', () => {
    expect(names(every.env)).toEqual(['TWITTER_API_KEY', 'TWITTER_API_SECRET', 'TWITTER_ACCESS_TOKEN', 'TWITTER_ACCESS_SECRET', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'OWNER_CHAT_ID', 'DATA_FILE']);
    for (const part of [
      'client.v2.userMentionTimeline(me.id, options)',
      "new RegExp('@' + me.username + '\\\\b', 'gi')",
      'mentioned: true',
      'client.v2.reply(text.slice(0, 280), answering.tweetId)',
      'client.v2.like(me.id, event.raw.id)',
      'client.v2.tweet(text.slice(0, 280))',
      'client.v2.sendDmToParticipant(chat.slice(3), { text })',
      "const poll = { options: options.slice(0, 4).map((o) => o.slice(0, 25)), duration_minutes: 1440 };",
      'client.v2.tweet(question.slice(0, 280), { poll })',
      'setInterval(tick, 20000)',
    ]) expect(every.code).toContain(part);
    const plan = planFor('twitter', EVERY_KIND);
    expect(plan.rules.filter((r) => r.unsupported)).toHaveLength(9);
  });
});
