// What the builtin assistant says about each platform: its name, the file a bot for it is saved as,
// how a command is written there, and how to set the bot up. (What a bot reads and installs comes
// from the renderer: plan/render/.)

import type { Platform } from './request';

export interface PlatformInfo {
  label: string;
  /** File name without extension: telegram_bot -> telegram_bot.py / telegram_bot.js. */
  fileStem: string;
  /** How a user writes a command in a message. */
  commandPrefix: '/' | '!';
  /** Steps to create the bot on the platform and connect it. */
  setup: string[];
}

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  telegram: {
    label: 'Telegram',
    fileStem: 'telegram_bot',
    commandPrefix: '/',
    setup: [
      'Talk to @BotFather on Telegram, send /newbot and copy the token it gives you.',
      'In groups, bots only see commands unless you turn privacy mode off (@BotFather, /setprivacy): do that for keyword replies, echo, counting or moderation in groups.',
      'To delete messages and mute people in a group, make the bot an admin with the "Delete messages" and "Ban users" rights.',
    ],
  },
  discord: {
    label: 'Discord',
    fileStem: 'discord_bot',
    commandPrefix: '!',
    setup: [
      'Create an application at the Discord Developer Portal, add a bot and copy its token.',
      'On the Bot tab turn on the Message Content intent (and the Server Members intent for welcome and goodbye messages).',
      'Invite the bot with the OAuth2 URL generator (scope bot; permissions Send Messages, Read Message History, plus Manage Messages and Moderate Members for moderation).',
    ],
  },
  twitter: {
    label: 'Twitter/X',
    fileStem: 'twitter_bot',
    commandPrefix: '/',
    setup: [
      'Create a project and app at the X developer portal, set its permissions to Read and Write, then generate the access token and secret for the bot account.',
      'Reading mentions needs an API plan that allows it (Basic or higher).',
    ],
  },
  whatsapp: {
    label: 'WhatsApp',
    fileStem: 'whatsapp_bot',
    commandPrefix: '/',
    setup: [
      'Create a Meta app with the WhatsApp product and note the token and phone number id (WhatsApp > API Setup).',
      'Run or deploy the bot, then set the webhook URL to its webhook URL from its runner page (Botwright forwards it to PORT) followed by /webhook, with your verify token, and subscribe to "messages".',
      'WhatsApp only lets a bot message a person within 24 hours of their last message, unless it sends an approved template.',
    ],
  },
  slack: {
    label: 'Slack',
    fileStem: 'slack_bot',
    commandPrefix: '!',
    setup: [
      'Create a Slack app, turn on Socket Mode and create an app-level token with connections:write.',
      'Add the bot scopes chat:write, channels:history, im:history (and channels:read for welcome and goodbye messages), subscribe to the events message.channels, message.im, member_joined_channel and member_left_channel, then install the app and invite the bot to a channel.',
      'For menu buttons, turn on Interactivity & Shortcuts (Socket Mode needs no request URL).',
    ],
  },
  generic: {
    label: 'HTTP webhook',
    fileStem: 'webhook_bot',
    commandPrefix: '/',
    setup: [
      'Send messages as JSON to POST /message, e.g. {"user": "ann", "text": "hello"} (add "chat" to keep polls apart per chat); the answer comes back as {"reply": "..."}.',
      'Its webhook URL is shown on its runner page (Botwright forwards it to PORT): call that URL followed by /message. Connect it to any platform that can call a webhook (a website chat widget, Zapier, n8n, IFTTT...).',
    ],
  },
};
