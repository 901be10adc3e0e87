// The file a bot sends with sendPhoto/sendDocument: an upload (multipart, by field name or
// attach://name), an http(s) URL, or the file_id of a file sent before. Photos must be images.
import { badRequest, TELEGRAM_TEXTS } from './bot-api-errors';
import type { UploadedFile } from './bot-method';
import type { Params } from './bot-api-params';
import type { FileStore, StoredFile } from './file-store';
import { checkImageDataUrl, type ImageMime } from '../../feed/image-upload';

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  ogg: 'audio/ogg',
};

const KIND_NAMES = { photo: 'Photo', document: 'Document' } as const;
/** A file's address as the bot gives it: kept with the file, so it is held to a browser's size. */
const MAX_URL_LENGTH = 2048;
/** A file name as the conversation keeps it. */
const MAX_NAME_LENGTH = 255;

export function readInputFile(kind: 'photo' | 'document', params: Params, files: Map<string, UploadedFile>, store: FileStore): StoredFile {
  const value = params[kind];
  const attached = typeof value === 'string' && value.startsWith('attach://') ? files.get(value.slice('attach://'.length)) : undefined;
  const upload = files.get(kind) ?? attached;
  if (upload) return kind === 'photo' ? storePhoto(upload, store) : storeDocument(upload, store);
  if (typeof value === 'string' && value.startsWith('attach://')) throw badRequest(TELEGRAM_TEXTS.wrongFile);
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`there is no ${kind} in the request`);

  const text = value.trim();
  if (/^https?:\/\/\S+$/i.test(text)) {
    if (text.length > MAX_URL_LENGTH) throw badRequest(TELEGRAM_TEXTS.wrongFile);
    const name = urlFileName(text) || (kind === 'photo' ? 'photo.jpg' : 'file');
    return store.add({ kind, name, mimeType: guessMime(name, 'application/octet-stream'), size: 0, url: text });
  }
  const known = store.get(text);
  if (!known) throw badRequest(TELEGRAM_TEXTS.wrongFile);
  if (known.kind !== kind && kind === 'photo') throw badRequest(`can't use file of type ${KIND_NAMES[known.kind]} as ${KIND_NAMES[kind]}`);
  return known;
}

function storePhoto(upload: UploadedFile, store: FileStore): StoredFile {
  if (upload.bytes.length === 0) throw badRequest('file must be non-empty');
  const mime = sniffImage(upload.bytes);
  if (!mime) throw badRequest('IMAGE_PROCESS_FAILED');
  let size: { width: number; height: number };
  try {
    size = checkImageDataUrl(`data:${mime};base64,${upload.bytes.toString('base64')}`);
  } catch {
    throw badRequest('IMAGE_PROCESS_FAILED');
  }
  const name = upload.filename.slice(0, MAX_NAME_LENGTH) || 'photo.jpg';
  return store.add({ kind: 'photo', name, mimeType: mime, size: upload.bytes.length, bytes: upload.bytes, width: size.width, height: size.height });
}

function storeDocument(upload: UploadedFile, store: FileStore): StoredFile {
  if (upload.bytes.length === 0) throw badRequest('file must be non-empty');
  const name = upload.filename.slice(0, MAX_NAME_LENGTH) || 'document';
  const given = upload.mimeType && upload.mimeType !== 'application/octet-stream' ? upload.mimeType : undefined;
  return store.add({ kind: 'document', name, mimeType: given ?? guessMime(name, 'application/octet-stream'), size: upload.bytes.length, bytes: upload.bytes });
}

function urlFileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').slice(0, MAX_NAME_LENGTH);
  } catch {
    throw badRequest(TELEGRAM_TEXTS.wrongFile);
  }
}

function guessMime(name: string, fallback: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION[extension]) || fallback;
}

function sniffImage(b: Buffer): ImageMime | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}
