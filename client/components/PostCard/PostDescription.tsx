// A post's description: plain text (never HTML), clamped to a few lines with 'Show more' when it
// actually overflows (measured, so short texts get no pointless toggle).
import { useEffect, useRef, useState } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import classes from './PostCard.module.css';

const LINES = 3;

export function PostDescription({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    // Card widths change with the window: what fits at one width may not at another.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div>
      <Text ref={ref} size="sm" c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))" lineClamp={expanded ? undefined : LINES} className={classes.description}>
        {text}
      </Text>
      {(overflows || expanded) && (
        <UnstyledButton className={classes.more} mt={4} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? 'Show less' : 'Show more'}
        </UnstyledButton>
      )}
    </div>
  );
}
