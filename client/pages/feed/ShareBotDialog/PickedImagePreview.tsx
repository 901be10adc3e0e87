// The picked image: its preview, name and size, with Change (the file picker again) and Remove.
import '../../../mantine-styles-pages';
import { ActionIcon, AspectRatio, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { PickedImage } from './use-image-pick';
import classes from './ShareBotDialog.module.css';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

interface PickedImagePreviewProps {
  image: PickedImage;
  /** The file picker's props, for Change. */
  pickerProps: { onClick: () => void };
  onRemove: () => void;
  disabled?: boolean;
}

export function PickedImagePreview({ image, pickerProps, onRemove, disabled }: PickedImagePreviewProps) {
  return (
    <Group gap="md" wrap="nowrap" mt={6} className={classes.picked}>
      <AspectRatio ratio={16 / 9} w={160} className={classes.preview}>
        <img src={image.dataUrl} alt="Selected bot image preview" />
      </AspectRatio>
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate="end" title={image.name}>
          {image.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatSize(image.size)}
        </Text>
        <Group gap="xs">
          <Button {...pickerProps} size="compact-xs" variant="default">
            Change
          </Button>
          <Tooltip label="Remove image">
            <ActionIcon variant="subtle" color="red" size="sm" onClick={onRemove} aria-label="Remove image" disabled={disabled}>
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Group>
  );
}
