// Until the runner issue wires 'Install Dependencies' to the installer, it shows the exact command
// and points to the Runner, where installing happens.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { CopyCommand } from '../CopyCommand';
import { installCommand, usesNpm } from './install-command';

interface Props {
  opened: boolean;
  onClose: () => void;
  dependencies: string[];
  filename?: string;
}

export function InstallDependenciesModal({ opened, onClose, dependencies, filename }: Props) {
  const command = installCommand(dependencies, filename);
  return (
    <Modal opened={opened} onClose={onClose} title="Install Dependencies" centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          Installing happens in the Runner: open {filename ? <strong>{filename}</strong> : 'your file'} there and install its
          dependencies before you start it.
        </Text>
        <Text size="sm" c="dimmed">
          To run the bot on your own machine, install them with {usesNpm(filename) ? 'npm' : 'pip'}:
        </Text>
        <CopyCommand command={command} label="Copy install command" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to="/runner" leftSection={<IconPlayerPlay size={16} />}>
            Open Runner
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
