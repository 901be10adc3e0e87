// Dropdown body of the documentation search: a count line and the matches, or suggestions.
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconExternalLink, IconFileText, IconSearchOff } from '@tabler/icons-react';
import { docSuggestions, docUrl, resultCountLabel, type DocMatch } from '../../../shared/docs-search';
import classes from './DocsSearch.module.css';

interface DocsSearchResultsProps {
  results: DocMatch[];
  onSuggestion: (query: string) => void;
  onOpen: () => void;
}

export function DocsSearchResults({ results, onSuggestion, onOpen }: DocsSearchResultsProps) {
  if (results.length === 0) {
    return (
      <Stack gap="xs" p="md" align="center" ta="center">
        <IconSearchOff size={28} color="var(--mantine-color-dimmed)" />
        <Text fw={600} size="sm">
          No documentation found
        </Text>
        <Text size="xs" c="dimmed">
          Try one of these:
        </Text>
        <Group gap={6} justify="center">
          {docSuggestions.map((s) => (
            <Badge key={s} component="button" type="button" variant="light" className={classes.suggestion} onClick={() => onSuggestion(s)}>
              {s}
            </Badge>
          ))}
        </Group>
      </Stack>
    );
  }

  return (
    <div aria-label="Documentation results">
      <Text size="xs" c="dimmed" fw={600} px="md" pt="sm" pb={6}>
        {resultCountLabel(results.length)}
      </Text>
      {results.map(({ entry }) => (
        <UnstyledButton
          key={entry.slug}
          component="a"
          href={docUrl(entry.slug)}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.result}
          onClick={onOpen}
        >
          <IconFileText size={18} className={classes.resultIcon} />
          <div className={classes.resultBody}>
            <Text size="sm" fw={600}>
              {entry.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {entry.description}
            </Text>
          </div>
          <IconExternalLink size={14} className={classes.resultIcon} />
        </UnstyledButton>
      ))}
    </div>
  );
}
