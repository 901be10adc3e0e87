// The buttons on a card: like with its count, remix of the attached file, delete for the owner.
import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileCode, IconGitFork, IconHeart, IconHeartFilled, IconTrash } from '@tabler/icons-react';
import { languageLabel } from '../../../shared/filenames';
import type { Post } from '../../lib/feed-cache';
import { useDeletePost, useLikePost, useRemixPost } from './use-post-actions';
import classes from './PostCard.module.css';

export function LikeButton({ post }: { post: Post }) {
  const { toggle } = useLikePost(post);
  return (
    <Tooltip label={post.isLiked ? 'Unlike' : 'Like'} openDelay={400}>
      <Button
        size="compact-sm"
        radius="xl"
        variant={post.isLiked ? 'light' : 'subtle'}
        color={post.isLiked ? 'red' : 'gray'}
        leftSection={post.isLiked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
        onClick={() => void toggle()}
        aria-pressed={post.isLiked}
        aria-label={`${post.isLiked ? 'Unlike' : 'Like'} ${post.title} (${post.likesCount} ${post.likesCount === 1 ? 'like' : 'likes'})`}
      >
        {post.likesCount}
      </Button>
    </Tooltip>
  );
}

export function AttachedFile({ post }: { post: Post }) {
  const { start, pending } = useRemixPost(post);
  if (!post.file) return null;
  return (
    <Group gap="xs" wrap="nowrap" px="sm" py={8} className={classes.file}>
      <IconFileCode size={20} stroke={1.6} color="var(--mantine-color-violet-6)" style={{ flexShrink: 0 }} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate="end" title={post.file.filename}>
          {post.file.filename}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {languageLabel(post.file.filename)} bot file
        </Text>
      </Stack>
      <Tooltip label="Copy this file into your workspace and open it" openDelay={300}>
        <Button size="compact-sm" variant="light" leftSection={<IconGitFork size={14} />} loading={pending} onClick={() => void start()} style={{ flexShrink: 0 }} aria-label={`Remix ${post.file.filename}`}>
          Remix
        </Button>
      </Tooltip>
    </Group>
  );
}

export function DeletePostButton({ post }: { post: Post }) {
  const [opened, setOpened] = useState(false);
  const { confirm, pending } = useDeletePost(post);
  const close = () => {
    if (!pending) setOpened(false);
  };

  return (
    <>
      <Tooltip label="Delete post" openDelay={400}>
        <ActionIcon variant="subtle" color="gray" aria-label={`Delete ${post.title}`} onClick={() => setOpened(true)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Delete post" centered size="sm">
        <Stack gap="md">
          <Text size="sm">Are you sure you want to delete this post? This action cannot be undone.</Text>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {post.title}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button color="red" loading={pending} onClick={() => void confirm().then((done) => done && setOpened(false))}>
              Delete post
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
