// The picked image's checks: a picked or dropped file is refused with the reason (under the field)
// when the server would refuse it, otherwise read as a data URL and handed over with its name and size.
import { useRef, useState } from 'react';
import { imageProblem } from './share-form';

/** An image picked for the post: what the server's post call takes (a data URL), and what the field shows. */
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

export function useImagePick(onChange: (image: PickedImage | null) => void) {
  const resetRef = useRef<() => void>(null);
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

  return { resetRef, error, pick, clear };
}
