// On a node that serves people (web or all), on PostgreSQL: a signed-in person's call that needs a
// runner's parts (a procedure declared with `runnerProcedure`, or a route with RUNNER_ROUTE: their
// runs, test chats, installs, builds checked in the test chat) is answered by their runner
// (runner-homes.ts): here when this node is it, else passed on whole to it, which answers as a single
// process would; its answer streams back (the chat's and the installs' event streams too). Anything
// else, every call without a valid session, and every call another node passed on, is answered here.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreDeps } from '../../deps';
import { AppError } from '../../errors';
import { bearerToken } from '../../trpc';
import { readSession } from '../auth/sessions';
import { metaOf } from '../../procedure-rules';
import { clientAddress, passedOnByNode } from '../../client-address';
import { nodeIdOf } from './node-id';
import { without } from '../runner/hooks/forward';
import { NODE_HEADER } from './node-auth';
import { PASSED_ON_HEADERS, passOnHeaders } from './passed-on-calls';
import { runnerHomeOf, type RunnerNode } from './runner-homes';

export const NO_RUNNER = 'No runner machine is taking work right now. Please try again in a minute.';
export const RUNNER_GONE = 'The runner machine did not answer. Please try again in a moment.';

// Ours to set: the runner's host, and what only a node may say.
const DROPPED = new Set(['host', NODE_HEADER, PASSED_ON_HEADERS.address, PASSED_ON_HEADERS.at]);

/** Whether this call needs a runner's parts. */
function needsRunner(req: FastifyRequest): boolean {
  if (req.routeOptions.config?.onRunner) return true;
  if (!req.url.startsWith('/trpc/')) return false;
  return metaOf(req.url.slice('/trpc/'.length).split('?')[0]!).onRunner === true;
}

/** Whether this node passes people's runner calls on: it serves people, on a server of several nodes. */
export const passesOnRunnerCalls = (config: CoreDeps['config']): boolean => config.databaseUrl !== null && config.cluster.role !== 'runner';

/**
 * The person's runner when it is another node; null to answer here: this node is theirs, or it is an
 * `all` node and no runner is open (it answers as one process would, its sandbox's refusal included).
 */
export async function otherRunnerOf(deps: CoreDeps, userId: string): Promise<RunnerNode | null> {
  const self = nodeIdOf(deps.config.dataDir);
  const all = deps.config.cluster.role === 'all';
  const home = await runnerHomeOf(deps.db, userId, deps.config.cluster.leaseMs, all ? self : undefined);
  if (!home && !all) throw new AppError('SERVICE_UNAVAILABLE', NO_RUNNER);
  return home && home.id !== self ? home : null;
}

export function registerRunnerForward(app: FastifyInstance, deps: CoreDeps): void {
  if (!passesOnRunnerCalls(deps.config)) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!needsRunner(req) || passedOnByNode(req)) return;
    const token = bearerToken(req);
    const session = token ? await readSession(deps.db, deps.sessionKeys, deps.clock, token).catch(() => null) : null;
    if (!session) return;
    const runner = await otherRunnerOf(deps, session.userId);
    if (runner) return passOn(req, reply, runner, deps.config.cluster.secret);
  });
}

/** Sends the call to the runner, body and all, and its answer back as it comes. */
function passOn(req: FastifyRequest, reply: FastifyReply, runner: RunnerNode, secret: string): Promise<FastifyReply> {
  const target = new URL(req.url, runner.url);
  const headers = { ...without(req.headers, DROPPED), host: target.host, ...passOnHeaders(secret, { method: req.method, url: req.url, address: clientAddress(req) }) };
  return new Promise((resolve, reject) => {
    const upstream = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method: req.method, headers });
    // The person gave up (a page closed, an event stream ended): so does the runner's answer.
    const callerGone = () => upstream.destroy();
    reply.raw.once('close', callerGone);
    upstream.on('error', (err) => {
      reply.raw.off('close', callerGone);
      req.log.warn({ err, runner: runner.id }, 'a call could not be passed on to its runner');
      reject(new AppError('SERVICE_UNAVAILABLE', RUNNER_GONE));
    });
    upstream.on('response', (res: IncomingMessage) => {
      reply.code(res.statusCode ?? 502);
      reply.headers(without(res.headers, new Set()) as Record<string, string | string[]>);
      resolve(reply.send(res));
    });
    req.raw.pipe(upstream);
  });
}
