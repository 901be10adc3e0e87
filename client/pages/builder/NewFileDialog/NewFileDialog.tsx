// 'New file' of the builder's file list: a name, checked here first (newFileNameProblem), then
// handed to `onCreate` (the file list makes the file and opens it). Loaded when first asked for;
// a native dialog and a plain field rather than Mantine's Modal and TextInput (see NativeDialog).
import { useId, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { NativeDialog } from '../../../components/NativeDialog';
import { newFileNameProblem } from './file-name';
import classes from './NewFileDialog.module.css';

interface NewFileDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The bot's file names, which a new file may not take. */
  existing: string[];
  /** Makes the file; answers why it could not, or null once it is made. */
  onCreate: (filename: string) => Promise<string | null>;
}

export default function NewFileDialog({ opened, onClose, title, existing, onCreate }: NewFileDialogProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    onClose();
    setName('');
    setError(null);
  };

  const submit = async () => {
    const filename = name.trim();
    const problem = newFileNameProblem(filename, existing);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    const failure = await onCreate(filename);
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
            Create file
          </Button>
        </Group>
      </form>
    </NativeDialog>
  );
}
