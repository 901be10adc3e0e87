// Botwright's look: violet brand, rounded corners, system fonts (the CSP allows no font CDN).
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '750' },
  defaultGradient: { from: 'violet', to: 'indigo', deg: 135 },
  cursorType: 'pointer',
  // People who ask their system for less motion get dialogs and menus without transitions.
  respectReducedMotion: true,
  components: {
    // The eye button's default name contains "password", which makes a field labelled Password
    // ambiguous to label-based lookups (screen-reader users and browser tests alike). A plain
    // object rather than PasswordInput.extend(), which would put the input's code in every page.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Toggle visibility' } },
    },
  },
});
