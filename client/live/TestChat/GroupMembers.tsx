// The test group's simulated members: each can be removed (they leave the group, and the bot sees
// it), and new ones added by name (they join). Posting as one of them is the composer's "Send as".
import { useState } from 'react';
import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconUserPlus, IconX } from '@tabler/icons-react';
import { testChatMember, type TestChatMember } from '../../../shared/test-chat.schema';
import { memberKey, nameColor } from './chat-log';
import classes from './TestChat.module.css';

interface GroupMembersProps {
  members: TestChatMember[];
  onAdd: (member: TestChatMember) => Promise<boolean>;
  onRemove: (member: TestChatMember) => Promise<boolean>;
}

type MemberErrors = { firstName?: string; username?: string };

/** The member the form describes, or what is wrong with it (a name already in the group too). */
function memberOf(firstName: string, username: string, members: TestChatMember[]): { member: TestChatMember } | { errors: MemberErrors } {
  const parsed = testChatMember.safeParse({ firstName, ...(username.trim() ? { username: username.trim().replace(/^@/, '') } : {}) });
  if (!parsed.success) {
    const errors: MemberErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] === 'username' ? 'username' : 'firstName'] ??= issue.message;
    return { errors };
  }
  if (members.some((m) => memberKey(m) === memberKey(parsed.data))) return { errors: { firstName: `${parsed.data.firstName} is already in the group` } };
  return { member: parsed.data };
}

function AddMember({ members, onAdd }: Pick<GroupMembersProps, 'members' | 'onAdd'>) {
  const [opened, setOpened] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<MemberErrors>({});
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFirstName('');
    setUsername('');
    setError({});
  };

  const submit = async () => {
    const read = memberOf(firstName, username, members);
    if ('errors' in read) {
      setError(read.errors);
      return;
    }
    setBusy(true);
    const added = await onAdd(read.member);
    setBusy(false);
    if (added) {
      reset();
      setOpened(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus width={260}>
      <Popover.Target>
        <Button size="compact-xs" variant="subtle" leftSection={<IconUserPlus size={14} />} onClick={() => setOpened((o) => !o)}>
          Add member
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Add someone to the test group
            </Text>
            <TextInput
              label="Name"
              size="xs"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={error.firstName}
              data-autofocus
              required
            />
            <TextInput
              label="Username"
              description="Optional"
              size="xs"
              leftSection="@"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={error.username}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={busy}>
                Add
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

export function GroupMembers({ members, onAdd, onRemove }: GroupMembersProps) {
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (member: TestChatMember) => {
    setRemoving(memberKey(member));
    await onRemove(member);
    setRemoving(null);
  };

  return (
    <div className={classes.members} aria-label="Group members" role="group">
      <Text size="xs" c="dimmed" fw={600} className={classes.membersLabel}>
        Members
      </Text>
      <span className={classes.memberChip} data-you>
        You
      </span>
      {members.map((member) => (
        <span key={memberKey(member)} className={classes.memberChip}>
          <span className={classes.memberDot} style={{ background: nameColor(member.firstName) }} aria-hidden />
          <span title={member.username ? `@${member.username}` : undefined}>{member.firstName}</span>
          <Tooltip label={`Remove ${member.firstName} (they leave the group)`} openDelay={300}>
            <ActionIcon
              size={16}
              radius="xl"
              variant="transparent"
              color="gray"
              aria-label={`Remove ${member.firstName}`}
              onClick={() => void remove(member)}
              loading={removing === memberKey(member)}
            >
              <IconX size={12} />
            </ActionIcon>
          </Tooltip>
        </span>
      ))}
      <AddMember members={members} onAdd={onAdd} />
    </div>
  );
}
