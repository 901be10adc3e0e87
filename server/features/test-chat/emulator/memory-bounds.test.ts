// What a test-mode bot can make the server hold, whatever it sends the emulator: every byte of a
// request counts (fields as much as files), a stalled body is cut, and a conversation keeps a
// bounded amount. Real: the emulator in a process of its own (its resident memory measured by the
// kernel), raw TCP clients writing what a hostile bot would.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { residentMemory, watchGrowth } from '../../../testing/process-memory';
import { chunk, openRaw, statusLine } from '../../../testing/raw-connection';

const MiB = 1024 * 1024;
/** What the emulator process may grow by under each attack (its bodies are held to 64 MiB a conversation). */
const GROWTH_BOUND_MiB = 192;

type Target = { child: ChildProcess; baseUrl: string; port: number; token: string; chatId: { private: number; group: number } };
let target: Target;

beforeEach(async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'emulator-process.fixture.ts')], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the emulator process exited with ${code}`)));
  });
  const started = JSON.parse(line) as Omit<Target, 'child' | 'port'>;
  target = { child, ...started, port: Number(new URL(started.baseUrl).port) };
});

afterEach(() => {
  target.child.kill('SIGKILL');
});

async function api(method: string, params: Record<string, unknown>) {
  const res = await fetch(`${target.baseUrl}/bot${target.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; description?: string; parameters?: { retry_after?: number } } };
}

describe('the emulator holds a bounded amount whatever a bot sends', () => {
  // What took a server down: text fields of just under 1 MiB each (a field's own limit), 199 of them.
  const fields = (i: number) => ({ head: `--XYZ\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n`, bytes: MiB - 1024, tail: '\r\n', parts: 199 });
  // The same with one file part of 50 MiB (Telegram's upload limit), sent a MiB at a time.
  const file = (i: number) => ({ head: i === 0 ? '--XYZ\r\nContent-Disposition: form-data; name="document"; filename="big.bin"\r\n\r\n' : '', bytes: MiB, tail: '', parts: 50 });

  it.each([
    ['text fields of 1 MiB', fields],
    ['a 50 MiB file', file],
  ])('30 connections streaming multipart %s without an end are refused; the process grows by less than the bound', async (_name, part) => {
    const watch = await watchGrowth(target.child.pid!, GROWTH_BOUND_MiB);
    const attack = async () => {
      const { write, answer } = openRaw(target.port);
      const head =
        `POST /bot${target.token}/sendDocument HTTP/1.1\r\nHost: 127.0.0.2\r\n` +
        'Content-Type: multipart/form-data; boundary=XYZ\r\nTransfer-Encoding: chunked\r\n\r\n';
      if (!(await write(head))) return answer;
      for (let i = 0; i < part(0).parts; i++) {
        const { head: partHead, bytes, tail } = part(i);
        if (!(await write(chunk(Buffer.concat([Buffer.from(partHead), Buffer.alloc(bytes, 'a'), Buffer.from(tail)]))))) break;
      }
      // Never the closing boundary: a server that waits holds what it read until the idle cut.
      return answer;
    };
    const answers = await Promise.race([Promise.all(Array.from({ length: 30 }, attack)), watch.failed]);
    expect(await watch.stop()).toBeLessThan(GROWTH_BOUND_MiB);
    // Every connection was cut, with a 4xx answer (too long, Telegram's flood answer when the
    // conversation's share was full) where the answer could reach the client before the cut.
    expect(answers.map(statusLine).every((s) => s === '' || s.startsWith('HTTP/1.1 4'))).toBe(true);
    // The server is alive and its budget was given back: a normal message and a 1 MiB upload go through.
    expect((await api('sendMessage', { chat_id: target.chatId.private, text: 'still here' })).body.ok).toBe(true);
    const form = new FormData();
    form.append('chat_id', String(target.chatId.private));
    form.append('document', new Blob([new Uint8Array(MiB)]), 'one.bin');
    expect((await fetch(`${target.baseUrl}/bot${target.token}/sendDocument`, { method: 'POST', body: form })).status).toBe(200);
  }, 120_000);

  it('a body that stops arriving is answered 408 and its connection closed within seconds', async () => {
    const { write, answer } = openRaw(target.port);
    await write(`POST /bot${target.token}/sendMessage HTTP/1.1\r\nHost: 127.0.0.2\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"chat_id":`);
    // The test's own timeout (30 s) is the failure when nothing cuts it (the old limit was 120 s).
    expect(await answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a file by a URL longer than 2,048 characters is refused (each was kept with its file)', async () => {
    const url = `https://example.com/${'a'.repeat(1.5 * MiB)}`;
    expect((await api('sendDocument', { chat_id: target.chatId.private, document: url })).body.description).toBe(
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    expect((await api('sendDocument', { chat_id: target.chatId.private, document: `https://example.com/${'a'.repeat(2000)}` })).body.ok).toBe(true);
  });

  it('150 messages with 1.9 MiB keyboards leave the conversation holding its bound, not what was sent', async () => {
    const base = await residentMemory(target.child.pid!);
    const keyboard = { inline_keyboard: [[{ text: 'k'.repeat(1.9 * MiB), callback_data: 'k' }]] };
    for (let i = 0; i < 150; ) {
      const sent = await api('sendMessage', { chat_id: target.chatId.private, text: `message ${i}`, reply_markup: keyboard });
      if (sent.status === 429) await new Promise((r) => setTimeout(r, 1000 * (sent.body.parameters?.retry_after ?? 1)));
      else {
        expect(sent.body.ok).toBe(true);
        i++;
      }
    }
    // What stays (not the peak: each request's own body is garbage once answered).
    await new Promise((r) => setTimeout(r, 500));
    const after = await residentMemory(target.child.pid!);
    expect(after.rssMiB - base.rssMiB).toBeLessThan(GROWTH_BOUND_MiB);
  }, 120_000);
});
