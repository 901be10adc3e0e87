// Contact chips link to addresses the client builds from bare handles: the server
// stores handles, never URLs, and anything that is not a plain handle gets no link at all.
export type ContactKind = 'telegram' | 'email' | 'twitter';

export interface ContactLink {
  kind: ContactKind;
  label: string;
  href: string;
}

const TELEGRAM = /^[A-Za-z0-9_]{5,32}$/;
const TWITTER = /^[A-Za-z0-9_]{1,15}$/;
// Deliberately plain: one @, no spaces, no characters that could break out of a mailto: address.
const EMAIL = /^[^\s@<>"'`:/\\?#&]+@[^\s@<>"'`:/\\?#&]+\.[^\s@<>"'`:/\\?#&]+$/;

export interface ContactInfo {
  telegram: string | null;
  email: string | null;
  twitter: string | null;
}

export function contactLinks(info: Partial<ContactInfo> | null | undefined): ContactLink[] {
  const links: ContactLink[] = [];
  const telegram = info?.telegram?.replace(/^@/, '');
  if (telegram && TELEGRAM.test(telegram)) links.push({ kind: 'telegram', label: `@${telegram}`, href: `https://t.me/${telegram}` });
  const email = info?.email?.trim();
  if (email && EMAIL.test(email)) links.push({ kind: 'email', label: email, href: `mailto:${email}` });
  const twitter = info?.twitter?.replace(/^@/, '');
  if (twitter && TWITTER.test(twitter)) links.push({ kind: 'twitter', label: `@${twitter}`, href: `https://x.com/${twitter}` });
  return links;
}
