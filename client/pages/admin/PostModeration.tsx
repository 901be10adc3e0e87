// Social post moderation: every post on the feed, newest as the server sends them, each removable
// after a confirmation ('Are you sure you want to delete this post?').
import '../../mantine-styles-pages';
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconHeart, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { relativeTime } from '../../../shared/relative-time';
import { feedListKey } from '../../lib/feed-cache';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { platformLook } from '../../components/PostCard';
import { useAdminQueryError, useAdminSession } from './admin-session';
import type { AdminPost } from './admin-types';
import classes from './Admin.module.css';

export function PostModeration({ enabled }: { enabled: boolean }) {
  const posts = trpc.admin.posts.useQuery(undefined, { enabled });
  useAdminQueryError(posts.error, 'Failed to load social posts');
  const [target, setTarget] = useState<AdminPost | null>(null);

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Stack gap={2} mb="md">
        <Title order={2} fz="lg">
          Social posts
        </Title>
        <Text size="sm" c="dimmed">
          {posts.data ? `${posts.data.length.toLocaleString('en-US')} ${posts.data.length === 1 ? 'post' : 'posts'} on the community feed` : 'Posts on the community feed'}
        </Text>
      </Stack>
      {posts.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Failed to load social posts">
          <Button size="xs" variant="white" color="red" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !posts.data ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading social posts">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : posts.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          Nobody has shared a bot yet.
        </Text>
      ) : (
        // A busy server has thousands of posts: the list scrolls inside the card, not the page.
        <ScrollArea.Autosize mah={720} type="auto" offsetScrollbars>
          <Stack gap={0}>
            {posts.data.map((post) => (
              <PostRow key={post.id} post={post} onDelete={() => setTarget(post)} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <DeletePostModal post={target} onClose={() => setTarget(null)} />
    </Card>
  );
}

function PostRow({ post, onDelete }: { post: AdminPost; onDelete: () => void }) {
  const look = platformLook(post.platform);
  const Icon = look.icon;
  return (
    <Group className={classes.postRow} py="sm" gap="md" wrap="nowrap" align="flex-start">
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Badge size="sm" variant="light" color={look.color} leftSection={<Icon size={12} />} tt="none">
            {look.label}
          </Badge>
          <Text fw={600} size="sm" className={classes.clamp} lineClamp={1}>
            {post.title}
          </Text>
        </Group>
        <Text size="sm" c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))" lineClamp={2} className={classes.clamp}>
          {post.description}
        </Text>
        <Group gap="md">
          <Text size="xs" c="dimmed">
            by {post.user.name || 'Unknown'} · {post.user.email}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconHeart size={12} color="var(--mantine-color-red-6)" />
            <Text size="xs" c="dimmed" className={classes.numeric}>
              {post.likesCount}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {post.createdAt ? relativeTime(post.createdAt) : 'Recently'}
          </Text>
        </Group>
      </Stack>
      <Tooltip label="Delete post" openDelay={300}>
        <ActionIcon variant="light" color="red" aria-label={`Delete post ${post.title}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function DeletePostModal({ post, onClose }: { post: AdminPost | null; onClose: () => void }) {
  const { fail } = useAdminSession();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const remove = trpc.admin.deletePost.useMutation();

  const confirm = async () => {
    if (!post) return;
    try {
      const result = await remove.mutateAsync({ id: post.id });
      notifySuccess('Bot post deleted successfully!', result.message || post.title);
      utils.admin.posts.setData(undefined, (data) => data?.filter((p) => p.id !== post.id));
      void utils.admin.analytics.invalidate();
      // A signed-in operator's feed, if cached in this tab, must not show the removed post.
      void queryClient.invalidateQueries({ queryKey: feedListKey() });
      onClose();
    } catch (err) {
      fail(err, 'Failed to delete post');
    }
  };

  return (
    <Modal opened={post !== null} onClose={() => !remove.isPending && onClose()} title="Delete post" centered size="sm">
      <Stack gap="md">
        <Text size="sm">Are you sure you want to delete this post? This action cannot be undone.</Text>
        {post && (
          <Text size="sm" fw={600} className={classes.clamp}>
            {post.title}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            Delete post
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
