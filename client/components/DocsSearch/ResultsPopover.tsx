// The search box's results: scored as you type and shown in a dropdown under the box; Enter in the
// box opens the first. Its own module, loaded just after the top bar paints: the search index and
// Mantine's Popover (which brings the floating-ui positioning library) are not needed for the
// first paint.
import { cloneElement, useEffect, useMemo, type KeyboardEvent, type ReactElement } from 'react';
import { Popover } from '@mantine/core';
import { docUrl, searchDocs } from '../../../shared/docs-search';
import { DocsSearchResults } from './DocsSearchResults';

export interface ResultsPopoverProps {
  query: string;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The search box. */
  target: ReactElement<{ onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void }>;
  onSuggestion: (suggestion: string) => void;
  onOpen: () => void;
  /** Runs once this replaced the box shown while it loaded (to give the new box the focus back). */
  onArrival: () => void;
}

export default function ResultsPopover({ query, opened, onChange, target, onSuggestion, onOpen, onArrival }: ResultsPopoverProps) {
  const results = useMemo(() => searchDocs(query), [query]);
  // Once, when it has replaced the box shown while it loaded.
  useEffect(() => onArrival(), []);
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-start" width={360} shadow="lg" radius="md" offset={6} trapFocus={false} returnFocus={false}>
      <Popover.Target>
        {cloneElement(target, {
          onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
            target.props.onKeyDown?.(e);
            const first = results[0];
            if (e.key !== 'Enter' || !first) return;
            e.preventDefault();
            window.open(docUrl(first.entry.slug), '_blank', 'noopener,noreferrer');
            onOpen();
          },
        })}
      </Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 24px)">
        <DocsSearchResults results={results} onSuggestion={onSuggestion} onOpen={onOpen} />
      </Popover.Dropdown>
    </Popover>
  );
}
