// The editor's header: file name and language, the unsaved-changes mark, the word-wrap switch,
// Rename, and Run, Modify, History, Delete, Save and Close.
import { ActionIcon, Badge, Box, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconBrandTelegram,
  IconDeviceFloppy,
  IconFileCode,
  IconHistory,
  IconPencil,
  IconPlayerPlay,
  IconSparkles,
  IconTextWrap,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { languageLabel } from '../../../../shared/filenames';
import classes from './EditorPanel.module.css';

interface EditorHeaderProps {
  filename: string;
  dirty: boolean;
  showingTemplate: boolean;
  saving: boolean;
  /** While an AI proposal is on screen the editor text is not what Save would store: lock it. */
  previewing: boolean;
  onRun: () => void;
  onModify: () => void;
  onHistory: () => void;
  onDelete: () => void;
  onRename: () => void;
  onSave: () => void;
  onClose: () => void;
  /** Long lines wrap at the editor's edge (kept across reloads by the editor). */
  wrap: boolean;
  onToggleWrap: () => void;
  /** A Telegram bot: talk to it in the test chat beside the editor. */
  onTestChat?: () => void;
}

/** The file's name (with Rename), its language, and whether it is unsaved or the sample shown for an empty file. */
function FileTitle({ filename, dirty, showingTemplate, onRename }: Pick<EditorHeaderProps, 'filename' | 'dirty' | 'showingTemplate' | 'onRename'>) {
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <IconFileCode size={20} stroke={1.6} className={classes.headerIcon} />
      <Text fw={700} ff="monospace" truncate="end" title={filename}>
        {filename}
      </Text>
      <Tooltip label="Rename file">
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Rename file" onClick={onRename} className={classes.noShrink}>
          <IconPencil size={15} />
        </ActionIcon>
      </Tooltip>
      <Badge variant="light" color="violet" tt="none" className={classes.noShrink}>
        {languageLabel(filename)}
      </Badge>
      {dirty && (
        <Badge variant="dot" color="orange" tt="none" className={classes.noShrink} aria-label="Unsaved changes">
          Unsaved
        </Badge>
      )}
      {showingTemplate && (
        <Badge variant="light" color="teal" tt="none" className={classes.noShrink}>
          Template
        </Badge>
      )}
    </Group>
  );
}

/** Run, Test chat, Modify and History; then Delete and Save. */
function FileActions(props: EditorHeaderProps) {
  const { saving, previewing } = props;
  return (
    <Group justify="space-between" gap={6} mt="xs">
      <Group gap={6} wrap="nowrap">
        <Button size="xs" variant="light" color="green" leftSection={<IconPlayerPlay size={14} />} onClick={props.onRun}>
          Run
        </Button>
        {props.onTestChat && (
          <Button size="xs" variant="light" color="blue" className={classes.squeezable} leftSection={<IconBrandTelegram size={14} />} onClick={props.onTestChat}>
            <span className={classes.squeezableLabel}>Test chat</span>
          </Button>
        )}
        <Button size="xs" variant="light" leftSection={<IconSparkles size={14} />} onClick={props.onModify} disabled={previewing}>
          Modify
        </Button>
        <Button size="xs" variant="default" className={classes.squeezable} leftSection={<IconHistory size={14} />} onClick={props.onHistory} disabled={previewing}>
          <span className={classes.squeezableLabel}>History</span>
        </Button>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Button size="xs" variant="subtle" color="red" className={classes.squeezable} leftSection={<IconTrash size={14} />} onClick={props.onDelete}>
          <span className={classes.squeezableLabel}>Delete</span>
        </Button>
        <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} onClick={props.onSave} disabled={saving || previewing} miw={84}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Group>
    </Group>
  );
}

export function EditorHeader(props: EditorHeaderProps) {
  return (
    <Box className={classes.header}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <FileTitle filename={props.filename} dirty={props.dirty} showingTemplate={props.showingTemplate} onRename={props.onRename} />
        <Group gap={4} wrap="nowrap" className={classes.noShrink}>
          <Tooltip label={props.wrap ? 'Long lines wrap: click to scroll them sideways' : 'Long lines scroll sideways: click to wrap them'}>
            <ActionIcon
              variant={props.wrap ? 'light' : 'subtle'}
              color={props.wrap ? undefined : 'gray'}
              aria-label="Wrap long lines"
              aria-pressed={props.wrap}
              onClick={props.onToggleWrap}
            >
              <IconTextWrap size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Close the editor">
            <ActionIcon variant="subtle" color="gray" aria-label="Close" onClick={props.onClose}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <FileActions {...props} />
    </Box>
  );
}
