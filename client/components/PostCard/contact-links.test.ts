import { describe, expect, it } from 'vitest';
import { contactLinks } from './contact-links';

describe('contactLinks', () => {
  it('builds the three links from handles', () => {
    expect(contactLinks({ telegram: 'my_bot_42', email: 'ada@example.com', twitter: '@ada' })).toEqual([
      { kind: 'telegram', label: '@my_bot_42', href: 'https://t.me/my_bot_42' },
      { kind: 'email', label: 'ada@example.com', href: 'mailto:ada@example.com' },
      { kind: 'twitter', label: '@ada', href: 'https://x.com/ada' },
    ]);
  });

  it('links nothing that is not a plain handle', () => {
    expect(
      contactLinks({
        telegram: 'javascript:alert(1)',
        email: 'x@y.z?subject=hi',
        twitter: '"><img src=x onerror=alert(1)>',
      }),
    ).toEqual([]);
    expect(contactLinks({ telegram: 'abcd', email: 'not-an-email', twitter: 'a_handle_that_is_too_long' })).toEqual([]);
    expect(contactLinks({ email: 'a@b.c/../x' })).toEqual([]);
  });

  it('accepts missing contact info', () => {
    expect(contactLinks(null)).toEqual([]);
    expect(contactLinks({ telegram: null, email: null, twitter: null })).toEqual([]);
  });
});
