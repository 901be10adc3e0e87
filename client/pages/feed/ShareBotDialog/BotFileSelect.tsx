// 'Attach a bot file': one of the person's files, listed under its bot, for others to remix.
import '../../../mantine-styles-pages';
import { Select, type ComboboxItem } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import type { FileChoice, FileChoiceGroup } from './file-choices';
import type { ShareForm } from './use-share-post';
import classes from './ShareBotDialog.module.css';

interface BotFileSelectProps {
  form: ShareForm;
  options: FileChoiceGroup[];
  loading: boolean;
  disabled: boolean;
}

// Under its bot's heading an option needs only its file name; the box shows the whole label.
const renderFileChoice = ({ option }: { option: ComboboxItem }) => <span className={classes.fileOption}>{(option as FileChoice).filename}</span>;

export function BotFileSelect({ form, options, loading, disabled }: BotFileSelectProps) {
  return (
    <Select
      label="Attach a bot file (optional)"
      description="Others can remix a copy into their workspace."
      placeholder={loading ? 'Loading your files...' : options.length ? 'Choose one of your files' : 'No files yet'}
      data={options}
      renderOption={renderFileChoice}
      searchable
      clearable
      nothingFoundMessage="No file with that name"
      leftSection={<IconFileCode size={16} />}
      disabled={disabled || options.length === 0}
      key={form.key('fileId')}
      {...form.getInputProps('fileId')}
    />
  );
}
