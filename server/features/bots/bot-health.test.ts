// What /bots says of a running bot's health, through the real app and the real sandbox: the memory
// and CPU its processes use now (a busy loop shows most of a core, a sleeping bot almost none), and
// the 'silent' flag on a deployed bot that is up but has printed nothing and had no network traffic
// for RUNNER_SILENT_AFTER_MINUTES (here 3 s): a bot that prints, or that talks over its network
// without printing, is never flagged; a flagged bot is not restarted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import type { BotSummary } from '../../../shared/bots.schema';

const SLEEPER = 'import time\nprint("up", flush=True)\ntime.sleep(600)\n';
const BUSY = 'print("busy", flush=True)\nwhile True:\n    pass\n';
const CHATTY = 'import time\nwhile True:\n    print("still here", flush=True)\n    time.sleep(0.5)\n';
// No output after the first line, but a request over the sandbox's loopback every half second.
const TALKER = `import socket, threading, time
server = socket.socket()
server.bind(('127.0.0.1', 9000))
server.listen()
def answer():
    while True:
        conn, _ = server.accept()
        conn.recv(100)
        conn.sendall(b'pong')
        conn.close()
threading.Thread(target=answer, daemon=True).start()
print("talking quietly", flush=True)
while True:
    c = socket.create_connection(('127.0.0.1', 9000))
    c.sendall(b'ping')
    c.recv(100)
    c.close()
    time.sleep(0.5)
`;

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300', RUNNER_MAX_DEPLOYED_PER_USER: '5', RUNNER_SILENT_AFTER_MINUTES: '0.05' });
  token = (await newUser(t)).token;
});
afterAll(async () => t?.close());

async function deployed(name: string, code: string): Promise<string> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name } })).body.id as string;
  const fileId = (await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: code } })).body.id as string;
  expect((await t.request('POST', `/api/bots/${projectId}/deploy`, { token, body: { fileId } })).status).toBe(200);
  await expect.poll(async () => (await botOf(projectId)).status, { timeout: 15_000 }).toBe('running');
  return projectId;
}

const botOf = async (projectId: string) => ((await t.request('GET', '/api/bots', { token })).body.bots as BotSummary[]).find((b) => b.projectId === projectId)!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a bot's health on /bots", () => {
  it('memory and CPU now: a busy loop uses most of a core, a sleeping bot almost none; a stopped bot shows none', async () => {
    const [sleeper, busy] = await Promise.all([deployed('Sleepy', SLEEPER), deployed('Busy', BUSY)]);
    // CPU is what the processes used between two readings (at least a second apart).
    await sleep(1500);
    await botOf(busy);
    await sleep(1500);
    const [s, b] = [await botOf(sleeper), await botOf(busy)];
    expect(s.memoryBytes).toBeGreaterThan(1024 * 1024);
    expect(s.memoryBytes).toBeLessThan(128 * 1024 * 1024);
    expect(s.cpuPercent).toBeLessThan(10);
    expect(b.cpuPercent).toBeGreaterThan(30);
    expect(b.cpuPercent).toBeLessThanOrEqual(105);

    for (const projectId of [sleeper, busy]) await t.request('POST', `/api/bots/${projectId}/undeploy`, { token });
    expect(await botOf(busy)).toMatchObject({ status: 'stopped', memoryBytes: null, cpuPercent: null, silent: false });
  }, 60_000);

  it("a quiet bot is flagged silent and kept running; printing or network traffic keeps a bot from it", async () => {
    const [quiet, chatty, talker] = await Promise.all([deployed('Quiet', SLEEPER), deployed('Chatty', CHATTY), deployed('Talker', TALKER)]);
    await expect.poll(async () => (await botOf(quiet)).silent, { timeout: 15_000, interval: 250 }).toBe(true);
    // Well past the silent time for the other two.
    await sleep(5000);
    expect(await botOf(chatty)).toMatchObject({ status: 'running', silent: false });
    expect(await botOf(talker)).toMatchObject({ status: 'running', silent: false });
    // Flagged, not restarted.
    expect(await botOf(quiet)).toMatchObject({ status: 'running', silent: true, restarts: 0 });
    // Restart gives it a fresh start.
    expect((await t.request('POST', `/api/bots/${quiet}/restart`, { token })).status).toBe(200);
    await expect.poll(async () => (await botOf(quiet)).status).toBe('running');
    expect((await botOf(quiet)).silent).toBe(false);
    for (const projectId of [quiet, chatty, talker]) await t.request('POST', `/api/bots/${projectId}/undeploy`, { token });
  }, 60_000);
});
