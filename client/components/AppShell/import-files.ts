// The sidebar's Import picker takes code and text files only (spec section 5).

export const IMPORT_EXTENSIONS = ['.py', '.js', '.ts', '.json', '.txt'] as const;
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');

export function isImportable(filename: string): boolean {
  const lower = filename.toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

export function importableFiles<T extends { name: string }>(files: readonly T[]): T[] {
  return files.filter((f) => isImportable(f.name));
}
