// A shell command in a code box with a copy button beside it.
import { useState } from 'react';
import { ActionIcon, Code, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { copyText } from './copy-text';
import classes from './CopyCommand.module.css';

interface CopyCommandProps {
  command: string;
  /** Accessible name of the copy button, e.g. 'Copy install command for tweepy'. */
  label: string;
  block?: boolean;
}

export function CopyCommand({ command, label, block }: CopyCommandProps) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (await copyText(command)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" align={block ? 'flex-start' : 'center'} className={classes.row}>
      <Code block={block} className={classes.code}>
        {block ? command : `$ ${command}`}
      </Code>
      <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
        <ActionIcon variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} size="lg" aria-label={label} onClick={() => void copy()}>
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
