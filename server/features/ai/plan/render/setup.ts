// How to set up a plan's bot on its platform (create the app, its rights, where to point it), from
// what its rules use: one list for both languages, written in the file's header and in the
// assistant's answer.
import type { BotPlan } from '../../../../../shared/bot-plan.schema';
import { sendsToOwner } from './env';
import { postsInNamedChannel, type PlanUses } from './plan-uses';

/** The plan's commands Slack registers as slash commands (its prefix is '/'; Slack keeps /name otherwise). */
export function slackSlashCommands(plan: BotPlan, uses: PlanUses): string[] {
  if (plan.settings.prefix !== '/') return [];
  return [...new Set(uses.rules.flatMap((r) => (r.when.kind === 'command' ? [r.when.name.toLowerCase()] : [])))];
}

/** '#hall-of-fame, #news': the channels the rules post in by name, once each. */
function namedChannels(uses: PlanUses): string {
  return [...new Set(uses.rules.filter(postsInNamedChannel).map((r) => `#${r.channel}`))].join(', ');
}

function telegram(uses: PlanUses): string[] {
  const a = uses.actions;
  return [
    'Talk to @BotFather on Telegram, send /newbot and copy the token it gives you (TELEGRAM_BOT_TOKEN).',
    'In groups, bots only see commands unless you turn privacy mode off (@BotFather, /setprivacy): do that for keyword and message rules in groups.',
    ...(a.has('delete') || a.has('mute') || a.has('kick') || a.has('ban')
      ? ['To delete messages, mute, remove or ban people in a group, make the bot an admin with the "Delete messages" and "Ban users" rights.']
      : []),
  ];
}

function discord(uses: PlanUses): string[] {
  const t = uses.triggers;
  const a = uses.actions;
  const permissions = [
    'Send Messages',
    'Read Message History',
    ...(a.has('react') ? ['Add Reactions'] : []),
    ...(a.has('delete') ? ['Manage Messages'] : []),
    ...(a.has('mute') ? ['Moderate Members'] : []),
    ...(a.has('kick') ? ['Kick Members'] : []),
    ...(a.has('ban') ? ['Ban Members'] : []),
    ...(a.has('poll') ? ['Send Polls'] : []),
  ];
  const members = t.has('join') || t.has('leave');
  return [
    'Create an application at the Discord Developer Portal, add a bot and copy its token (DISCORD_BOT_TOKEN).',
    `On the Bot tab turn on the Message Content intent${members ? ' and the Server Members intent (for members joining and leaving)' : ''}.`,
    `Invite the bot with the OAuth2 URL generator: scope bot, permissions ${permissions.join(', ')}.`,
    ...(members ? ["Members joining and leaving are told in the server's system channel (Server Settings, Overview)."] : []),
    ...(a.has('mute') || a.has('kick') || a.has('ban') ? ["Drag the bot's role above the roles of the members it may mute, kick or ban."] : []),
    ...(uses.namedChannels
      ? [`The rules post in ${namedChannels(uses)}: the bot finds each text channel by name among those it can see (let it send messages there); a name it does not find posts in DISCORD_CHANNEL_ID.`]
      : []),
  ];
}

function slack(plan: BotPlan, uses: PlanUses): string[] {
  const t = uses.triggers;
  const a = uses.actions;
  const slash = slackSlashCommands(plan, uses);
  const scopes = [
    'chat:write',
    'channels:history',
    'groups:history',
    'im:history',
    'channels:read',
    'groups:read',
    'users:read',
    ...(t.has('mention') ? ['app_mentions:read'] : []),
    ...(t.has('reaction') ? ['reactions:read'] : []),
    ...(a.has('react') ? ['reactions:write'] : []),
    ...(a.has('kick') ? ['channels:manage', 'groups:write'] : []),
    ...(slash.length > 0 ? ['commands'] : []),
  ];
  const events = [
    'message.channels',
    'message.groups',
    'message.im',
    ...(t.has('mention') ? ['app_mention'] : []),
    ...(t.has('join') ? ['member_joined_channel'] : []),
    ...(t.has('leave') ? ['member_left_channel'] : []),
    ...(t.has('reaction') ? ['reaction_added'] : []),
  ];
  return [
    'Create a Slack app (api.slack.com/apps), turn on Socket Mode and create an app-level token with connections:write (SLACK_APP_TOKEN).',
    `Add the bot token scopes ${scopes.join(', ')}; subscribe to the bot events ${events.join(', ')}.`,
    ...(slash.length > 0 ? [`Create the slash commands ${slash.map((name) => `/${name}`).join(', ')} under Slash Commands (Socket Mode needs no request URL).`] : []),
    ...(a.has('buttons') ? ['Turn on Interactivity & Shortcuts, for the buttons (Socket Mode needs no request URL).'] : []),
    'Install the app to the workspace (SLACK_BOT_TOKEN is the Bot User OAuth Token), then invite the bot to its channels (/invite @the-bot).',
    ...(uses.namedChannels
      ? [`The rules post in ${namedChannels(uses)}: the bot finds each public channel by name (invite it there too); a name it does not find posts in SLACK_CHANNEL_ID.`]
      : []),
  ];
}

function whatsapp(): string[] {
  return [
    'Create a Meta app with the WhatsApp product and note the token and phone number id (WhatsApp > API Setup).',
    'Run or deploy the bot, then set the webhook URL to its webhook URL from its runner page (Botwright forwards it to PORT) followed by /webhook, with your verify token, and subscribe to "messages".',
    'WhatsApp only lets a bot message a person within 24 hours of their last message, unless it sends an approved template: scheduled posts reach only those who wrote lately.',
  ];
}

function twitter(uses: PlanUses): string[] {
  return [
    `Create a project and app at the X developer portal, set its permissions to Read and Write${sendsToOwner(uses) ? ' and Direct Messages' : ''}, then generate the access token and secret of the bot account.`,
    'Reading mentions needs an API plan that allows it (Basic or higher). The bot checks them once a minute; posts are cut to 280 characters.',
  ];
}

function generic(uses: PlanUses): string[] {
  const presses = uses.triggers.has('button') || uses.actions.has('buttons');
  return [
    'Send each message as JSON to POST /message, e.g. {"chat": "room-1", "user": "u42", "name": "Ann", "text": "hello"} (only "text" is needed); the answer is {"replies": [...]}, each reply a text, or {"text", "buttons": [{"id", "label"}]} for buttons.',
    ...(presses ? ['A press of a button: POST /button {"chat", "user", "name", "buttonId"} (or a buttonId in /message).'] : []),
    ...(uses.actions.has('react') ? ['Reactions the bot gives to a message come back as {"reactions": [...]} beside the replies.'] : []),
    'Its webhook URL is shown on its runner page (Botwright forwards it to PORT): call that URL followed by /message from a website chat widget, Zapier, n8n, IFTTT... GET /health answers {"status": "ok"}.',
  ];
}

/** The steps to create the plan's bot on its platform and connect it, the same in both languages. */
export function platformSetup(plan: BotPlan, uses: PlanUses): string[] {
  switch (plan.platform) {
    case 'telegram':
      return telegram(uses);
    case 'discord':
      return discord(uses);
    case 'slack':
      return slack(plan, uses);
    case 'whatsapp':
      return whatsapp();
    case 'twitter':
      return twitter(uses);
    case 'generic':
      return generic(uses);
  }
}
