// How storage is shown: bytes in binary units ('1.2 MiB'), the /usage line
// 'Storage: 12 files, 1.2 MiB of 100 MiB', the parts of the figure and the message of a write
// refused past it. Shared so the page and the server's quota messages agree.

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** 0 -> '0 B', 1536 -> '1.5 KiB', 20 MiB -> '20 MiB': one decimal at most, none when it is .0. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (unit < UNITS.length - 1 && value >= 1024) {
    value /= 1024;
    unit++;
  }
  let rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  // 1023.96 KiB rounds to 1024: say 1 MiB instead.
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = 1;
    unit++;
  }
  return `${rounded} ${UNITS[unit]}`;
}

/** 1000 -> '1,000', the same in every locale. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

export function storageLine(s: { files: number; bytes: number; limits: { bytes: number } }): string {
  return `Storage: ${formatCount(s.files)} file${s.files === 1 ? '' : 's'}, ${formatBytes(s.bytes)} of ${formatBytes(s.limits.bytes)}`;
}

/** What a person stores, by part, in bytes. The one figure QUOTA_USER_MB caps is their sum. */
export type StorageParts = { files: number; packages: number; logs: number; variables: number; savedChats: number };
export type StoragePart = keyof StorageParts;

/** The parts as /usage names them, in its order. */
export const STORAGE_PARTS: ReadonlyArray<{ part: StoragePart; label: string }> = [
  { part: 'files', label: 'Files and versions' },
  { part: 'packages', label: 'Packages' },
  { part: 'logs', label: 'Logs' },
  { part: 'variables', label: 'Variables' },
  { part: 'savedChats', label: 'Saved chats' },
];

const PART_WORDS: Record<StoragePart, string> = { files: 'files', packages: 'packages', logs: 'logs', variables: 'variables', savedChats: 'saved chats' };

/** What frees the most: the biggest part's remedy (packages and kept logs go only with their bot). */
const MAKE_ROOM: Record<StoragePart, string> = {
  files: 'Delete some files to make room.',
  packages: 'Delete a bot you no longer need to make room: its packages go with it.',
  logs: 'Delete a bot you no longer need to make room: its kept logs go with it.',
  variables: 'Clear some saved variables to make room.',
  savedChats: 'Delete some saved chats to make room.',
};

/**
 * The refusal of a write past QUOTA_USER_MB: the figure /usage shows, its parts biggest first, and
 * what to delete. `adding`: what the refused write would have added, when the figure is not yet
 * at the limit ('nearly full ... and this needs 300 KiB more').
 */
export function storageFullMessage(figure: { bytes: number; parts: StorageParts }, limit: number, adding = 0): string {
  const parts = (Object.entries(figure.parts) as Array<[StoragePart, number]>).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const listed = parts.map(([part, n]) => `${PART_WORDS[part]} ${formatBytes(n)}`).join(', ');
  const used = `${formatBytes(figure.bytes)} of ${formatBytes(limit)}${listed ? `: ${listed}` : ''}`;
  const advice = MAKE_ROOM[parts[0]?.[0] ?? 'files'];
  if (figure.bytes >= limit || adding <= 0) return `Your storage is full (${used}). ${advice}`;
  return `Your storage is nearly full (${used}) and this needs ${formatBytes(adding)} more. ${advice}`;
}
