// Contact chips (real links the client builds from handles) and the access key chip that copies it.
import { Badge, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBrandTelegram, IconBrandX, IconCopy, IconKey, IconMail } from '@tabler/icons-react';
import type { Post } from '../../lib/feed-cache';
import { copyText } from '../CopyCommand/copy-text';
import { contactLinks, type ContactKind } from './contact-links';
import classes from './PostCard.module.css';

const CONTACT_LOOK: Record<ContactKind, { icon: typeof IconMail; color: string; name: string }> = {
  telegram: { icon: IconBrandTelegram, color: 'blue', name: 'Telegram' },
  email: { icon: IconMail, color: 'gray', name: 'Email' },
  twitter: { icon: IconBrandX, color: 'gray', name: 'Twitter' },
};

export function PostContacts({ post }: { post: Post }) {
  const links = contactLinks(post.contactInfo);
  const accessKey = post.publicAccessKey;
  if (links.length === 0 && !accessKey) return null;

  return (
    <Group gap={6}>
      {links.map(({ kind, label, href }) => {
        const look = CONTACT_LOOK[kind];
        const Icon = look.icon;
        return (
          <Badge
            key={kind}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color={look.color}
            size="lg"
            radius="xl"
            leftSection={<Icon size={14} />}
            className={classes.chip}
            aria-label={`${look.name}: ${label}`}
            style={{ cursor: 'pointer', fontWeight: 500 }}
          >
            {label}
          </Badge>
        );
      })}
      {accessKey && (
        <Tooltip label="Copy access key" openDelay={300}>
          <UnstyledButton className={classes.accessKey} onClick={() => void copyText(accessKey)} aria-label={`Access Key ${accessKey}: copy`}>
            <IconKey size={14} />
            <span>Access Key</span>
            <span className={classes.accessKeyValue}>{accessKey}</span>
            <IconCopy size={13} />
          </UnstyledButton>
        </Tooltip>
      )}
    </Group>
  );
}
