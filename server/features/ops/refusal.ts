// What `npm run backup` and `npm run restore` say when they stop: one line for the operator,
// printed as it is (the entry scripts exit non-zero).
export class Refusal extends Error {}

/** A file-system failure in plain words: what could not be done to which file, and the errno name. */
export function fileProblem(what: string, file: string, err: unknown): Refusal {
  const code = (err as { code?: string }).code;
  const why =
    code === 'ENOENT' ? 'it does not exist'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'EISDIR' ? 'it is a folder'
    : code === 'ENOSPC' ? 'the disk is full'
    : code ?? (err as Error).message;
  return new Refusal(`${what} ${file}: ${why}`);
}
