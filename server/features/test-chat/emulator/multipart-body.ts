// multipart/form-data bodies of Bot API calls (uploads from telegraf, grammY, node-telegram-bot-api,
// python-telegram-bot, aiogram): text fields and file parts, read with busboy into memory within
// limits (50 MiB of files, as Telegram's upload limit, and 1 MiB of text fields in all). The stream it reads is
// already metered (request-bytes.ts): every byte, fields too, counts there.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { badRequest } from './bot-api-errors';
import type { UploadedFile } from './bot-method';

const MiB = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 50 * MiB;
/** The text fields of one request together (a text is at most 4096 characters, a keyboard a few KiB). */
export const MAX_FIELD_BYTES = MiB;

export type MultipartBody = { fields: Record<string, string>; files: Map<string, UploadedFile> };

export function readMultipart(stream: Readable, headers: IncomingHttpHeaders, limit = MAX_UPLOAD_BYTES): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fileSize: limit, fieldSize: MAX_FIELD_BYTES, fields: 200, files: 20, parts: 220 } });
    } catch {
      reject(badRequest("can't parse multipart/form-data: no boundary"));
      return;
    }
    const fields: Record<string, string> = {};
    const files = new Map<string, UploadedFile>();
    let total = 0;
    let fieldBytes = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      stream.unpipe(parser);
      stream.resume(); // drain what is left so the answer can be read
      reject(error);
    };
    const tooBig = () => badRequest(`request is too big: files can be at most ${limit / MiB} MB`);

    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > MAX_FIELD_BYTES) fail(badRequest(`field "${name}" is too long`));
      else fields[name] = value;
    });
    parser.on('file', (name, file, info) => {
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) fail(tooBig());
        else if (!failed) chunks.push(chunk);
      });
      file.on('limit', () => fail(tooBig()));
      file.on('end', () => {
        if (!failed) files.set(name, { bytes: Buffer.concat(chunks), filename: info.filename ?? '', mimeType: (info.mimeType || 'application/octet-stream').slice(0, 255) });
      });
    });
    parser.on('partsLimit', () => fail(badRequest('too many parts in the request')));
    parser.on('filesLimit', () => fail(badRequest('too many files in the request')));
    parser.on('fieldsLimit', () => fail(badRequest('too many fields in the request')));
    parser.on('error', () => fail(badRequest("can't parse multipart/form-data")));
    parser.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    stream.on('error', (err) => fail(err));
    stream.pipe(parser);
  });
}
