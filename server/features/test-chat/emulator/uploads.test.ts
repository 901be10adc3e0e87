// Files the bot sends: multipart uploads (by field or attach://), photos by URL and by file_id,
// getFile and the /file/bot<token>/<path> download, how the browser shows them, and the limits.
// Real: emulator, HTTP, multipart bodies built by fetch's FormData.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorHarness } from './emulator.fixture';

let h: EmulatorHarness;
beforeEach(async () => {
  h = await startEmulator();
});
afterEach(async () => h.close());

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(method: string, fields: Record<string, string>, files: Record<string, { bytes: Buffer; name: string; type?: string }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(`${h.baseUrl}/bot${h.session.token}/${method}`, { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

describe('sendPhoto and sendDocument', () => {
  it('a multipart photo: the Message has photo sizes; getFile gives a path whose download is the same bytes; the browser gets a data: URL', async () => {
    const sent = await upload('sendPhoto', { chat_id: String(h.chatId.private), caption: 'A *tiny* dot', parse_mode: 'MarkdownV2' }, { photo: { bytes: PNG_1x1, name: 'dot.png', type: 'image/png' } });
    expect(sent.status).toBe(200);
    const photo = sent.body.result.photo;
    expect(photo).toHaveLength(1);
    expect(photo[0]).toMatchObject({ width: 1, height: 1, file_size: PNG_1x1.length });
    expect(sent.body.result.caption).toBe('A tiny dot');
    expect(sent.body.result.caption_entities).toEqual([{ type: 'bold', offset: 2, length: 4 }]);

    const file = (await h.api('getFile', { file_id: photo[0].file_id })).body.result;
    expect(file).toMatchObject({ file_id: photo[0].file_id, file_unique_id: photo[0].file_unique_id, file_size: PNG_1x1.length });
    const download = await fetch(`${h.baseUrl}/file/bot${h.session.token}/${file.file_path}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    expect((await fetch(`${h.baseUrl}/file/bot${h.session.token}/photos/nothing.jpg`)).status).toBe(404);
    expect((await fetch(`${h.baseUrl}/file/bot${h.chats.session({ userId: 'x', fileId: 'y' }).token}/${file.file_path}`)).status).toBe(401);

    const shown = h.session.messages('private')[0]!;
    expect(shown).toMatchObject({ from: 'bot', text: 'A tiny dot', photoUrl: `data:image/png;base64,${PNG_1x1.toString('base64')}` });
    expect(h.session.file(photo[0].file_id)).toEqual({ bytes: PNG_1x1, mimeType: 'image/png', name: 'dot.png' });
  });

  it('an upload under attach://name (grammY) works; a file_id is sent again as the same file', async () => {
    const sent = await upload('sendPhoto', { chat_id: String(h.chatId.group), photo: 'attach://f1' }, { f1: { bytes: PNG_1x1, name: 'photo.jpg' } });
    expect(sent.body.ok).toBe(true);
    const fileId = sent.body.result.photo[0].file_id;
    const again = await h.api('sendPhoto', { chat_id: h.chatId.private, photo: fileId });
    expect(again.body.result.photo[0].file_id).toBe(fileId);
    expect(h.session.messages('private')[0]!.photoUrl).toMatch(/^data:image\/png;base64,/);
    expect((await h.api('sendPhoto', { chat_id: h.chatId.private, photo: 'AgACnotafileid' })).body.description).toBe('Bad Request: wrong file identifier/HTTP URL specified');
    expect((await h.api('sendPhoto', { chat_id: h.chatId.private })).body.description).toBe('Bad Request: there is no photo in the request');
  });

  it('a photo by URL is shown as "[photo] <url>" and the caption', async () => {
    const sent = await h.api('sendPhoto', { chat_id: h.chatId.private, photo: 'https://example.com/cat.jpg', caption: 'A cat' });
    expect(sent.body.result.photo[0].file_id).toEqual(expect.any(String));
    expect(h.session.messages('private')[0]).toMatchObject({ text: '[photo] https://example.com/cat.jpg\nA cat' });
  });

  it('not an image: IMAGE_PROCESS_FAILED; a document: name, type and a link for the browser', async () => {
    const bad = await upload('sendPhoto', { chat_id: String(h.chatId.private) }, { photo: { bytes: Buffer.from('hello'), name: 'x.jpg' } });
    expect(bad.body).toEqual({ ok: false, error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' });
    const doc = await upload('sendDocument', { chat_id: String(h.chatId.private), caption: 'Report' }, { document: { bytes: Buffer.from('a,b\n1,2\n'), name: 'report.csv' } });
    expect(doc.body.result.document).toMatchObject({ file_name: 'report.csv', mime_type: 'text/csv', file_size: 8 });
    const shown = h.session.messages('private').at(-1)!;
    expect(shown).toMatchObject({ text: 'Report', documentName: 'report.csv', documentUrl: `/api/test-chat/${h.owner.fileId}/files/${doc.body.result.document.file_id}` });
    expect(h.session.file(doc.body.result.document.file_id)?.bytes.toString()).toBe('a,b\n1,2\n');
  });

  it('a photo over 1 MiB is shown as a document link, not inline', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(1024 * 1024 + 10)]);
    const sent = await upload('sendPhoto', { chat_id: String(h.chatId.private) }, { photo: { bytes: big, name: 'big.png' } });
    expect(sent.body.ok).toBe(true);
    const shown = h.session.messages('private')[0]!;
    expect(shown.photoUrl).toBeUndefined();
    expect(shown.documentName).toBe('big.png');
    expect(shown.documentUrl).toContain(sent.body.result.photo[0].file_id);
  });

  it('an upload over 50 MiB is a 400 that says so', async () => {
    const res = await upload('sendDocument', { chat_id: String(h.chatId.private) }, { document: { bytes: Buffer.alloc(50 * 1024 * 1024 + 1), name: 'huge.bin' } });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Bad Request: request is too big: files can be at most 50 MB');
    expect(h.session.messages('private')).toEqual([]);
  });

  it('the session keeps at most 30 MiB of file bytes: the oldest go first, their messages stay', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await upload('sendDocument', { chat_id: String(h.chatId.private) }, { document: { bytes: Buffer.alloc(9 * 1024 * 1024, i), name: `part${i}.bin` } });
      ids.push(res.body.result.document.file_id);
    }
    expect(h.session.file(ids[0]!)).toBeUndefined();
    expect(h.session.file(ids[3]!)?.bytes.length).toBe(9 * 1024 * 1024);
    expect(h.session.messages('private')).toHaveLength(4);
    const tooBig = await upload('sendDocument', { chat_id: String(h.chatId.private) }, { document: { bytes: Buffer.alloc(11 * 1024 * 1024), name: 'eleven.bin' } });
    expect(tooBig.body.ok).toBe(true);
    expect(h.session.file(tooBig.body.result.document.file_id)).toBeUndefined();
    expect(h.session.messages('private').at(-1)).toMatchObject({ documentName: 'eleven.bin' });
    expect(h.session.messages('private').at(-1)!.documentUrl).toBeUndefined();
  });
});
