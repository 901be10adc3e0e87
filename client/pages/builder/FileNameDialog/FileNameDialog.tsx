// A file's name, for 'New file' of the builder's file list and 'Rename' of the editor: checked here
// first (fileNameProblem), then handed to `onSubmit` (which makes or renames the file). Loaded when first asked for;
// a native dialog and a plain field rather than Mantine's Modal and TextInput (see NativeDialog).
import { useEffect, useId, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { NativeDialog } from '../../../components/NativeDialog';
import { fileNameProblem } from './file-name';
import classes from './FileNameDialog.module.css';

interface FileNameDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The name the field starts with (a rename starts from the current one). */
  initialName?: string;
  /** 'Create file' or 'Rename'. */
  submitLabel: string;
  /** The bot's other file names, which this one may not take. */
  existing: string[];
  /** Makes or renames the file; answers why it could not, or null once it is done. */
  onSubmit: (filename: string) => Promise<string | null>;
}

export default function FileNameDialog({ opened, onClose, title, initialName = '', submitLabel, existing, onSubmit }: FileNameDialogProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  useEffect(() => {
    if (opened) setName(initialName);
  }, [opened, initialName]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    onClose();
    setName('');
    setError(null);
  };

  const submit = async () => {
    const filename = name.trim();
    if (filename === initialName && initialName !== '') {
      close();
      return;
    }
    const problem = fileNameProblem(filename, existing);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    const failure = await onSubmit(filename);
    setPending(false);
    if (failure) setError(failure);
    else close();
  };

  return (
    <NativeDialog opened={opened} onClose={close} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) void submit();
        }}
      >
        <label htmlFor={`${id}-name`} className={classes.label}>
          File name
        </label>
        <p id={`${id}-hint`} className={classes.description}>
          With its extension: .py, .js, .ts, .json, .md, .txt...
        </p>
        <input
          id={`${id}-name`}
          className={classes.input}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          placeholder="bot.py"
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          autoComplete="off"
          spellCheck={false}
        />
        {error && (
          <p id={`${id}-error`} className={classes.error}>
            {error}
          </p>
        )}
        <Group justify="flex-end" gap="xs" mt="lg">
          <Button variant="default" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </NativeDialog>
  );
}
