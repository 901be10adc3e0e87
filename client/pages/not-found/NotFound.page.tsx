// Any unknown address: 'Page Not Found' with a way home.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRobotOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './NotFound.module.css';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Center mih="100vh" px="md" className={classes.page}>
      <Stack align="center" ta="center" gap="md" maw={440}>
        <IconRobotOff size={64} stroke={1.3} color="var(--mantine-color-violet-5)" />
        <Text className={classes.code}>404</Text>
        <Title order={1} fz={28}>
          Page Not Found
        </Title>
        <Text c="dimmed">
          The page you are looking for does not exist or has moved. Let&apos;s get you back on track.
        </Text>
        <Button component={Link} to="/" size="md" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Back to Home
        </Button>
      </Stack>
    </Center>
  );
}
