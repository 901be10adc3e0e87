// 'Latest': over a list that follows its newest entry (lib/use-follow-newest.ts), shown once the
// reader has scrolled up to read back; a click goes back to the newest entry and follows it again.
// Where it sits over its list (right, bottom) is the list's own className.
import { Button } from '@mantine/core';
import { IconArrowBarToDown } from '@tabler/icons-react';
import classes from './JumpToNewest.module.css';

export function JumpToNewest({ onClick, className }: { onClick: () => void; className: string }) {
  return (
    <Button size="compact-sm" variant="white" className={`${classes.jump} ${className}`} leftSection={<IconArrowBarToDown size={14} />} onClick={onClick}>
      Latest
    </Button>
  );
}
