// Mantine CSS of the components only some pages use (tables, tabs, selects, drawers, alerts...),
// so that the landing page and the builder's first paint do not download it. Every file that
// uses one of these components imports this one (as its first import): its chunk then depends on
// this stylesheet, which therefore loads before the file's own CSS module (which may override
// Mantine's rules), and after mantine-styles.ts (the entry's), whose building blocks these rules
// override. A file that starts using one of these components imports this file; a component the
// landing page, the app shell or the builder's first paint uses goes in mantine-styles.ts.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
