// Small footer shared by the public pages.
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo } from '../Logo';
import classes from './LandingFooter.module.css';

export function LandingFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group gap="md">
            <Logo size="sm" />
            <Text size="xs" c="dimmed">
              Build, run and share AI bots.
            </Text>
          </Group>
          <Group gap="lg">
            <Anchor href="/docs.html" target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
              Documentation
            </Anchor>
            <Anchor component={Link} to="/dependencies" size="sm" c="dimmed">
              Dependencies guide
            </Anchor>
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Botwright
            </Text>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
