// Compression of the server's own answers (@fastify/compress): brotli or gzip, whichever the client
// prefers, for compressible answers of at least 1 KiB (JSON lists, tRPC answers, run logs...).
// Left alone:
// - the built client's files, which the build precompressed (static-client.ts sends the .br or .gz
//   file with its Content-Encoding, which this plugin never compresses again);
// - webhooks (/hooks/...), a proxy whose answer is the bot's, byte for byte;
// - the runner's websocket (/ws);
// - server-sent events (text/event-stream: the library does not compress it, so each event leaves at once);
// - already compressed formats (images...), by the library's content-type check.
// Request bodies are not decompressed: the body limits count what arrives.
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESSION_THRESHOLD = 1024;

const HOOKS = /^\/hooks(\/|$)/;
const JSON_TYPE = /^application\/json\b/i;

/**
 * tRPC answers are fetch Responses, which the library compresses as a stream whatever their size.
 * A JSON answer is complete already: hand it on as bytes, so the size threshold applies (and small
 * answers stay uncompressed). Anything else (server-sent events) passes untouched.
 */
async function bufferJsonResponse(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!(payload instanceof Response) || !JSON_TYPE.test(payload.headers.get('content-type') ?? '')) return payload;
  reply.code(payload.status);
  for (const [name, value] of payload.headers) if (name !== 'content-length') reply.header(name, value);
  return Buffer.from(await payload.arrayBuffer());
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the library's own onRoute hook, which reads `compress` to decide.
  app.addHook('onRoute', (route) => {
    if (HOOKS.test(route.url) || route.websocket) {
      route.compress = false;
      route.decompress = false;
      return;
    }
    if (route.url.startsWith('/trpc')) {
      const own = route.onSend;
      route.onSend = [bufferJsonResponse, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    }
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
}
