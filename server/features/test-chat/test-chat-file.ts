// Which files the test chat can run: Telegram bots in a language the runner runs. Anything else
// gets a clear 400 naming what the file is and what the test chat supports.
import { AppError } from '../../errors';
import { detectPlatform } from '../../../shared/platform';
import { botLanguage } from '../runner/runs/bot-command';

export const TEST_CHAT_PLATFORMS = ['Telegram'] as const;

export function assertTestChatFile(filename: string, content: string): void {
  if (!botLanguage(filename)) throw new AppError('BAD_REQUEST', 'The test chat runs .py, .js and .ts files: this file cannot be run');
  const platform = detectPlatform(filename, content);
  if (platform !== 'telegram') {
    const what = platform === 'other' ? 'does not look like a bot for a supported platform' : `is a ${platformName(platform)} bot`;
    throw new AppError('BAD_REQUEST', `The test chat supports ${TEST_CHAT_PLATFORMS.join(', ')} bots; ${filename} ${what}.`);
  }
}

function platformName(platform: string): string {
  return platform === 'whatsapp' ? 'WhatsApp' : platform === 'twitter' ? 'Twitter/X' : platform.charAt(0).toUpperCase() + platform.slice(1);
}
