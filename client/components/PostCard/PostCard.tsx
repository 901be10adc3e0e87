// One bot on the community feed: its image when it has one, platform badge and likes, title and
// description, how to reach the bot, its attached file, and who shared it when.
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { initials } from '../../../shared/initials';
import { relativeTime } from '../../../shared/relative-time';
import { longDate } from '../../lib/dates';
import type { Post } from '../../lib/feed-cache';
import { AttachedFile, DeletePostButton, LikeButton } from './PostActions';
import { PostContacts } from './PostContacts';
import { PostDescription } from './PostDescription';
import { PostMedia } from './PostMedia';
import { platformLook } from './platforms';
import classes from './PostCard.module.css';

interface PostCardProps {
  post: Post;
  /** The signed-in person owns the post (their id equals post.userId): they may delete it. */
  isOwner: boolean;
}

export function PostCard({ post, isOwner }: PostCardProps) {
  const look = platformLook(post.platform);
  const Icon = look.icon;
  const when = post.createdAt ? relativeTime(post.createdAt) : '';

  return (
    <Card withBorder radius="lg" padding={0} shadow="xs" className={classes.card} component="article" aria-label={post.title}>
      <PostMedia post={post} />
      <Stack gap="sm" p="md" className={classes.body}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge variant="light" color={look.color} leftSection={<Icon size={14} />} tt="none" size="md">
            {look.label}
          </Badge>
          <LikeButton post={post} />
        </Group>
        <Title order={3} fz="lg" lh={1.3} lineClamp={2} className={classes.title}>
          {post.title}
        </Title>
        <PostDescription text={post.description} />
        <PostContacts post={post} />
        <AttachedFile post={post} />
      </Stack>
      <Group justify="space-between" wrap="nowrap" gap="xs" px="md" py="sm" className={classes.footer}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar size={32} radius="xl" color="violet" variant="light">
            {initials(post.user.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end">
              {post.user.name}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={post.createdAt || undefined} title={post.createdAt ? longDate(post.createdAt) : undefined}>
              {when || 'Recently'}
            </Text>
          </Stack>
        </Group>
        {isOwner && <DeletePostButton post={post} />}
      </Group>
    </Card>
  );
}
