// The Share Your Bot form's values, and their check against the shared createPostInput schema, so
// the dialog refuses exactly what the server would, with the same messages.
import type { z } from 'zod';
import { createPostInput, feedMessages, POST_IMAGE_MAX_BYTES, POST_IMAGE_TYPES, type PostPlatform } from '../../../../shared/feed.schema';
import { zodValidate } from '../../../lib/zod-form';

export interface ShareFormValues {
  title: string;
  platform: PostPlatform | '';
  description: string;
  contactInfo: { telegram: string; email: string; twitter: string };
  publicAccessKey: string;
  fileId: string | null;
}

export const emptyShareForm: ShareFormValues = {
  title: '',
  platform: '',
  description: '',
  contactInfo: { telegram: '', email: '', twitter: '' },
  publicAccessKey: '',
  fileId: null,
};

/** What the dialog sends: blanks become absent (the schema's own preprocessing does the same). */
export function sharePayload(values: ShareFormValues, imageUrl: string | undefined) {
  return {
    title: values.title,
    platform: values.platform || undefined,
    description: values.description,
    contactInfo: values.contactInfo,
    publicAccessKey: values.publicAccessKey,
    imageUrl,
    fileId: values.fileId ?? undefined,
  };
}

export type ShareCheck =
  | { ok: true; input: z.output<typeof createPostInput> }
  | { ok: false; missingRequired: boolean; errors: Record<string, string | true> };

const validate = zodValidate(createPostInput);

export function checkShareForm(values: ShareFormValues, imageUrl: string | undefined): ShareCheck {
  const payload = sharePayload(values, imageUrl);
  const parsed = createPostInput.safeParse(payload);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string | true> = validate(payload);
  let missingRequired = false;
  for (const [field, message] of Object.entries(errors)) {
    // A missing field is marked red; the one toast says why, instead of the same line three times.
    if (message === feedMessages.required) {
      errors[field] = true;
      missingRequired = true;
    }
  }
  return { ok: false, missingRequired, errors };
}

/** The picker's `accept`: the types the server takes, with their extensions for pickers that filter by name. */
export const IMAGE_ACCEPT = [...POST_IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.gif', '.webp'].join(',');

/**
 * Why a picked or dropped file cannot be the post's image, or null when it can. Checked before the
 * file is read, with the server's own list and messages (an SVG would otherwise fail only at Share).
 */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (file.type === 'image/svg+xml') return feedMessages.imageSvg;
  if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) return feedMessages.imageType;
  if (file.size > POST_IMAGE_MAX_BYTES) return feedMessages.imageSize;
  return null;
}
