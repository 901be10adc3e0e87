// Which picked files the workspace can import: the five
// code/text extensions, at most 1 MiB each, names the server accepts, at most 20 at a time.
import { IMPORT_EXTENSIONS, isImportable, isSafeFilename, MAX_FILE_BYTES } from '../../shared/filenames';

export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');
export const MAX_IMPORT_FILES = 20;
const ALLOWED_TYPES = IMPORT_EXTENSIONS.join(', ');

export interface ImportProblem {
  title: string;
  message: string;
}

function names(files: readonly { name: string }[]): string {
  return files.map((f) => f.name).join(', ');
}

/** Why this batch cannot be imported, or null when every file is fine. One bad file refuses the batch. */
export function importProblem(files: readonly { name: string; size: number }[]): ImportProblem | null {
  if (files.length > MAX_IMPORT_FILES) {
    return { title: 'Too many files', message: `Import at most ${MAX_IMPORT_FILES} files at a time.` };
  }
  const wrongType = files.filter((f) => !isImportable(f.name));
  if (wrongType.length > 0) {
    return {
      title: `Cannot import ${names(wrongType)}`,
      message: `Only ${ALLOWED_TYPES} files can be imported.`,
    };
  }
  const tooLarge = files.filter((f) => f.size > MAX_FILE_BYTES);
  if (tooLarge.length > 0) {
    return { title: `Cannot import ${names(tooLarge)}`, message: 'Files can be at most 1 MiB each.' };
  }
  const badName = files.filter((f) => !isSafeFilename(f.name));
  if (badName.length > 0) {
    return {
      title: `Cannot import ${names(badName)}`,
      message: 'File names may use only letters, digits, dots, dashes and underscores. Rename the file and try again.',
    };
  }
  return null;
}

/** Text that holds NUL characters is a binary file with a code extension, not code. */
export function looksBinary(text: string): boolean {
  return text.includes('\u0000');
}
