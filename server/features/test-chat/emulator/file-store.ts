// The files a bot sent (photos, documents), under Telegram-like file ids and file paths. Bytes are
// kept up to 10 MiB a file and 30 MiB a session, oldest bytes dropped first; what a file was stays
// known (a file id can be sent again) up to MAX_FILES entries.
import { randomBytes } from 'node:crypto';

const MiB = 1024 * 1024;
export const MAX_KEPT_FILE_BYTES = 10 * MiB;
export const MAX_SESSION_FILE_BYTES = 30 * MiB;
const MAX_FILES = 2_000;

export type StoredFile = {
  fileId: string;
  uniqueId: string;
  kind: 'photo' | 'document';
  name: string;
  mimeType: string;
  size: number;
  filePath: string;
  /** Undefined when too big to keep, dropped for room, or sent by URL. */
  bytes?: Buffer;
  /** Sent by URL: where it was. */
  url?: string;
  width?: number;
  height?: number;
};

export type NewFile = Omit<StoredFile, 'fileId' | 'uniqueId' | 'filePath'>;

const PREFIX = { photo: 'AgACAgIAAxkDAAI', document: 'BQACAgIAAxkDAAI' } as const;

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  private readonly byPath = new Map<string, string>();
  private keptBytes = 0;
  private counter = 0;

  add(file: NewFile): StoredFile {
    this.counter++;
    const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1]?.toLowerCase() ?? (file.kind === 'photo' ? 'jpg' : 'dat');
    const stored: StoredFile = {
      ...file,
      fileId: `${PREFIX[file.kind]}${randomBytes(42).toString('base64url')}`,
      uniqueId: `AQAD${randomBytes(9).toString('base64url')}`,
      filePath: `${file.kind === 'photo' ? 'photos' : 'documents'}/file_${this.counter}.${extension}`,
    };
    if (stored.bytes && stored.bytes.length > MAX_KEPT_FILE_BYTES) delete stored.bytes;
    this.files.set(stored.fileId, stored);
    this.byPath.set(stored.filePath, stored.fileId);
    if (stored.bytes) this.keptBytes += stored.bytes.length;
    this.makeRoom();
    return stored;
  }

  get(fileId: string): StoredFile | undefined {
    return this.files.get(fileId);
  }

  atPath(filePath: string): StoredFile | undefined {
    const id = this.byPath.get(filePath);
    return id === undefined ? undefined : this.files.get(id);
  }

  private makeRoom(): void {
    for (const file of this.files.values()) {
      if (this.keptBytes <= MAX_SESSION_FILE_BYTES) break;
      if (file.bytes) {
        this.keptBytes -= file.bytes.length;
        delete file.bytes;
      }
    }
    while (this.files.size > MAX_FILES) {
      const oldest = this.files.values().next().value!;
      if (oldest.bytes) this.keptBytes -= oldest.bytes.length;
      this.files.delete(oldest.fileId);
      this.byPath.delete(oldest.filePath);
    }
  }
}
