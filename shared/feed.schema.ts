// Community feed payloads shared by tRPC, REST and the Share Your Bot form. Contact info holds
// handles, never URLs: the client builds the links, so a post cannot carry a link of its choosing.
import { z } from 'zod';
import { idField } from './workspace.schema';

export const POST_PLATFORMS = ['telegram', 'twitter', 'whatsapp', 'discord', 'other'] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];

export const feedMessages = {
  required: 'Please fill in all required fields',
  telegram: 'Telegram username: 5-32 letters, digits or underscores, without @ or a link',
  twitter: 'Twitter handle: 1-15 letters, digits or underscores, without @ or a link',
  email: 'Invalid email address',
  accessKey: 'Public handle: up to 64 letters, digits, dots, dashes or underscores',
  imageType: 'Only PNG, JPEG, GIF or WebP images are allowed',
  imageSvg: 'SVG images are not accepted: please choose a PNG, JPEG, GIF or WebP image',
  imageSize: 'Please select an image smaller than 10MB',
};

/**
 * The post image types the server takes (it also reads the bytes: features/feed/image-upload.ts).
 * Never SVG: it can carry script.
 */
export const POST_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Optional text: blank means absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema.optional());

export const contactInfoInput = z.strictObject({
  telegram: optional(z.string().transform((s) => s.replace(/^@/, '')).pipe(z.string().regex(/^[A-Za-z0-9_]{5,32}$/, { error: feedMessages.telegram }))),
  email: optional(z.string().max(254).pipe(z.email({ error: feedMessages.email }))),
  twitter: optional(z.string().transform((s) => s.replace(/^@/, '')).pipe(z.string().regex(/^[A-Za-z0-9_]{1,15}$/, { error: feedMessages.twitter }))),
});

export const createPostInput = z.strictObject({
  title: z.string({ error: feedMessages.required }).trim().min(1, { error: feedMessages.required }).max(100, { error: 'Bot name: at most 100 characters' }),
  description: z.string({ error: feedMessages.required }).trim().min(1, { error: feedMessages.required }).max(2000, { error: 'Description: at most 2000 characters' }),
  platform: z.enum(POST_PLATFORMS, { error: feedMessages.required }),
  contactInfo: contactInfoInput.optional(),
  imageUrl: optional(z.string().max(15 * 1024 * 1024)),
  publicAccessKey: optional(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, { error: feedMessages.accessKey })),
  fileId: optional(idField),
});

export const FEED_PAGE_SIZE = 20;
export const feedListInput = z
  .strictObject({
    search: z.string().trim().max(100).optional(),
    platform: z.enum(['all', ...POST_PLATFORMS]).optional(),
    sort: z.enum(['recent', 'popular']).optional(),
    cursor: z.string().max(500).nullish(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .optional();

export const postIdInput = z.strictObject({ id: idField });

export const ADMIN_MAX_CREDITS = 1_000_000;
export const setCreditsInput = z.strictObject({
  id: idField,
  credits: z.number({ error: 'Credits must be a whole number from 0 to 1,000,000' }).int({ error: 'Credits must be a whole number from 0 to 1,000,000' }).min(0, { error: 'Credits must be a whole number from 0 to 1,000,000' }).max(ADMIN_MAX_CREDITS, { error: 'Credits must be a whole number from 0 to 1,000,000' }),
});
export const userIdInput = z.strictObject({ id: idField });
