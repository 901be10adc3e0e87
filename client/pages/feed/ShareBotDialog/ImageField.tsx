// 'Bot Image Upload': pick (or drop) a PNG, JPEG, GIF or WebP image, checked against the server's
// type list and 10MB rule before it is read (a refusal says why under the field), previewed, and
// handed over as a data URL (the shape the server's post call takes): use-image-pick.ts.
import '../../../mantine-styles-pages';
import { FileButton, Input } from '@mantine/core';
import { IMAGE_ACCEPT } from './share-form';
import { ImageDropZone } from './ImageDropZone';
import { PickedImagePreview } from './PickedImagePreview';
import { useImagePick, type PickedImage } from './use-image-pick';

interface ImageFieldProps {
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
}

export function ImageField({ value, onChange, disabled }: ImageFieldProps) {
  const { resetRef, error, pick, clear } = useImagePick(onChange);

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
            <PickedImagePreview image={value} pickerProps={props} onRemove={clear} disabled={disabled} />
          ) : (
            <ImageDropZone pickerProps={props} onDropFile={(file) => void pick(file)} refused={Boolean(error)} disabled={disabled} />
          )
        }
      </FileButton>
    </Input.Wrapper>
  );
}
