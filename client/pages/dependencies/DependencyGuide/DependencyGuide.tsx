// The static dependency guide: Python, Node.js and General Setup tabs of copyable commands.
import '../../../mantine-styles-pages';
import { Badge, Card, Group, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandNodejs, IconBrandPython, IconPackage, IconSettings, IconTerminal2 } from '@tabler/icons-react';
import { CopyCommand } from '../../../components/CopyCommand';
import { guideTabs, type GuideEntry } from './guide-entries';

const tabIcons = { python: IconBrandPython, node: IconBrandNodejs, general: IconSettings } as const;

function EntryCard({ entry }: { entry: GuideEntry }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb={6}>
        <IconPackage size={18} color="var(--mantine-color-violet-6)" />
        <Text fw={700} ff="monospace" size="sm">
          {entry.name}
        </Text>
        {entry.note && (
          <Badge size="xs" variant="light" color="teal">
            {entry.note}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md" style={{ flex: 1 }}>
        {entry.description}
      </Text>
      <CopyCommand command={entry.command} label={`Copy install command for ${entry.name}`} />
    </Card>
  );
}

export function DependencyGuide() {
  return (
    <Tabs defaultValue="python" variant="pills" radius="md">
      <Tabs.List mb="lg">
        {guideTabs.map((tab) => {
          const Icon = tabIcons[tab.value as keyof typeof tabIcons];
          return (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={<Icon size={16} />}>
              {tab.label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {guideTabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          <Stack gap="lg">
            <Text c="dimmed" size="sm">
              {tab.intro}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {tab.entries.map((entry) => (
                <EntryCard key={entry.name} entry={entry} />
              ))}
            </SimpleGrid>
            <Card withBorder radius="md" padding="lg" bg="var(--mantine-primary-color-light)">
              <Group gap="sm" mb="sm">
                <ThemeIcon variant="light" radius="md">
                  <IconTerminal2 size={18} />
                </ThemeIcon>
                <Title order={3} fz="md">
                  {tab.quickStart.title}
                </Title>
              </Group>
              <CopyCommand block command={tab.quickStart.command} label={`Copy ${tab.quickStart.title} commands`} />
            </Card>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
