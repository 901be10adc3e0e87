// Empty state of a workspace page whose tools arrive in a later release: says plainly what the
// page is for and what it will offer, without pretending to work.
import type { ComponentType } from 'react';
import { Card, EmptyState, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, type IconProps } from '@tabler/icons-react';

interface WorkspacePlaceholderProps {
  icon: ComponentType<IconProps>;
  title: string;
  description: string;
  features: string[];
}

export function WorkspacePlaceholder({ icon: Icon, title, description, features }: WorkspacePlaceholderProps) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <EmptyState
        size="lg"
        variant="light"
        icon={<Icon size={34} stroke={1.5} />}
        title={title}
        description={description}
        py="xl"
      >
        <EmptyState.Actions>
          <List
            spacing={8}
            size="sm"
            ta="left"
            center
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color="teal">
                <IconCheck size={12} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {features.map((f) => (
              <List.Item key={f}>
                <Text size="sm" c="dark.5">
                  {f}
                </Text>
              </List.Item>
            ))}
          </List>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
