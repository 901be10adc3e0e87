// The top bar's theme button: light, dark or the system's, in turn (lib/color-scheme.ts). The
// choice is kept in localStorage, so a reload keeps it.
import { ActionIcon, useMantineContext } from '@mantine/core';
import { nextColorScheme, type ColorSchemeChoice } from '../../lib/color-scheme';
import { Tooltip } from '../LazyTooltip';

const NAMES: Record<ColorSchemeChoice, string> = { auto: 'System', light: 'Light', dark: 'Dark' };

// Tabler's sun, moon and desktop, drawn here: three icon components would weigh more in the top
// bar's first paint than this one small one.
const GLYPHS: Record<ColorSchemeChoice, string> = {
  light: 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
  dark: 'M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454l0 .008',
  auto: 'M3 5a1 1 0 0 1 1 -1h16a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-16a1 1 0 0 1 -1 -1v-10M7 20h10M9 16v4M15 16v4',
};

/** The system's scheme now (read on each render: the label only matters when it is shown). */
const systemScheme = () => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

export function ColorSchemeToggle() {
  // The provider's own setter (useMantineColorScheme adds a switch without transitions, and the
  // weight of its media-query hook, to the top bar's first paint).
  const { colorScheme, setColorScheme } = useMantineContext();
  const next = nextColorScheme(colorScheme, systemScheme());
  const label = `Theme: ${NAMES[colorScheme]}. Switch to ${NAMES[next]}`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={GLYPHS[colorScheme]} />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
