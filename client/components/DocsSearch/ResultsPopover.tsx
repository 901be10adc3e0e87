// The search box's results: scored as you type and shown in a dropdown under the box. Its own
// module, loaded just after the top bar paints: the search index and Mantine's Popover (which
// brings the floating-ui positioning library) are not needed for the first paint.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Popover } from '@mantine/core';
import { searchDocs } from '../../../shared/docs-search';
import { DocsSearchResults } from './DocsSearchResults';

export interface ResultsPopoverProps {
  query: string;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The search box. */
  target: ReactElement;
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
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 24px)">
        <DocsSearchResults results={results} onSuggestion={onSuggestion} onOpen={onOpen} />
      </Popover.Dropdown>
    </Popover>
  );
}
