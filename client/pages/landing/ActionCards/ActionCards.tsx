// The three ways in: build, run, publish. Signed-out visitors are sent to /login instead.
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconMessageChatbot, IconPlayerPlay, IconWorldUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './ActionCards.module.css';

const actions = [
  {
    title: 'Build Bot/Agent',
    to: '/builder',
    icon: IconMessageChatbot,
    color: 'violet',
    text: 'Chat with the AI assistant to generate a working bot for Telegram, X, WhatsApp, Discord and more.',
  },
  {
    title: 'Run Your Bot/Agent',
    to: '/runner',
    icon: IconPlayerPlay,
    color: 'teal',
    text: 'Install dependencies, set environment variables and start your bot with live console logs.',
  },
  {
    title: 'Publish on the platform',
    to: '/publish',
    icon: IconWorldUpload,
    color: 'orange',
    text: 'Share what you built on the community feed, discover other bots and collect likes.',
  },
] as const;

export function ActionCards({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {actions.map(({ title, to, icon: Icon, color, text }) => (
        <Card
          key={to}
          component={Link}
          to={isSignedIn ? to : '/login'}
          withBorder
          radius="lg"
          padding="xl"
          className={classes.card}
          aria-label={title}
        >
          <ThemeIcon size={52} radius="md" variant="light" color={color}>
            <Icon size={28} stroke={1.6} />
          </ThemeIcon>
          <Text fz="lg" fw={700} mt="md">
            {title}
          </Text>
          <Text size="sm" c="dimmed" mt={6} className={classes.text}>
            {text}
          </Text>
          <Group gap={6} mt="lg" c={`${color}.7`} className={classes.cta}>
            <Text size="sm" fw={600} inherit>
              {isSignedIn ? 'Get started' : 'Sign in to start'}
            </Text>
            <IconArrowRight size={16} className={classes.arrow} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
