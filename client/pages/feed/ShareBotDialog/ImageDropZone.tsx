// The empty image field: a button that opens the file picker, and a place to drop an image on
// (marked while one is dragged over it, and red after a refused file).
import '../../../mantine-styles-pages';
import { useState, type DragEvent } from 'react';
import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import classes from './ShareBotDialog.module.css';

interface ImageDropZoneProps {
  /** The file picker's props: a click opens it. */
  pickerProps: { onClick: () => void };
  onDropFile: (file: File | null) => void;
  refused: boolean;
  disabled?: boolean;
}

export function ImageDropZone({ pickerProps, onDropFile, refused, disabled }: ImageDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onDropFile(event.dataTransfer.files[0] ?? null);
  };

  return (
    <UnstyledButton
      {...pickerProps}
      mt={6}
      className={classes.drop}
      data-dragging={dragging || undefined}
      data-error={refused || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Group gap="sm" wrap="nowrap" justify="center">
        <ThemeIcon variant="light" size={40} radius="xl">
          <IconPhotoPlus size={22} />
        </ThemeIcon>
        <Text size="sm" fw={500}>
          Click to upload or drop an image
        </Text>
      </Group>
    </UnstyledButton>
  );
}
