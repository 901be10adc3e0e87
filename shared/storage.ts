// How storage is shown: bytes in binary units ('1.2 MiB') and the /usage line
// 'Storage: 12 files, 1.2 MiB of 100 MiB'. Shared so the page and the server's quota messages agree.

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
