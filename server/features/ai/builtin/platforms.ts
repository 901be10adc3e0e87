// What the builtin assistant says about each platform: its name, the file a bot for it is saved as and
// how a command is written there. (What a bot reads, installs and how it is set up come from the
// renderer: plan/render/env.ts and plan/render/setup.ts.)

import type { Platform } from './request';

export interface PlatformInfo {
  label: string;
  /** File name without extension: telegram_bot -> telegram_bot.py / telegram_bot.js. */
  fileStem: string;
  /** How a user writes a command in a message. */
  commandPrefix: '/' | '!';
}

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  telegram: {
    label: 'Telegram',
    fileStem: 'telegram_bot',
    commandPrefix: '/',
  },
  discord: {
    label: 'Discord',
    fileStem: 'discord_bot',
    commandPrefix: '!',
  },
  twitter: {
    label: 'Twitter/X',
    fileStem: 'twitter_bot',
    commandPrefix: '/',
  },
  whatsapp: {
    label: 'WhatsApp',
    fileStem: 'whatsapp_bot',
    commandPrefix: '/',
  },
  slack: {
    label: 'Slack',
    fileStem: 'slack_bot',
    commandPrefix: '!',
  },
  generic: {
    label: 'HTTP webhook',
    fileStem: 'webhook_bot',
    commandPrefix: '/',
  },
};
