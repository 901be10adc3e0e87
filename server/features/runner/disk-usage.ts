// What a directory takes on disk, as `du` counts it: the blocks allocated to everything under it
// (a sparse volume image counts what was written into it, not its size). Nothing is read but the
// directories. A packages dir is written by an install's sandbox, which could swap a directory for
// a link while it is walked, so the walk never goes by a path it has not checked: each directory is
// opened without following a link and must be the one its parent listed (device and inode), and
// its entries are looked at through that open directory (/proc/self/fd/N/name, lstat). Links are
// counted as themselves, another filesystem mounted inside is not entered, a file hard-linked twice
// is counted once.
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToOthers } from 'node:timers/promises';

const BLOCK = 512; // st_blocks is in 512-byte units whatever the filesystem's block size
/** Where an open directory can be named by its descriptor; without it (not Linux) paths are used as they are. */
const FD_DIR = existsSync('/proc/self/fd') ? '/proc/self/fd' : null;
/**
 * Entries looked at between two turns of the event loop. The calls are synchronous: a person's
 * folders are mostly a handful of entries, which async calls took eight times as long to look at
 * (a round trip through the thread pool each); a big packages dir still lets others in as it goes.
 */
const ENTRIES_PER_TURN = 2000;

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null; // gone meanwhile, or not there at all
  }
}

type Dir = { path: string; dev: number; ino: number };

/** Looks at one directory: its own blocks and its entries', the directories below it added to `pending`. */
function visit(dir: Dir, top: Stats, pending: Dir[], linked: Set<number>): { bytes: number; entries: number } {
  let fd: number;
  try {
    fd = openSync(dir.path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch {
    return { bytes: 0, entries: 0 }; // removed, or made a link, meanwhile
  }
  try {
    const self = fstatSync(fd);
    // The path led elsewhere than to the directory its parent listed: not counted, not entered.
    if (self.dev !== dir.dev || self.ino !== dir.ino) return { bytes: 0, entries: 0 };
    let bytes = self.blocks * BLOCK;
    const at = FD_DIR ? `${FD_DIR}/${fd}` : dir.path;
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      names = [];
    }
    for (const name of names) {
      const s = lstatOrNull(`${at}/${name}`);
      if (!s) continue;
      if (s.isDirectory()) {
        // A mount point is another filesystem's: neither its blocks nor what is under it.
        if (s.dev === top.dev) pending.push({ path: path.join(dir.path, name), dev: s.dev, ino: s.ino });
        continue;
      }
      if (s.nlink > 1) {
        if (linked.has(s.ino)) continue;
        linked.add(s.ino);
      }
      bytes += s.blocks * BLOCK;
    }
    return { bytes, entries: names.length };
  } finally {
    closeSync(fd);
  }
}

/** Bytes of blocks allocated under `root` (0 when it does not exist). */
export async function diskUsage(root: string): Promise<number> {
  const top = lstatOrNull(root);
  if (!top) return 0;
  if (!top.isDirectory()) return top.blocks * BLOCK;
  let bytes = 0;
  let sinceTurn = 0;
  const linked = new Set<number>();
  // Depth first with a list, not recursion: a tree may be as deep as its writer made it.
  const pending: Dir[] = [{ path: root, dev: top.dev, ino: top.ino }];
  while (pending.length > 0) {
    const seen = visit(pending.pop()!, top, pending, linked);
    bytes += seen.bytes;
    sinceTurn += seen.entries + 1;
    if (sinceTurn >= ENTRIES_PER_TURN) {
      sinceTurn = 0;
      await yieldToOthers();
    }
  }
  return bytes;
}
