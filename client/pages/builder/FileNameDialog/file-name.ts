// What is wrong with a name for a new or renamed file, checked before asking the server: the server would
// refuse a bad name, and would overwrite (not refuse) a file of the same name in the bot.
import { ALLOWED_EXTENSIONS, isSafeFilename } from '../../../../shared/filenames';

export function fileNameProblem(name: string, existing: readonly string[]): string | null {
  if (name === '') return 'Give the file a name, e.g. bot.py';
  if (!isSafeFilename(name)) {
    return `Use letters, digits, dots, dashes and underscores, and end with an allowed extension (.${ALLOWED_EXTENSIONS.slice(0, 6).join(', .')}...)`;
  }
  if (existing.includes(name)) return `This bot already has a file named ${name}`;
  return null;
}
