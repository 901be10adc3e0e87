// Inline credit editing in the users table: pencil, then a whole-number input (0 to 1,000,000) with
// confirm (disabled while empty or over the limit, which a line under the field then names) and
// cancel. Enter confirms, Escape cancels.
import '../../mantine-styles-pages';
import { useId, useState } from 'react';
import { ActionIcon, Group, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { ADMIN_MAX_CREDITS } from '../../../shared/feed.schema';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useAdminSession } from './admin-session';
import type { AdminUser } from './admin-types';
import classes from './Admin.module.css';

/** The balance as shown, and the pencil that starts editing it. */
function CreditsShown({ user, onEdit }: { user: AdminUser; onEdit: () => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} className={classes.numeric} c={user.credits < 5 ? 'red.7' : undefined}>
        {user.credits.toLocaleString('en-US')}
      </Text>
      <Tooltip label="Edit credits" openDelay={300}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit credits of ${user.email}`} onClick={onEdit}>
          <IconPencil size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function CreditsCell({ user }: { user: AdminUser }) {
  const { fail } = useAdminSession();
  const utils = trpc.useUtils();
  const setCredits = trpc.admin.setCredits.useMutation();
  const [draft, setDraft] = useState<number | string | null>(null);
  const editing = draft !== null;
  const empty = draft === '' || draft === null;
  // Typing past the limit is let through (not silently clamped) so the field can say why Confirm is off.
  const tooMany = !empty && Number(draft) > ADMIN_MAX_CREDITS;
  const errorId = useId();

  const cancel = () => setDraft(null);

  const confirm = async () => {
    if (empty || tooMany || setCredits.isPending) return;
    try {
      const result = await setCredits.mutateAsync({ id: user.id, credits: Number(draft) });
      utils.admin.analytics.setData(undefined, (data) =>
        data && { ...data, usersByEmail: data.usersByEmail.map((u) => (u.id === user.id ? { ...u, credits: result.credits } : u)) },
      );
      notifySuccess(`Credits updated to ${result.credits}`, `${user.name || user.email}`);
      setDraft(null);
    } catch (err) {
      fail(err, 'Failed to update credits');
    }
  };

  if (!editing) return <CreditsShown user={user} onEdit={() => setDraft(user.credits)} />;

  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <NumberInput
          size="xs"
          w={110}
          value={draft}
          onChange={setDraft}
          min={0}
          max={ADMIN_MAX_CREDITS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          thousandSeparator=","
          hideControls
          autoFocus
          aria-label={`New credits for ${user.email}`}
          error={tooMany}
          aria-describedby={tooMany ? errorId : undefined}
          disabled={setCredits.isPending}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void confirm();
            if (e.key === 'Escape') cancel();
          }}
        />
        <Tooltip label="Save credits" openDelay={300}>
          <ActionIcon color="teal" variant="filled" size="md" aria-label="Confirm credits" disabled={empty || tooMany} loading={setCredits.isPending} onClick={() => void confirm()}>
            <IconCheck size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Cancel" openDelay={300}>
          <ActionIcon variant="default" size="md" aria-label="Cancel editing credits" onClick={cancel} disabled={setCredits.isPending}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {tooMany && (
        <Text id={errorId} size="xs" c="red.7" role="alert">
          At most {ADMIN_MAX_CREDITS.toLocaleString('en-US')} credits
        </Text>
      )}
    </Stack>
  );
}
