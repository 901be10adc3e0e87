// How each feed platform looks: label, brand icon and badge colour.
import type { ComponentType } from 'react';
import { IconBrandDiscord, IconBrandTelegram, IconBrandWhatsapp, IconBrandX, IconRobot, type IconProps } from '@tabler/icons-react';
import { POST_PLATFORMS, type PostPlatform } from '../../../shared/feed.schema';

export interface PlatformLook {
  label: string;
  icon: ComponentType<IconProps>;
  /** A Mantine colour for the platform badge. */
  color: string;
}

export const PLATFORM_LOOK: Record<PostPlatform, PlatformLook> = {
  telegram: { label: 'Telegram', icon: IconBrandTelegram, color: 'blue' },
  twitter: { label: 'Twitter', icon: IconBrandX, color: 'dark' },
  whatsapp: { label: 'WhatsApp', icon: IconBrandWhatsapp, color: 'green' },
  discord: { label: 'Discord', icon: IconBrandDiscord, color: 'indigo' },
  other: { label: 'Other', icon: IconRobot, color: 'violet' },
};

/** A platform string from the server that this client does not know yet still renders, as Other. */
export function platformLook(platform: string): PlatformLook {
  return (PLATFORM_LOOK as Record<string, PlatformLook>)[platform] ?? PLATFORM_LOOK.other;
}

export const PLATFORM_OPTIONS = POST_PLATFORMS.map((value) => ({ value, label: PLATFORM_LOOK[value].label }));
