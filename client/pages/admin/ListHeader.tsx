// The head of an admin list (users, bots): its title, a line of counts, and the filter box.
import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface ListHeaderProps {
  title: string;
  summary: string;
  /** The filter box's name and hint. */
  filterLabel: string;
  placeholder: string;
  filter: string;
  onFilter: (filter: string) => void;
}

export function ListHeader({ title, summary, filterLabel, placeholder, filter, onFilter }: ListHeaderProps) {
  return (
    <Group justify="space-between" mb="md" gap="sm">
      <Stack gap={2}>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
      </Stack>
      <TextInput
        placeholder={placeholder}
        aria-label={filterLabel}
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => onFilter(e.currentTarget.value)}
        w={{ base: '100%', xs: 260 }}
      />
    </Group>
  );
}
