// The Bot API over HTTP, as Telegram serves it: GET|POST /bot<token>/<method> with parameters in
// the query string, a JSON body, a form or a multipart body (uploads), and GET
// /file/bot<token>/<file_path> for downloads. The caller decides whose token is good (resolveSession);
// every answer is Telegram's JSON, with the HTTP status equal to error_code.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BotApiError, NOT_FOUND, UNAUTHORIZED, type BotApiAnswer } from './bot-api-errors';
import type { UploadedFile } from './bot-method';
import { readMultipart, type MultipartBody } from './multipart-body';
import type { TestChatSession } from './test-chat-session';

export type BotApiPluginOptions = {
  /** The session this token opens on this request, or null (401 Unauthorized). */
  resolveSession: (request: FastifyRequest, token: string) => TestChatSession | null;
};

const MiB = 1024 * 1024;
const TEXT_BODY_LIMIT = 2 * MiB;

type ApiRequest = FastifyRequest<{ Params: { token: string; method: string } }>;

export async function botApiPlugin(app: FastifyInstance, options: BotApiPluginOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: TEXT_BODY_LIMIT }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return done(badBody("can't parse JSON object"), undefined);
      done(null, parsed);
    } catch {
      done(badBody("can't parse JSON object"), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: TEXT_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('multipart/form-data', (req: FastifyRequest, payload: IncomingMessage) => readMultipart(payload, req.headers));
  // Anything else (text/plain, no type): Telegram reads parameters from the query string only.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: TEXT_BODY_LIMIT }, (_req, _body, done) => done(null, {}));

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof BotApiError) return send(reply, err.answer());
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) return send(reply, { ok: false, error_code: 413, description: 'Request Entity Too Large' });
    if (typeof status === 'number' && status >= 400 && status < 500) return send(reply, { ok: false, error_code: 400, description: 'Bad Request: invalid request' });
    return send(reply, { ok: false, error_code: 500, description: 'Internal Server Error' });
  });

  app.route<{ Params: { token: string; method: string } }>({
    method: ['GET', 'POST'],
    url: '/bot:token/:method',
    handler: async (request: ApiRequest, reply) => {
      const session = options.resolveSession(request, request.params.token);
      if (!session) return send(reply, UNAUTHORIZED);
      const { params, files } = requestParams(request);
      // A held getUpdates ends when its client goes away.
      const left = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) left.abort();
      };
      reply.raw.on('close', onClose);
      try {
        const answer = await session.call(request.params.method, params, files, { signal: left.signal });
        if (left.signal.aborted) return reply;
        return send(reply, answer);
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  });

  app.get<{ Params: { token: string; '*': string } }>('/file/bot:token/*', async (request, reply) => {
    const session = options.resolveSession(request, request.params.token);
    if (!session) return send(reply, UNAUTHORIZED);
    const file = session.fileAtPath(request.params['*']);
    if (!file) return send(reply, NOT_FOUND);
    return reply.header('content-type', file.mimeType).header('cache-control', 'no-store').send(file.bytes);
  });
}

const badBody = (text: string) => new BotApiError(400, `Bad Request: ${text}`);

function send(reply: FastifyReply, answer: BotApiAnswer): FastifyReply {
  return reply.status(answer.ok ? 200 : answer.error_code).header('content-type', 'application/json').send(JSON.stringify(answer));
}

/** Query string, then the body over it (as Telegram merges them); multipart files apart. */
function requestParams(request: ApiRequest): { params: Record<string, unknown>; files: Map<string, UploadedFile> } {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    params[key] = Array.isArray(value) ? value.at(-1) : value;
  }
  const body = request.body as Record<string, unknown> | MultipartBody | undefined;
  if (body && isMultipart(body)) {
    Object.assign(params, body.fields);
    return { params, files: body.files };
  }
  if (body && typeof body === 'object') Object.assign(params, body);
  return { params, files: new Map() };
}

const isMultipart = (body: object): body is MultipartBody => 'files' in body && (body as MultipartBody).files instanceof Map && 'fields' in body;
