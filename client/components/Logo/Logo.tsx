// The product mark: a robot in a violet tile next to the name. Links somewhere when given `to`.
import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface LogoProps {
  to?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: { tile: 30, icon: 18, text: 'lg' }, md: { tile: 36, icon: 22, text: 'xl' }, lg: { tile: 44, icon: 26, text: '1.6rem' } } as const;

export function Logo({ to, size = 'md' }: LogoProps) {
  const s = sizes[size];
  const mark = (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={s.tile} radius="md" variant="gradient" gradient={{ from: 'violet.6', to: 'indigo.5', deg: 135 }}>
        <IconRobot size={s.icon} stroke={1.8} />
      </ThemeIcon>
      <Text fz={s.text} fw={800} lts={-0.3} c="var(--mantine-color-text)">
        Botwright
      </Text>
    </Group>
  );
  if (!to) return mark;
  return (
    <UnstyledButton component={Link} to={to} aria-label="Botwright home">
      {mark}
    </UnstyledButton>
  );
}
