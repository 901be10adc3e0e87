// A real OpenAI-compatible HTTP server on loopback: /v1/chat/completions, streamed (SSE chunks) or
// not, with scripted replies, errors and delays, so the `openai` provider is tested over the wire.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { openAiProvider } from '../features/ai/openai-provider';
import { startTestApp, type TestApp } from './test-app';

export type Script = {
  reply?: string;
  status?: number;
  errorMessage?: string;
  delayMs?: number;
  chunkSize?: number;
  /** 'stop' by default; 'length' is a reply cut at the model's limit. */
  finishReason?: string;
  /** Streamed: end the response after the text, with no finish reason and no [DONE] (a dropped stream). */
  endEarly?: boolean;
};

export type OpenAiServer = {
  baseUrl: string;
  /** Every request body received, in order. */
  requests: Array<{
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  }>;
  /** The next answers, one per request; when empty, `fallback` answers. */
  queue: Script[];
  fallback: Script;
  close(): Promise<void>;
};

/**
 * A model's structured chat answer (model-plan/model-answer.ts) as the text the server sends: with
 * only `reply`, a plain answer (plan null), which is how a free-form code reply is scripted too.
 */
export function modelAnswer(answer: { reply: string; plan?: unknown; target?: string | null; custom?: Array<{ name: string; code: string }> }): string {
  return JSON.stringify({ plan: null, target: null, custom: [], ...answer });
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startOpenAiServer(): Promise<OpenAiServer> {
  const state: OpenAiServer = { baseUrl: '', requests: [], queue: [], fallback: { reply: 'Hello from the model.' }, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = await readJson(req);
    state.requests.push(body);
    const script = state.queue.shift() ?? state.fallback;
    if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
    if (res.destroyed) return;
    if (script.status && script.status >= 400) {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: script.errorMessage ?? 'scripted failure', type: 'server_error' } }));
      return;
    }
    const reply = script.reply ?? '';
    const base = { id: 'chatcmpl-test', created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, finish_reason: script.finishReason ?? 'stop', message: { role: 'assistant', content: reply } }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const size = script.chunkSize ?? 8;
    for (let i = 0; i < reply.length; i += size) {
      const chunk = { ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: reply.slice(i, i + size) }, finish_reason: null }] };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    if (script.endEarly) {
      res.end();
      return;
    }
    res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: script.finishReason ?? 'stop' }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/**
 * The real app using the `openai` provider against a fresh loopback model server; `reset()` empties
 * its script and request log between tests.
 */
export async function startAppWithModel(logLevel = 'warn', env: Record<string, string> = {}): Promise<{ t: TestApp; llm: OpenAiServer; reset(): void; close(): Promise<void> }> {
  const llm = await startOpenAiServer();
  const settings = { apiKey: 'sk-test-key-for-loopback', baseUrl: llm.baseUrl, model: 'test-model', timeoutMs: 1500 };
  const t = await startTestApp(
    { LOG_LEVEL: logLevel, OPENAI_API_KEY: settings.apiKey, OPENAI_BASE_URL: settings.baseUrl, OPENAI_MODEL: settings.model, ...env },
    { ai: openAiProvider(settings) },
  );
  return {
    t,
    llm,
    reset() {
      llm.queue.length = 0;
      llm.requests.length = 0;
    },
    async close() {
      await t.close();
      await llm.close();
    },
  };
}
