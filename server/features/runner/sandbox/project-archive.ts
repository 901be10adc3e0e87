// A run's project reaches its sandbox as one tar archive on one pipe (unpacked inside, by the
// sandbox's own tar, before the bot starts): never one descriptor per file, so no project size can
// exhaust the server's descriptors. Plain ustar: names are workspace file names (ASCII, at most 100
// characters, no directories), so the one-block header always fits.
const BLOCK = 512;

export type ArchiveFile = { name: string; content: string | Buffer };

export function projectArchive(files: ArchiveFile[], mtimeSeconds = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const body = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
    parts.push(header(file.name, body.length, mtimeSeconds), body, Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

function header(name: string, size: number, mtime: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100 || name.includes('/') || name.startsWith('.') || name === '') throw new Error(`Not a workspace file name: ${JSON.stringify(name)}`);
  const h = Buffer.alloc(BLOCK);
  nameBytes.copy(h, 0);
  octal(h, 100, 8, 0o644);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, mtime);
  h.fill(' ', 148, 156); // the checksum is computed with its own field as spaces
  h.write('0', 156, 'latin1'); // a regular file
  h.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\u0000 ', 148, 'latin1');
  return h;
}

function octal(h: Buffer, offset: number, length: number, value: number): void {
  h.write(value.toString(8).padStart(length - 1, '0') + '\u0000', offset, 'latin1');
}
