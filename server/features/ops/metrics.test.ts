// GET /metrics through the real app: who may read it (admin key, METRICS_TOKEN, nobody else), and
// what it says after real work: request timings by route pattern, a run started over /ws, the
// assistant's calls and failures (builtin, and an OpenAI-compatible server on loopback answering
// 500), and credits charged by a paid chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import { modelAnswer, startOpenAiServer } from '../../testing/openai-server';
import { openAiProvider } from '../ai/openai-provider';
import { METRICS_CREDENTIALS_MESSAGE, METRICS_WRONG_MESSAGE } from './metrics-access';

const ADMIN_KEY = 'ops-admin-key-0123456789';
const METRICS_TOKEN = 'ops-metrics-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn', ADMIN_KEY, METRICS_TOKEN, RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '500' });
});
afterAll(() => t?.close());

async function scrape(app: TestApp = t): Promise<string> {
  const res = await app.request('GET', '/metrics', { headers: { 'x-admin-key': ADMIN_KEY } });
  expect(res.status).toBe(200);
  return res.body as string;
}

/** The value of one series, e.g. value(text, 'botwright_runs', { mode: 'live', status: 'running' }); null when absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v) && Object.keys(have).length === Object.keys(labels).length) return Number(m[3]);
  }
  return null;
}

describe('who may read /metrics', () => {
  it('401 without credentials, with a WWW-Authenticate challenge', async () => {
    const res = await t.request('GET', '/metrics');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: METRICS_CREDENTIALS_MESSAGE });
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
  });

  it('200 in the Prometheus text format with the admin key, and with METRICS_TOKEN', async () => {
    const withKey = await t.request('GET', '/metrics', { headers: { 'x-admin-key': ADMIN_KEY } });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(withKey.body).toContain('# TYPE botwright_http_request_duration_seconds histogram');
    const withToken = await t.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain('# TYPE botwright_runs gauge');
  });

  it('401 with a wrong token or a wrong key; a session token is no metrics token', async () => {
    const wrongToken = await t.request('GET', '/metrics', { token: `${METRICS_TOKEN}x` });
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body).toEqual({ error: METRICS_WRONG_MESSAGE });
    const wrongKey = await t.request('GET', '/metrics', { headers: { 'x-admin-key': `${ADMIN_KEY}x` } });
    expect(wrongKey.status).toBe(401);
    const { token } = await newUser(t);
    expect((await t.request('GET', '/metrics', { token })).status).toBe(401);
    expect(t.logs.join('')).not.toContain(METRICS_TOKEN);
  });

  it('without ADMIN_KEY and METRICS_TOKEN nobody reads it', async () => {
    const bare = await startTestApp({ LOG_LEVEL: 'warn' });
    try {
      expect((await bare.request('GET', '/metrics')).status).toBe(401);
      expect((await bare.request('GET', '/metrics', { token: METRICS_TOKEN })).status).toBe(401);
      expect((await bare.request('GET', '/metrics', { headers: { 'x-admin-key': ADMIN_KEY } })).status).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('wrong tokens are counted per address: the 11th in a minute answers 429', async () => {
    const own = await startTestApp({ LOG_LEVEL: 'warn', METRICS_TOKEN });
    try {
      for (let i = 0; i < 10; i++) expect((await own.request('GET', '/metrics', { token: `wrong-token-${i}-0123456789` })).status).toBe(401);
      const blocked = await own.request('GET', '/metrics', { token: METRICS_TOKEN });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await own.close();
    }
  });
});

describe('request durations', () => {
  it('are labelled by method, route pattern and status: ids and procedures never make new routes', async () => {
    const { token } = await newUser(t);
    const saved = await t.request('PUT', '/api/projects/default/files/metrics_probe.py', { token, body: { content: 'print(1)\n' } });
    expect(saved.status).toBe(200);
    const id = saved.body.id as string;
    for (let i = 0; i < 3; i++) expect((await t.request('GET', `/api/files/${id}`, { token })).status).toBe(200);
    const missing = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.request('GET', `/api/files/${missing}`, { token })).status).toBe(404);
    await t.request('GET', '/api/bot-posts', { token });
    await t.request('GET', '/trpc/auth.me', { token });
    await t.request('GET', '/trpc/no.such.procedure.a1b2c3', { token });

    const text = await scrape();
    expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/api/files/:id', status_code: '200' })).toBe(3);
    expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/api/files/:id', status_code: '404' })).toBe(1);
    expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'PUT', route: '/api/projects/:projectId/files/:filename', status_code: '200' })).toBe(1);
    expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/api/bot-posts', status_code: '200' })).toBe(1);
    expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/trpc/auth.me', status_code: '200' })).toBe(1);
    expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/trpc/:path', status_code: '404' })).toBe(1);
    expect(value(text, 'botwright_http_request_duration_seconds_bucket', { le: '+Inf', method: 'GET', route: '/api/files/:id', status_code: '200' })).toBe(3);
    for (const raw of [id, missing, 'metrics_probe', 'a1b2c3', token]) expect(text).not.toContain(raw);
  });

  it("a webhook bot's answers are labelled by their class (2xx, 4xx), never by the code the bot chose", async () => {
    const user = await newUser(t);
    const bot = "require('node:http').createServer((req, res) => { res.writeHead(Number(req.url.split('/').pop())); res.end(); })" +
      ".listen(Number(process.env.PORT), () => console.log('hook bot up'));\n";
    const saved = await t.request('PUT', '/api/projects/default/files/metrics_hook.js', { token: user.token, body: { content: bot } });
    expect(saved.status).toBe(200);
    const hook = new URL((await t.request('GET', `/api/bots/${saved.body.projectId}/hook`, { token: user.token })).body.webhookUrl).pathname;
    const client = await RunClient.open(t.url, { token: user.token });
    try {
      client.send({ type: 'execute-file', fileId: saved.body.id });
      await client.waitForLine('hook bot up');
      expect((await t.request('POST', `${hook}/answer/299`)).status).toBe(299);
      expect((await t.request('GET', `${hook}/answer/418`)).status).toBe(418);
      expect((await t.request('GET', `${hook}/answer/418`)).status).toBe(418);
      const text = await scrape();
      const route = '/hooks/:projectId/:secret/*';
      expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'POST', route, status_code: '2xx' })).toBe(1);
      expect(value(text, 'botwright_http_request_duration_seconds_count', { method: 'GET', route, status_code: '4xx' })).toBe(2);
      const hookCodes = text.split('\n').filter((l) => l.includes('route="/hooks/')).map((l) => /status_code="([^"]*)"/.exec(l)?.[1]);
      expect(new Set(hookCodes)).toEqual(new Set(['2xx', '4xx']));
    } finally {
      client.send({ type: 'stop-execution', fileId: saved.body.id });
      await client.waitForExit(saved.body.id);
      client.close();
    }
  });

  it('a scrape is timed once it has answered: the next scrape shows the previous ones', async () => {
    const before = value(await scrape(), 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status_code: '200' }) ?? 0;
    const after = value(await scrape(), 'botwright_http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status_code: '200' });
    expect(after).toBe(before + 1);
  });

  it('event-loop delay gauges are there', async () => {
    const text = await scrape();
    for (const name of ['botwright_event_loop_delay_p50_seconds', 'botwright_event_loop_delay_p99_seconds', 'botwright_event_loop_delay_max_seconds']) {
      const v = value(text, name);
      expect(v).not.toBeNull();
      expect(v!).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('runs and deployed bots', () => {
  it('a run started over /ws shows in botwright_runs while it lives, and leaves it when stopped', async () => {
    const user = await newUser(t);
    const saved = await t.request('PUT', '/api/projects/default/files/metrics_sleeper.py', {
      token: user.token,
      body: { content: 'import time\nprint("sleeper up", flush=True)\ntime.sleep(120)\n' },
    });
    expect(saved.status).toBe(200);
    const running = { mode: 'live', status: 'running' };
    expect(value(await scrape(), 'botwright_runs', running)).toBe(0);

    const client = await RunClient.open(t.url, { token: user.token });
    try {
      client.send({ type: 'execute-file', fileId: saved.body.id, filename: 'metrics_sleeper.py', content: '', envVars: {} });
      await client.waitForLine('sleeper up');
      const during = await scrape();
      expect(value(during, 'botwright_runs', running)).toBe(1);
      expect(value(during, 'botwright_runs', { mode: 'test', status: 'running' })).toBe(0);
      expect(value(during, 'botwright_deployed_bots')).toBe(0);

      client.send({ type: 'stop-execution', fileId: saved.body.id });
      await client.waitForExit(saved.body.id);
      const after = await scrape();
      expect(value(after, 'botwright_runs', running)).toBe(0);
      // The socket is a connection that lasts, not a request: it is not timed.
      expect(after).not.toContain('route="/ws"');
    } finally {
      client.close();
    }
  });

  it('botwright_deployed_bots counts the deployments table', async () => {
    const user = await newUser(t);
    const saved = await t.request('PUT', '/api/projects/default/files/metrics_deployed.py', { token: user.token, body: { content: 'print(1)\n' } });
    const now = new Date().toISOString();
    const before = value(await scrape(), 'botwright_deployed_bots');
    await t.app.deps.db
      .insertInto('deployments')
      .values({ project_id: saved.body.projectId, user_id: user.id, file_id: saved.body.id, deployed_at: now })
      .execute();
    expect(value(await scrape(), 'botwright_deployed_bots')).toBe(before! + 1);
    await t.app.deps.db.deleteFrom('deployments').where('project_id', '=', saved.body.projectId).execute();
  });
});

describe('the assistant and credits', () => {
  it('a paid builtin chat counts one builtin call and its 5 credits; an operator adjustment is no charge', async () => {
    const user = await newUser(t);
    const before = await scrape();
    const calls = value(before, 'botwright_ai_calls_total', { provider: 'builtin', operation: 'chat' })!;
    const charged = value(before, 'botwright_credits_charged_total', { type: 'ai_message' })!;

    const res = await t.request('POST', '/api/ai/chat', {
      token: user.token,
      body: { message: 'Make a Telegram bot in Python that answers /start and echoes messages', projectId: 'default' },
    });
    expect(res.status).toBe(200);
    expect(res.body.credits).toBe(95);
    await newUser(t, { credits: 10 }); // an 'adjustment' of -90 in the ledger

    const after = await scrape();
    expect(value(after, 'botwright_ai_calls_total', { provider: 'builtin', operation: 'chat' })).toBe(calls + 1);
    expect(value(after, 'botwright_ai_errors_total', { provider: 'builtin', operation: 'chat' })).toBe(0);
    expect(value(after, 'botwright_credits_charged_total', { type: 'ai_message' })).toBe(charged + 5);
    expect(value(after, 'botwright_credits_charged_total', { type: 'adjustment' })).toBeNull();
    // Read again with nothing new: the counter stays where it is.
    expect(value(await scrape(), 'botwright_credits_charged_total', { type: 'ai_message' })).toBe(charged + 5);
  });

  it('an OpenAI-compatible server answering 500 counts one openai call and one error, and charges nothing', async () => {
    const llm = await startOpenAiServer();
    const settings = { apiKey: 'sk-test-key-for-loopback', baseUrl: llm.baseUrl, model: 'test-model', timeoutMs: 1500 };
    const app = await startTestApp(
      { LOG_LEVEL: 'warn', ADMIN_KEY, OPENAI_API_KEY: settings.apiKey, OPENAI_BASE_URL: settings.baseUrl, OPENAI_MODEL: settings.model },
      { ai: openAiProvider(settings) },
    );
    try {
      const user = await newUser(app);
      const before = await scrape(app);
      expect(value(before, 'botwright_ai_calls_total', { provider: 'openai', operation: 'chat' })).toBe(0);
      expect(value(before, 'botwright_ai_calls_total', { provider: 'builtin', operation: 'chat' })).toBeNull();

      llm.queue.push({ status: 500, errorMessage: 'model is overloaded' }, { status: 500, errorMessage: 'model is overloaded' });
      const failed = await app.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'Make a Telegram bot', projectId: 'default' } });
      expect(failed.status).toBe(502);
      // The OpenAI client retried once: two HTTP requests, one provider call.
      expect(llm.requests).toHaveLength(2);
      const afterFailure = await scrape(app);
      expect(value(afterFailure, 'botwright_ai_calls_total', { provider: 'openai', operation: 'chat' })).toBe(1);
      expect(value(afterFailure, 'botwright_ai_errors_total', { provider: 'openai', operation: 'chat' })).toBe(1);
      expect(value(afterFailure, 'botwright_credits_charged_total', { type: 'ai_message' })).toBe(0);

      llm.queue.push({ reply: modelAnswer({ reply: 'Hello! What should your bot do?' }) });
      const ok = await app.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'Say hello', projectId: 'default' } });
      expect(ok.status).toBe(200);
      const afterSuccess = await scrape(app);
      expect(value(afterSuccess, 'botwright_ai_calls_total', { provider: 'openai', operation: 'chat' })).toBe(2);
      expect(value(afterSuccess, 'botwright_ai_errors_total', { provider: 'openai', operation: 'chat' })).toBe(1);
      expect(value(afterSuccess, 'botwright_credits_charged_total', { type: 'ai_message' })).toBe(5);
    } finally {
      await app.close();
      await llm.close();
    }
  });
});
