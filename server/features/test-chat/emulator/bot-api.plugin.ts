// The Bot API over HTTP, as Telegram serves it: GET|POST /bot<token>/<method> with parameters in
// the query string, a JSON body, a form or a multipart body (uploads), and GET
// /file/bot<token>/<file_path> for downloads. The caller decides whose token is good (resolveSession);
// every answer is Telegram's JSON, with the HTTP status equal to error_code.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BotApiError, NOT_FOUND, UNAUTHORIZED, type BotApiAnswer } from './bot-api-errors';
import type { UploadedFile } from './bot-method';
import { MAX_UPLOAD_BYTES, readMultipart, type MultipartBody } from './multipart-body';
import { ByteBudget, meteredBody, readMeteredText, RequestBytes } from './request-bytes';
import type { TestChatSession } from './test-chat-session';

export type BotApiPluginOptions = {
  /** The session this token opens on this request, or null (401 Unauthorized). */
  resolveSession: (request: FastifyRequest, token: string) => TestChatSession | null;
  /** The shares of memory this request's body counts against (its conversation's, the emulator's). */
  budgetsFor: (request: FastifyRequest) => ByteBudget[];
};

const MiB = 1024 * 1024;
const TEXT_BODY_LIMIT = 2 * MiB;
/** Telegram's upload limit for files, and room for the text fields beside them. */
const MULTIPART_BODY_LIMIT = MAX_UPLOAD_BYTES + MiB;

type ApiRequest = FastifyRequest<{ Params: { token: string; method: string } }>;

export async function botApiPlugin(app: FastifyInstance, options: BotApiPluginOptions): Promise<void> {
  const held = new WeakMap<FastifyRequest, RequestBytes>();
  app.addHook('onRequest', async (request, reply) => {
    const bytes = new RequestBytes(options.budgetsFor(request));
    held.set(request, bytes);
    // The parsed body lives until the answer is done: only then are its bytes given back.
    reply.raw.once('close', () => bytes.release());
  });
  const bodyOf = (request: FastifyRequest, payload: IncomingMessage, limit: number) => meteredBody(payload, held.get(request)!, limit);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: IncomingMessage) => {
    const text = (await readMeteredText(bodyOf(request, payload, TEXT_BODY_LIMIT))).trim();
    if (text === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badBody("can't parse JSON object");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badBody("can't parse JSON object");
    return parsed;
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', async (request: FastifyRequest, payload: IncomingMessage) =>
    Object.fromEntries(new URLSearchParams(await readMeteredText(bodyOf(request, payload, TEXT_BODY_LIMIT)))),
  );
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: IncomingMessage) =>
    readMultipart(bodyOf(request, payload, MULTIPART_BODY_LIMIT), request.headers),
  );
  // Anything else (text/plain, no type): Telegram reads parameters from the query string only.
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: IncomingMessage) => {
    await readMeteredText(bodyOf(request, payload, TEXT_BODY_LIMIT));
    return {};
  });

  app.setErrorHandler((err, request, reply) => {
    // Refused before its body was all read (too big, over a budget, stalled): the rest is not
    // waited for, the connection closes once the answer is out.
    if (!request.raw.complete) {
      reply.header('connection', 'close');
      reply.raw.once('finish', () => request.raw.socket.destroy());
    }
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
