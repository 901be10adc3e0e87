// The shape of a card while the feed loads.
import '../../mantine-styles-pages';
import { AspectRatio, Card, Group, Skeleton, Stack } from '@mantine/core';
import { MEDIA_RATIO } from './PostMedia';
import classes from './PostCard.module.css';

export function PostCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding={0} className={classes.card} aria-hidden>
      <AspectRatio ratio={MEDIA_RATIO}>
        <Skeleton radius={0} />
      </AspectRatio>
      <Stack gap="sm" p="md">
        <Group justify="space-between">
          <Skeleton h={20} w={90} radius="xl" />
          <Skeleton h={22} w={48} radius="xl" />
        </Group>
        <Skeleton h={18} w="70%" />
        <Skeleton h={10} />
        <Skeleton h={10} />
        <Skeleton h={10} w="60%" />
      </Stack>
      <Group gap="xs" px="md" py="sm" className={classes.footer}>
        <Skeleton circle h={32} />
        <Stack gap={6}>
          <Skeleton h={10} w={100} />
          <Skeleton h={8} w={60} />
        </Stack>
      </Group>
    </Card>
  );
}
