// The bot name form of the 'Name your bot' and 'Rename bot' dialogs. Its own module, loaded when a
// dialog opens: the name's validation brings the schema library, which the sidebar around it does not need.
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { BOT_NAME_MAX, botNameField, createProjectInput } from '../../../shared/workspace.schema';

const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Invalid name');

export default function NameForm({
  initial,
  placeholder,
  description,
  submitLabel,
  optional,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: string;
  placeholder?: string;
  description?: string;
  submitLabel: string;
  optional: boolean;
  pending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstError(optional ? createProjectInput.shape.name.safeParse(name) : botNameField.safeParse(name));
    setError(problem);
    if (!problem) onSubmit(name.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Bot name"
          description={description}
          placeholder={placeholder}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={BOT_NAME_MAX + 20}
          data-autofocus
          autoComplete="off"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
