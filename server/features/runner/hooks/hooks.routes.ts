// The public webhook addresses: PUBLIC_URL/hooks/<projectId>/<secret>/<anything...>, any method.
// Before the body is read: the secret (404 alike for a wrong one and an unknown bot), the bot's rate
// (429), the body's size (413). Then the bot's newest live run gets the request (503 when none runs);
// on several nodes, through the node that runs it (cluster/remote-hooks.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../../deps';
import { AppError } from '../../../errors';
import { limitBody } from '../../../body-limits';
import { hookUrl, parseHookAddress, type HookAddress } from './hook-url';
import { isHookSecret } from './hook-secrets';
import { HOOK_RATE, HookRateLimiter } from './hook-rate';
import { liveHookTarget } from './hook-targets';
import { forwardToBot } from './forward';
import { passedOnByNode, remoteHookTarget } from '../../cluster/remote-hooks';

/** The largest body a bot's webhook takes. */
export const HOOK_BODY_LIMIT = 1024 * 1024;
export const HOOK_BODY_TOO_LARGE = 'The request body is too large: a bot\'s webhook takes at most 1 MiB.';
export const BOT_NOT_RUNNING = 'This bot is not running. Start or deploy it in Botwright.';

/** The route patterns of the webhook addresses (the metrics label their answers by these). */
export const HOOK_ROUTES = ['/hooks/:projectId/:secret', '/hooks/:projectId/:secret/*'] as const;

const ADDRESS = Symbol('webhook address');
type HookRequest = FastifyRequest & { [ADDRESS]?: HookAddress };

const notFound = () => new AppError('NOT_FOUND', 'Not found');

export async function registerHookRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const rate = new HookRateLimiter();
  await app.register(async (scope) => {
    // Whatever the caller sends (JSON, forms, XML, nothing at all) reaches the bot as bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const preParsing = async (req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
      // The raw address, before any decoding: what the bot is asked for is exactly what was sent.
      const address = parseHookAddress(req.raw.url ?? '');
      if (!address || !(await isHookSecret(deps.db, address.projectId, address.secret))) throw notFound();
      const taken = rate.take(address.projectId, deps.clock.now().getTime());
      if (!taken.allowed) {
        throw new AppError('TOO_MANY_REQUESTS', `This bot's webhook takes at most ${HOOK_RATE.perMinute} requests a minute. Please try again in ${taken.retryAfterSeconds} seconds.`, {
          retryAfterSeconds: taken.retryAfterSeconds,
        });
      }
      (req as HookRequest)[ADDRESS] = address;
      return limitBody(payload, req.headers['content-length'], HOOK_BODY_LIMIT, HOOK_BODY_TOO_LARGE);
    };

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const address = (req as HookRequest)[ADDRESS];
      if (!address) throw notFound();
      const own = hookUrl(deps.config.publicUrl, address.projectId, address.secret);
      const target = liveHookTarget(deps, address.projectId);
      if (target) {
        await forwardToBot(req, reply, target, { own, pathAndQuery: address.target });
        return reply;
      }
      // On several nodes: the node that runs the bot answers (a request passed on once goes no further).
      const rawUrl = req.raw.url ?? '';
      const remote = passedOnByNode(deps, req.headers, rawUrl) ? null : await remoteHookTarget(deps, address.projectId, rawUrl);
      if (!remote) throw new AppError('SERVICE_UNAVAILABLE', BOT_NOT_RUNNING);
      await forwardToBot(req, reply, remote, { own, pathAndQuery: rawUrl });
      return reply;
    };

    const options = { bodyLimit: HOOK_BODY_LIMIT, exposeHeadRoute: false, preParsing, handler };
    for (const route of HOOK_ROUTES) scope.all(route, options);
  });
}
