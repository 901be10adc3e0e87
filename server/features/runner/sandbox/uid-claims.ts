// Each run gets a host uid no other live run has, across every server process on the machine
// (RLIMIT_NPROC counts per uid, so a shared uid would let one run's processes starve another's).
// A claim is a file created exclusively in a root-only directory; a claim whose process is gone is
// taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const UID_BASE = 200_000;
const UID_SLOTS = 50_000;
const CLAIMS_DIR = path.join(tmpdir(), 'botwright-sandbox-uids');
let next = Math.floor(Math.random() * UID_SLOTS);

export function claimUid(): number {
  mkdirSync(CLAIMS_DIR, { recursive: true, mode: 0o700 });
  for (let i = 0; i < UID_SLOTS; i++) {
    const uid = UID_BASE + ((next + i) % UID_SLOTS);
    const file = path.join(CLAIMS_DIR, String(uid));
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      next = (next + i + 1) % UID_SLOTS;
      return uid;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!ownerAlive(file)) {
        try {
          unlinkSync(file);
        } catch {
          /* someone else took it over first */
        }
        i--; // try the same uid again
      }
    }
  }
  throw new Error('No free sandbox uid');
}

export function releaseUid(uid: number): void {
  try {
    unlinkSync(path.join(CLAIMS_DIR, String(uid)));
  } catch {
    /* already released */
  }
}

function ownerAlive(file: string): boolean {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    if (!pid) return true; // being written right now
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
