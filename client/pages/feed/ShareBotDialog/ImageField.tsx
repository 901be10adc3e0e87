// 'Bot Image Upload': pick (or drop) a PNG, JPEG, GIF or WebP image, checked against the server's
// type list and 10MB rule before it is read (a refusal says why under the field), previewed, and
// handed over as a data URL (the shape the server's post call takes).
import '../../../mantine-styles-pages';
import { useRef, useState, type DragEvent } from 'react';
import { ActionIcon, AspectRatio, Button, FileButton, Group, Input, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { IMAGE_ACCEPT, imageProblem } from './share-form';
import classes from './ShareBotDialog.module.css';

export interface PickedImage {
  dataUrl: string;
  name: string;
  size: number;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(file);
  });
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

interface ImageFieldProps {
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
}

export function ImageField({ value, onChange, disabled }: ImageFieldProps) {
  const resetRef = useRef<() => void>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refuse = (message: string) => {
    // Cleared, so picking the same file again still fires a change; an earlier good pick stays.
    resetRef.current?.();
    setError(message);
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) return refuse(problem);
    try {
      onChange({ dataUrl: await readAsDataUrl(file), name: file.name, size: file.size });
      setError(null);
    } catch {
      refuse('Could not read the image: please try another file');
    }
  };

  const clear = () => {
    resetRef.current?.();
    setError(null);
    onChange(null);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void pick(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Input.Wrapper
      label="Bot Image Upload"
      description="Optional. PNG, JPEG, GIF or WebP, up to 10MB; it is shown at the top of your post."
      error={error}
      errorProps={{ role: 'alert' }}
    >
      <FileButton
        onChange={(file) => void pick(file)}
        accept={IMAGE_ACCEPT}
        resetRef={resetRef}
        disabled={disabled}
        inputProps={{ 'aria-label': 'Bot image file', 'aria-invalid': error ? true : undefined }}
      >
        {(props) =>
          value ? (
            <Group gap="md" wrap="nowrap" mt={6} className={classes.picked}>
              <AspectRatio ratio={16 / 9} w={160} className={classes.preview}>
                <img src={value.dataUrl} alt="Selected bot image preview" />
              </AspectRatio>
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500} truncate="end" title={value.name}>
                  {value.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatSize(value.size)}
                </Text>
                <Group gap="xs">
                  <Button {...props} size="compact-xs" variant="default">
                    Change
                  </Button>
                  <Tooltip label="Remove image">
                    <ActionIcon variant="subtle" color="red" size="sm" onClick={clear} aria-label="Remove image" disabled={disabled}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Stack>
            </Group>
          ) : (
            <UnstyledButton
              {...props}
              mt={6}
              className={classes.drop}
              data-dragging={dragging || undefined}
              data-error={error ? true : undefined}
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
          )
        }
      </FileButton>
    </Input.Wrapper>
  );
}
