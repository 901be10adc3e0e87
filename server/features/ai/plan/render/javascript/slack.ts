// The Slack adapter of a rendered JavaScript bot (Bolt for JavaScript, Socket Mode: no public URL):
// messages, slash commands, app mentions, members, Block Kit button presses and reactions become the
// engine's events; its calls become Web API calls. Only what the plan's rules use is written.
// Patterns and settings from the builtin generator (templates/slack-javascript.ts).
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { jsString } from '../../../literals';
import { code, lines, replacedIn, sections } from '../compose';
import { SLACK_EMOJI } from '../slack-emoji';
import { copiesReacted, type PlanUses } from '../plan-uses';
import { slackSlashCommands } from '../setup';
import { channelAndOwner, dataFileLine, POLL_TEXT, REQUIRE_ENV, requiredChecks, scheduleTicks } from './adapter-parts';
import type { PlatformCode } from './bot-file';

const INTRO = code`
// ==== Slack (Bolt for JavaScript, Socket Mode) ====

// Slack writes &, < and > as &amp; &lt; &gt; in message text (< and > mark mentions and links).
function fromSlack(text) {
  return String(text || '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function toSlack(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// People's display names and channels' names (users.info, conversations.info), asked once each; a name
// that cannot be read is the person's mention, and a direct message has no channel name.
function slackDirectory(app) {
  const names = new Map();
  const chats = new Map();
  return {
    async name(user) {
      if (!names.has(user)) {
        const found = await app.client.users.info({ user }).catch((error) => logError('Could not read the name of ' + user + ':', error.message));
        const profile = (found && found.user && found.user.profile) || {};
        names.set(user, profile.display_name || profile.real_name || (found && found.user && found.user.name) || '<@' + user + '>');
      }
      return names.get(user);
    },
    async chatName(channel) {
      if (!chats.has(channel)) {
        const found = await app.client.conversations.info({ channel }).catch((error) => logError('Could not read the channel ' + channel + ':', error.message));
        chats.set(channel, found && found.channel && !found.channel.is_im ? found.channel.name : null);
      }
      return chats.get(channel);
    },
  };
}

// The engine's event for something in a Slack channel (chatName: the channel's name without '#').
async function slackEvent(directory, type, channel, user, extra) {
  return { type, chat: channel, chatName: await directory.chatName(channel), user, name: await directory.name(user), text: '', mentioned: false, raw: {}, ...extra };
}`;

const BUTTON_BLOCKS = code`
// The text and its buttons as Block Kit; a press comes back with the action id b:<id>.
function buttonBlocks(text, buttons) {
  const elements = buttons.slice(0, 25).map((b) => ({ type: 'button', text: { type: 'plain_text', text: b.label.slice(0, 75), emoji: true }, action_id: 'b:' + b.id, value: b.id }));
  return [{ type: 'section', text: { type: 'plain_text', text: text.slice(0, 3000), emoji: true } }, { type: 'actions', elements }];
}`;

const EMOJI = lines(
  "// Slack names reactions (+1, tada); the plan writes emoji. The common ones, both ways; ':name:' in RULES",
  "// names any other (a workspace's own emoji too).",
  'const SLACK_EMOJI = {',
  ...SLACK_EMOJI.map(([emoji, name]) => `  ${jsString(emoji)}: ${jsString(name)},`),
  '};',
  '',
  code`
// '👍' -> '+1', ':partyparrot:' -> 'partyparrot'; null when Slack's name for it is not known here.
function slackEmojiName(emoji) {
  const named = /^:([\w+-]+):$/.exec(emoji);
  if (named) return named[1];
  const plain = (e) => e.replace(/\uFE0F/g, '');
  const found = Object.keys(SLACK_EMOJI).find((e) => plain(e) === plain(emoji));
  return found ? SLACK_EMOJI[found] : null;
}`,
);

const EMOJI_OF = code`
// A reaction's name as the plan writes it: the emoji of a reaction rule with that Slack name, else the
// emoji, else ':name:'. Skin tones (thumbsup::skin-tone-2) do not count; thumbsup is +1.
function emojiOf(name) {
  const plainName = ({ thumbsup: '+1', thumbsdown: '-1' })[name.split('::')[0]] || name.split('::')[0];
  const rule = RULES.find((r) => r.when.kind === 'reaction' && r.when.emoji && slackEmojiName(r.when.emoji) === plainName);
  if (rule) return rule.when.emoji;
  return Object.keys(SLACK_EMOJI).find((e) => SLACK_EMOJI[e] === plainName) || ':' + plainName + ':';
}`;

const CHANNEL_IDS = code`
// The ids of the public channels by name (conversations.list, every page), read when a name is first asked and
// again for a name not among them (a channel made or renamed since), at most once a minute.
function channelIds(app) {
  let ids = new Map();
  let readAt = 0;
  return async (name) => {
    const wanted = name.toLowerCase();
    if (!ids.has(wanted) && Date.now() - readAt >= 60000) {
      readAt = Date.now();
      try {
        const found = new Map();
        let cursor;
        do {
          const page = await app.client.conversations.list({ types: 'public_channel', exclude_archived: true, limit: 1000, cursor });
          for (const channel of page.channels || []) found.set(channel.name, channel.id);
          cursor = page.response_metadata && page.response_metadata.next_cursor;
        } while (cursor);
        ids = found;
      } catch (error) {
        // A refusal (a missing scope) or no network: the configured channel is used.
        logError('Could not list the Slack channels:', error.message);
      }
    }
    return ids.get(wanted) || null;
  };
}`;

function adapter(uses: PlanUses): string {
  const a = uses.actions;
  return lines(
    '// What the engine asks of Slack. A chat is a channel id; a member id (the owner) is the direct message with',
    '// them. Kicking needs the channels:manage scope; a refusal is logged.',
    'function slackAdapter(app) {',
    '  return {',
    a.has('buttons')
      ? lines(
          '    send: (chat, text, buttons) =>',
          '      app.client.chat.postMessage(buttons ? { channel: chat, text: toSlack(text), blocks: buttonBlocks(text, buttons) } : { channel: chat, text: toSlack(text) }),',
        )
      : '    send: (chat, text) => app.client.chat.postMessage({ channel: chat, text: toSlack(text) }),',
    a.has('poll') && '    sendPoll: (chat, question, options) => app.client.chat.postMessage({ channel: chat, text: toSlack(pollText(question, options)) }),',
    a.has('react') &&
      lines(
        '    react: (event, emoji) => {',
        '      const name = slackEmojiName(emoji);',
        "      if (!name) throw new Error('Slack has no name here for ' + emoji + ': write it as :name: in RULES');",
        '      return app.client.reactions.add({ channel: event.chat, timestamp: event.raw.ts, name });',
        '    },',
      ),
    a.has('kick') && '    kick: (event) => app.client.conversations.kick({ channel: event.chat, user: event.user }),',
    uses.conditions.has('admins') &&
      lines(
        '    // An admin: a workspace admin or owner.',
        '    isAdmin: async (event) => {',
        '      const { user } = await app.client.users.info({ user: event.user });',
        '      return Boolean(user.is_admin || user.is_owner);',
        '    },',
      ),
    uses.namedChannels && "    // The channel a rule names ('hall-of-fame'): its id, or null when no public channel has that name.",
    uses.namedChannels && '    channelNamed: channelIds(app),',
    channelAndOwner('slack', uses),
    '  };',
    '}',
  );
}

/** start()'s listener for messages; with mention rules, a channel message that mentions the bot is left to app_mention. */
function onMessage(mention: boolean): string {
  return lines(
    mention
      ? "  // A message (edits, joins and other bots' messages aside). One that mentions the bot in a channel comes as an\n  // app_mention too, and is handled there, once."
      : "  // A message (edits, joins and other bots' messages aside); a direct message counts as mentioning the bot.",
    '  app.message(async ({ message, context }) => {',
    '    if (message.subtype || message.bot_id) return;',
    "    const direct = message.channel_type === 'im';",
    "    const mention = '<@' + context.botUserId + '>';",
    mention && "    if (!direct && (message.text || '').includes(mention)) return;",
    "    const text = fromSlack((message.text || '').split(mention).join('')).trim();",
    "    await engine.handle(await slackEvent(directory, 'message', message.channel, message.user, { text, mentioned: direct, raw: { ts: message.ts } }));",
    '  });',
  );
}

const ON_MENTION = lines(
  '  // A message that mentions the bot (the mention taken out of the text).',
  "  app.event('app_mention', async ({ event, context }) => {",
  '    if (event.bot_id) return;',
  "    const text = fromSlack((event.text || '').split('<@' + context.botUserId + '>').join('')).trim();",
  "    await engine.handle(await slackEvent(directory, 'message', event.channel, event.user, { text, mentioned: true, raw: { ts: event.ts } }));",
  '  });',
);

const ON_SLASH_COMMANDS = lines(
  "  // Slack keeps messages that start with / for its slash commands: each command of RULES is one (create them in",
  "  // the app's settings, Slash Commands), handled as the message '/name args'.",
  "  const commands = new Set(RULES.filter((rule) => rule.when.kind === 'command').map((rule) => rule.when.name.toLowerCase()));",
  '  for (const name of commands) {',
  "    app.command('/' + name, async ({ command, ack }) => {",
  '      await ack();',
  "      const text = '/' + name + (command.text ? ' ' + fromSlack(command.text) : '');",
  "      const direct = command.channel_id.startsWith('D');",
  "      await engine.handle(await slackEvent(directory, 'message', command.channel_id, command.user_id, { text, mentioned: direct, raw: {} }));",
  '    });',
  '  }',
);

const ON_JOIN = lines(
  "  app.event('member_joined_channel', async ({ event, context }) => {",
  "    if (event.user !== context.botUserId) await engine.handle(await slackEvent(directory, 'join', event.channel, event.user));",
  '  });',
);

const ON_LEAVE = lines(
  "  app.event('member_left_channel', async ({ event, context }) => {",
  "    if (event.user !== context.botUserId) await engine.handle(await slackEvent(directory, 'leave', event.channel, event.user));",
  '  });',
);

const ON_BUTTON = lines(
  '  // A press of a button the bot sent (action id b:<id>); the text is its label.',
  '  app.action(/^b:/, async ({ ack, action, body }) => {',
  '    await ack();',
  '    const extra = { buttonId: action.action_id.slice(2), text: (action.text && action.text.text) || \'\' };',
  "    await engine.handle(await slackEvent(directory, 'button', body.channel.id, body.user.id, extra));",
  '  });',
);

const ON_REACTION = lines(
  "  app.event('reaction_added', async ({ event, context }) => {",
  "    if (event.item.type !== 'message' || event.user === context.botUserId) return;",
  '    const extra = { emoji: emojiOf(event.reaction), raw: { ts: event.item.ts } };',
  "    await engine.handle(await slackEvent(directory, 'reaction', event.item.channel, event.user, extra));",
  '  });',
);

/** The same, with the words of the message reacted to (a rule sends the owner a copy of it). */
const ON_REACTION_COPY = replacedIn(ON_REACTION, 
  "raw: { ts: event.item.ts } };",
  "raw: { ts: event.item.ts } };\n    const found = await app.client.conversations.history({ channel: event.item.channel, latest: event.item.ts, inclusive: true, limit: 1 }).catch((error) => {\n      logError('Could not read the message reacted to:', error.message);\n      return { messages: [] };\n    });\n    extra.text = ((found.messages || [])[0] || {}).text || '';",
);

function start(plan: BotPlan, uses: PlanUses): string {
  const t = uses.triggers;
  return lines(
    '// Starts the bot: Socket Mode (no public URL); the schedules are checked every 20 seconds once connected.',
    'async function start() {',
    "  const app = new App({ token: requireEnv('SLACK_BOT_TOKEN'), appToken: requireEnv('SLACK_APP_TOKEN'), socketMode: true });",
    requiredChecks('slack', uses),
    '  const directory = slackDirectory(app);',
    dataFileLine(uses),
    '  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: slackAdapter(app), dataFile, now: () => new Date() });',
    '',
    onMessage(t.has('mention')),
    t.has('mention') && ON_MENTION,
    slackSlashCommands(plan, uses).length > 0 && ON_SLASH_COMMANDS,
    t.has('join') && ON_JOIN,
    t.has('leave') && ON_LEAVE,
    t.has('button') && ON_BUTTON,
    t.has('reaction') && (copiesReacted(uses) ? ON_REACTION_COPY : ON_REACTION),
    "  app.error(async (error) => logError('Error while handling a Slack event:', error));",
    '',
    "  log(BOT_NAME + ' is starting (Socket Mode)');",
    '  await app.start();',
    "  log(BOT_NAME + ' is connected to Slack');",
    t.has('schedule') && scheduleTicks('  '),
    '}',
  );
}

export function slackPlatform(uses: PlanUses, plan: BotPlan): PlatformCode {
  const a = uses.actions;
  const emoji = a.has('react') || uses.triggers.has('reaction');
  return {
    label: 'Slack (Bolt for JavaScript, Socket Mode, Node.js)',
    requires: "const { App } = require('@slack/bolt');",
    code: sections(
      1,
      INTRO,
      REQUIRE_ENV,
      a.has('buttons') && BUTTON_BLOCKS,
      a.has('poll') && POLL_TEXT,
      emoji && EMOJI,
      uses.triggers.has('reaction') && EMOJI_OF,
      uses.namedChannels && CHANNEL_IDS,
      adapter(uses),
      start(plan, uses),
    ),
    dependencies: ['@slack/bolt'],
  };
}
