// The documentation search as a dialog (Ctrl+K from any page): a box, the scored matches under it,
// Enter opens the first one in a new tab as a click on it would. A native dialog and a plain input,
// not Mantine's Modal and TextInput: see NativeDialog for why.
import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { docUrl, searchDocs } from '../../../shared/docs-search';
import { NativeDialog } from '../NativeDialog';
import { DocsSearchResults } from './DocsSearchResults';
import classes from './DocsSearch.module.css';

export default function DocsSearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const results = query.trim() ? searchDocs(query) : null;

  const close = () => {
    onClose();
    setQuery('');
  };

  return (
    <NativeDialog opened={opened} onClose={close} title="Search documentation" width={620}>
      <label className={classes.dialogBox}>
        <IconSearch size={18} className={classes.dialogIcon} aria-hidden="true" />
        <input
          className={classes.dialogInput}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            const first = results?.[0];
            if (e.key !== 'Enter' || !first) return;
            e.preventDefault();
            window.open(docUrl(first.entry.slug), '_blank', 'noopener,noreferrer');
            close();
          }}
          placeholder="Search documentation..."
          aria-label="Search documentation"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      {results === null ? (
        <Text size="sm" c="dimmed" mt="sm">
          Type what you are looking for; Enter opens the first match.
        </Text>
      ) : (
        <div className={classes.dialogResults}>
          <DocsSearchResults results={results} onSuggestion={setQuery} onOpen={close} />
        </div>
      )}
    </NativeDialog>
  );
}
