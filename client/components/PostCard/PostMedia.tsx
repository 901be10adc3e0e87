// The top of a card: the post's image (lazy, cropped to a fixed 16:9 frame so rows line up) or,
// without one or when it fails to load, a banner with the platform's icon.
import '../../mantine-styles-pages';
import { useState, type CSSProperties } from 'react';
import { AspectRatio, ThemeIcon } from '@mantine/core';
import type { Post } from '../../lib/feed-cache';
import { platformLook } from './platforms';
import classes from './PostCard.module.css';

/** The usual link-preview shape, so images made for social cards fit without surprise. */
export const MEDIA_RATIO = 1.91;

export function PostMedia({ post }: { post: Post }) {
  const [broken, setBroken] = useState(false);
  const look = platformLook(post.platform);
  const Icon = look.icon;
  // Mantine's dark scale is near-black: the Twitter banner uses the lighter grey scale instead.
  const tone = look.color === 'dark' ? 'gray' : look.color;

  return (
    <AspectRatio ratio={MEDIA_RATIO} className={classes.media}>
      {post.imageUrl && !broken ? (
        <img src={post.imageUrl} alt={post.title} loading="lazy" decoding="async" className={classes.image} onError={() => setBroken(true)} />
      ) : (
        <div
          className={classes.banner}
          style={{ '--banner-from': `var(--mantine-color-${tone}-1)`, '--banner-to': `var(--mantine-color-${tone}-3)` } as CSSProperties}
          aria-hidden
        >
          <ThemeIcon size={64} radius="xl" variant="white" color={look.color}>
            <Icon size={36} stroke={1.5} />
          </ThemeIcon>
        </div>
      )}
    </AspectRatio>
  );
}
