// Documentation search box of the top bar: scores the built-in entries as you type and opens the
// chosen section of /docs.html in a new tab.
import { useMemo, useRef, useState } from 'react';
import { Box, CloseButton, Popover, TextInput, type BoxProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { searchDocs } from '../../../shared/docs-search';
import { DocsSearchResults } from './DocsSearchResults';

export function DocsSearch(props: BoxProps & { className?: string }) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const results = useMemo(() => searchDocs(query), [query]);
  const showDropdown = opened && query.trim() !== '';

  const pickSuggestion = (suggestion: string) => {
    setQuery(suggestion);
    setOpened(true);
    inputRef.current?.focus();
  };

  return (
    <Box {...props}>
      <Popover opened={showDropdown} onChange={setOpened} position="bottom-start" width={360} shadow="lg" radius="md" offset={6} trapFocus={false} returnFocus={false}>
        <Popover.Target>
          <TextInput
            ref={inputRef}
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setOpened(true);
            }}
            onFocus={() => setOpened(true)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpened(false);
            }}
            placeholder="Search documentation..."
            aria-label="Search documentation"
            leftSection={<IconSearch size={16} />}
            rightSection={query ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} /> : null}
            radius="md"
          />
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 24px)">
          <DocsSearchResults results={results} onSuggestion={pickSuggestion} onOpen={() => setOpened(false)} />
        </Popover.Dropdown>
      </Popover>
    </Box>
  );
}
