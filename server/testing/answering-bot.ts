// Test helper: a live bot whose web server answers each webhook request with the status, headers and
// body the request's query asks for, so a test can make a bot answer anything (a script, a redirect)
// and see what Botwright serves of it. Started through the real app's socket, in its sandbox.
import { newUser } from './fixtures';
import { RunClient } from './run-client';
import type { TestApp } from './test-app';

const ANSWERING_BOT = String.raw`
const http = require('node:http');
http.createServer((req, res) => {
  const q = new URL(req.url, 'http://bot').searchParams;
  res.writeHead(Number(q.get('s') || 200), JSON.parse(q.get('h') || '{}'));
  res.end(q.get('b') || '');
}).listen(Number(process.env.PORT), () => console.log('answering'));
`;

export type Answer = { status?: number; headers?: Record<string, string>; body?: string };

export type AnsweringBot = {
  /** The webhook address's path, /hooks/<projectId>/<secret>. */
  path: string;
  projectId: string;
  /** The path that makes the bot answer this, under its address (`rest` starts with '/'). */
  asking(rest: string, answer: Answer): string;
  stop(): Promise<void>;
};

export async function startAnsweringBot(t: TestApp): Promise<AnsweringBot> {
  const user = await newUser(t);
  const saved = await t.request('PUT', '/api/projects/default/files/answering.js', { token: user.token, body: { content: ANSWERING_BOT } });
  if (saved.status !== 200) throw new Error(`saving the bot answered ${saved.status}`);
  const fileId = saved.body.id as string;
  const projectId = saved.body.projectId as string;
  const client = await RunClient.open(t.url, { token: user.token });
  client.send({ type: 'execute-file', fileId });
  await client.waitForLine('answering');
  const hook = await t.request('GET', `/api/bots/${projectId}/hook`, { token: user.token });
  const path = new URL(hook.body.webhookUrl).pathname;
  return {
    path,
    projectId,
    asking(rest, answer) {
      const query = new URLSearchParams({ s: String(answer.status ?? 200), h: JSON.stringify(answer.headers ?? {}), b: answer.body ?? '' });
      return `${path}${rest}?${query}`;
    },
    async stop() {
      client.send({ type: 'stop-execution', fileId });
      await client.waitForExit(fileId);
      client.close();
    },
  };
}
