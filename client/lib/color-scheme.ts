// Light or dark: the person's explicit choice, kept in localStorage under this key, else their
// system's (prefers-color-scheme). index.html's inline script reads the same key before the first
// paint; MantineProvider (App.tsx) reads and writes it afterwards.
export const COLOR_SCHEME_KEY = 'botwright:color-scheme';

export type ColorSchemeChoice = 'light' | 'dark' | 'auto';

/**
 * The theme button's next choice. Every press changes what is on screen or what is followed: from
 * the system's scheme to the other one, then to the system's own scheme kept as a choice, then back
 * to following the system.
 */
export function nextColorScheme(current: ColorSchemeChoice, system: 'light' | 'dark'): ColorSchemeChoice {
  if (current === 'auto') return system === 'dark' ? 'light' : 'dark';
  return current === system ? 'auto' : system;
}
