// Test harness: a rendered bot that is an HTTP server itself (the HTTP webhook, WhatsApp) run with
// node on a loopback port, its libraries from the repo's node_modules, and a loopback receiver for
// what it posts out. Every web call of the bot other than to loopback fails (preloaded), except the
// addresses `redirect` sends to a loopback server (WhatsApp's Graph API).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { renderPlan } from '../index';
import { until } from './telegram-chat.harness';

const NODE_MODULES = fileURLToPath(new URL('../../../../../../node_modules', import.meta.url));

function preload(redirect: Record<string, string>): string {
  return `
const REDIRECT = ${JSON.stringify(redirect)};
const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input.url || String(input));
  if (REDIRECT[url.origin]) return original(REDIRECT[url.origin] + url.pathname + url.search, init);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') return Promise.reject(new Error('no internet in tests: ' + url.origin));
  return original(input, init);
};`;
}

export interface RunningBot {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the plan's bot on a free loopback port; resolves once it listens. */
export async function startBot(plan: BotPlan, env: Record<string, string>, redirect: Record<string, string> = {}): Promise<RunningBot> {
  const dir = mkdtempSync(join(tmpdir(), `plan-${plan.platform}-`));
  writeFileSync(join(dir, 'bot.js'), renderPlan(plan, { filename: 'bot.js' }).code);
  writeFileSync(join(dir, 'preload.cjs'), preload(redirect));
  const child: ChildProcess = spawn(process.execPath, ['--require', join(dir, 'preload.cjs'), 'bot.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, NODE_PATH: NODE_MODULES, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const port = await until(() => /listening on port (\d+)/.exec(output)?.[1], 15_000, () => `the bot to listen\n${output}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => `--- bot output ---\n${output}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGKILL')));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Receiver {
  baseUrl: string;
  /** Each request's path and JSON body, in order. */
  received: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function jsonOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** A loopback server that records every JSON POST and answers `answer` (200 {} by default). */
export async function startReceiver(answer: (path: string) => unknown = () => ({})): Promise<Receiver> {
  const receiver: Receiver = { baseUrl: '', received: [], close: async () => {} };
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    receiver.received.push({ path, body: await jsonOf(req) });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(path)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  receiver.close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return receiver;
}
