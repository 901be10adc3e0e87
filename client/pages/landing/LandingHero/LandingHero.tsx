// The landing page's opening: what Botwright is, for whom, and the platforms it targets.
import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBook,
  IconBrandDiscord,
  IconBrandInstagram,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandX,
  IconSparkles,
} from '@tabler/icons-react';
import { Tooltip } from '../../../components/LazyTooltip';
import classes from './LandingHero.module.css';

const platforms = [
  { name: 'Telegram', icon: IconBrandTelegram, color: '#229ED9' },
  { name: 'Twitter / X', icon: IconBrandX, color: 'var(--mantine-color-text)' },
  { name: 'WhatsApp', icon: IconBrandWhatsapp, color: '#25D366' },
  { name: 'Discord', icon: IconBrandDiscord, color: '#5865F2' },
  { name: 'Instagram', icon: IconBrandInstagram, color: '#E1306C' },
];

interface LandingHeroProps {
  isSignedIn: boolean;
  onStart: () => void;
}

export function LandingHero({ isSignedIn, onStart }: LandingHeroProps) {
  return (
    <Container size="lg" className={classes.hero}>
      <Stack align="center" gap="lg" ta="center">
        <Badge size="lg" variant="light" leftSection={<IconSparkles size={14} />} className={classes.badge}>
          AI-powered, no code required
        </Badge>
        <Title order={1} className={classes.title}>
          Build social media bots{' '}
          <span className={classes.highlight}>just by chatting</span>
        </Title>
        <Text size="lg" c="dimmed" maw={640} className={classes.lead}>
          Describe the bot you want. Botwright&apos;s AI assistant writes the code, you refine it in the editor,
          run it with live logs and share it with the community.
        </Text>
        {!isSignedIn && (
          <Group gap="sm" justify="center">
            <Button size="md" onClick={onStart} variant="gradient">
              Start building for free
            </Button>
            <Button size="md" variant="default" component="a" href="/docs.html" target="_blank" rel="noopener noreferrer" leftSection={<IconBook size={18} />}>
              Read the docs
            </Button>
          </Group>
        )}
        <Group gap="sm" justify="center" mt="sm" className={classes.platforms} aria-label="Supported platforms">
          <Text size="sm" c="dimmed" fw={500} mr={4}>
            Works with
          </Text>
          {platforms.map(({ name, icon: Icon, color }) => (
            <Tooltip key={name} label={name}>
              <span className={classes.platform} aria-label={name} role="img">
                <Icon size={22} color={color} stroke={1.7} />
              </span>
            </Tooltip>
          ))}
        </Group>
      </Stack>
    </Container>
  );
}
