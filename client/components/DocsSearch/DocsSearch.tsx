// Documentation search box of the top bar: scores the built-in entries as you type and opens the
// chosen section of /docs.html in a new tab (Enter: the first match). The box paints with the page;
// the search, its results dropdown and Enter (ResultsPopover) load just after.
import { lazy, Suspense, useRef, useState } from 'react';
import { Box, CloseButton, Text, TextInput, type BoxProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { searchShortcutLabel } from './DocsSearchHotkey';

const ResultsPopover = lazy(() => import('./ResultsPopover'));

export function DocsSearch(props: BoxProps & { className?: string }) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Whether the box has the focus: the box shown while the dropdown loads is replaced when it arrives.
  const focused = useRef(false);
  const showDropdown = opened && query.trim() !== '';

  const pickSuggestion = (suggestion: string) => {
    setQuery(suggestion);
    setOpened(true);
    inputRef.current?.focus();
  };

  const input = (
    <TextInput
      ref={inputRef}
      value={query}
      onChange={(e) => {
        setQuery(e.currentTarget.value);
        setOpened(true);
      }}
      onFocus={() => {
        focused.current = true;
        setOpened(true);
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpened(false);
      }}
      placeholder="Search docs..."
      aria-label="Search documentation"
      leftSection={<IconSearch size={16} />}
      rightSection={
        query ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} />
        ) : (
          // Style props rather than the folder's stylesheet, which the results load later.
          <Text component="kbd" aria-hidden="true" fz={11} ff="monospace" c="dimmed" px={6} bd="1px solid var(--mantine-color-default-border)" bdrs="sm" style={{ pointerEvents: 'none', whiteSpace: 'nowrap' }}>
            {searchShortcutLabel()}
          </Text>
        )
      }
      rightSectionWidth={query ? undefined : 56}
      radius="md"
    />
  );

  return (
    <Box {...props}>
      <Suspense fallback={input}>
        <ResultsPopover
          query={query}
          opened={showDropdown}
          onChange={setOpened}
          target={input}
          onSuggestion={pickSuggestion}
          onOpen={() => setOpened(false)}
          onArrival={() => {
            if (focused.current) inputRef.current?.focus();
          }}
        />
      </Suspense>
    </Box>
  );
}
