import { describe, expect, it } from 'vitest';
import { checkShareForm, emptyShareForm } from './share-form';

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
