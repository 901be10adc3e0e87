// The top of a card: the post's image, lazy, cropped to a fixed frame so images line up. A post
// without an image (or whose image fails to load) has no image block at all: the card starts with
// its platform badge, and is as tall as its content (PostCard.module.css).
import '../../mantine-styles-pages';
import { useState } from 'react';
import { AspectRatio } from '@mantine/core';
import type { Post } from '../../lib/feed-cache';
import classes from './PostCard.module.css';

/** The usual link-preview shape, so images made for social cards fit without surprise. */
export const MEDIA_RATIO = 1.91;

export function PostMedia({ post }: { post: Post }) {
  const [broken, setBroken] = useState(false);
  if (!post.imageUrl || broken) return null;
  return (
    <AspectRatio ratio={MEDIA_RATIO} className={classes.media}>
      <img src={post.imageUrl} alt={post.title} loading="lazy" decoding="async" className={classes.image} onError={() => setBroken(true)} />
    </AspectRatio>
  );
}
