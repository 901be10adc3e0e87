import { describe, expect, it } from 'vitest';
import { feedMessages } from '../../../../shared/feed.schema';
import { checkShareForm, emptyShareForm, IMAGE_ACCEPT, imageProblem } from './share-form';

describe('checkShareForm', () => {
  it('flags the three required fields', () => {
    const check = checkShareForm({ ...emptyShareForm, title: '   ' }, undefined);
    expect(check).toEqual({ ok: false, missingRequired: true, errors: { title: true, description: true, platform: true } });
  });

  it('sends trimmed values and drops blanks', () => {
    const check = checkShareForm(
      {
        ...emptyShareForm,
        title: ' Weather bot ',
        platform: 'telegram',
        description: 'Tells the weather',
        contactInfo: { telegram: '@weather_bot', email: '', twitter: '' },
      },
      undefined,
    );
    expect(check).toEqual({
      ok: true,
      input: { title: 'Weather bot', platform: 'telegram', description: 'Tells the weather', contactInfo: { telegram: 'weather_bot' } },
    });
  });

  it('keeps the schema messages for malformed contact handles', () => {
    const check = checkShareForm(
      { ...emptyShareForm, title: 'x', platform: 'other', description: 'y', contactInfo: { telegram: 'https://t.me/x', email: 'nope', twitter: '' } },
      undefined,
    );
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.missingRequired).toBe(false);
      expect(Object.keys(check.errors).sort()).toEqual(['contactInfo.email', 'contactInfo.telegram']);
    }
  });
});

describe('imageProblem', () => {
  const MB = 1024 * 1024;
  it('takes PNG, JPEG, GIF and WebP up to 10MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(imageProblem({ type, size: 10 * MB }), type).toBeNull();
  });

  it('refuses SVG by name, other types and files over 10MB with the server\'s messages', () => {
    expect(imageProblem({ type: 'image/svg+xml', size: 100 })).toBe(feedMessages.imageSvg);
    for (const type of ['image/bmp', 'image/tiff', 'image/heic', 'application/pdf', 'text/html', '']) {
      expect(imageProblem({ type, size: 100 }), type).toBe(feedMessages.imageType);
    }
    expect(imageProblem({ type: 'image/png', size: 10 * MB + 1 })).toBe(feedMessages.imageSize);
  });

  it('offers the picker only those types', () => {
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp');
    expect(IMAGE_ACCEPT).not.toMatch(/svg|image\/\*/);
  });
});
