// Mantine CSS per component rather than the full styles.css: about 40% of the weight.
// Order matters: the shared building blocks (UnstyledButton, Paper, Popover, Input...) come first
// so the components built on them can override their rules. Add a line when a page starts using
// a new Mantine component.
// These are the entry's: the building blocks and what the landing page, the app shell, the builder
// and the dialogs use. Components only some pages use are in mantine-styles-pages.ts (loaded with
// the files that use them), the toasts' in components/Toasts.
import '@mantine/core/styles/baseline.css';
// No default-css-variables.css: MantineProvider (App.tsx, deduplicateCssVariables={false}) writes
// every variable of the theme itself, the same values in both color schemes, 27 kB less to download.
import '@mantine/core/styles/global.css';
// Building blocks, in Mantine's documented order.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/ActionIcon.css';
// Components the pages use.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Tooltip.css';
