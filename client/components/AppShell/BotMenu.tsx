// A sidebar bot's menu (rename, duplicate, delete). Its own module, loaded just after the sidebar
// paints: Mantine's Menu brings the floating-ui positioning library, which the first paint does not need.
// Menu's stylesheet comes with the menu (the entry's stylesheet leaves it out, the first paint has no menu).
import '@mantine/core/styles/Menu.css';
import type { ReactElement } from 'react';
import { Menu } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';

export interface BotMenuProps {
  label: string;
  /** The menu's button. */
  target: ReactElement;
  /** Open at once: the button was clicked before this module arrived. */
  defaultOpened: boolean;
  onRename: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

export default function BotMenu({ label, target, defaultOpened, onRename, onDuplicate, onDelete }: BotMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={180} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={onDuplicate}>
          Duplicate
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
