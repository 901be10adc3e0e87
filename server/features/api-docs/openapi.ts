// The OpenAPI 3.1 description of the REST API, served at /api/openapi.json. Derived from the code:
// rest.ts's table gives each route's method, path and where its input comes from (path, query, body);
// the tRPC router gives the procedure's input schema (the zod schemas of shared/*.schema.ts) and who
// may call it (its middlewares); the procedure's meta gives its words and the schema of its answer
// (`doc` and `response`, procedure-meta.ts), and procedure-notes.ts the groups and the named schemas.
// The few routes outside the table (downloads, Google's redirects, images, webhooks) are described
// below with the schemas they use. Not described: /trpc (the web app's RPC endpoint for the same
// procedures; each operationId here names its procedure) and /ws (a WebSocket, which OpenAPI cannot describe).
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import packageJson from '../../../package.json' with { type: 'json' };
import { restRoutes, type RestRoute } from '../../rest';
import { appRouter } from '../../router';
import { adminProcedure, authedProcedure } from '../../trpc';
import { bodyLimitFor } from '../../body-limits';
import { HOOK_BODY_LIMIT } from '../runner/hooks/hooks.routes';
import { runLogDownloadInput } from '../../../shared/run-logs.schema';
import { idField } from '../../../shared/workspace.schema';
import { metaOf } from '../../procedure-rules';
import { NAMED_SCHEMAS, TAGS } from './procedure-notes';
import { ERRORS, SECURITY, errorBody, errorResponse, failureBody, failures, responseRef, type Access, type ErrorStatus } from './responses';

export type OpenApiDocument = ReturnType<typeof createDocument>;

type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type Operation = { path: string; method: Method; operation: ZodOpenApiOperationObject };
type AnyObject = z.ZodObject<z.ZodRawShape>;
type ProcedureDef = { inputs: unknown[]; middlewares: unknown[]; type: string };

const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The REST table: one operation per route.

// At run time tRPC keeps every procedure here under its full dotted name ('auth.login'); its types show the nested record.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef } | undefined>;

/** Who may call a procedure: read from the guard middlewares it was built on (trpc.ts). */
function accessOf(def: ProcedureDef): Access {
  if (def.middlewares.includes(adminProcedure._def.middlewares[0])) return 'operator';
  if (def.middlewares.includes(authedProcedure._def.middlewares[0])) return 'signed-in';
  return 'public';
}

const pathNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
/** Fastify's `/files/:id` as OpenAPI's `/files/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const PARAM_WORDS: Record<string, string> = {
  projectId: "The bot's id.",
  fileId: "The file's id.",
  versionId: "The saved version's id.",
  proposalId: 'The proposal id that modify-code answered with.',
  filename: "The file's name, e.g. bot.py.",
  name: "The saved chat's name.",
  runId: "The run's id.",
};
/** `:id` is a file, a post or a person, after the path segment before it. */
function paramWords(name: string, url: string): string | undefined {
  if (name !== 'id') return PARAM_WORDS[name];
  const before = url.split('/:id')[0]!.split('/').pop();
  return before === 'files' ? "The file's id." : before === 'users' ? "The person's id." : "The post's id.";
}

/** The path's parameters, each with a few words. */
function describeParams(params: AnyObject, url: string): AnyObject {
  const shape = Object.fromEntries(
    Object.entries(params.shape).map(([name, schema]) => {
      const words = paramWords(name, url);
      return [name, words ? (schema as z.ZodType).meta({ description: words }) : schema];
    }),
  );
  return z.object(shape);
}

/** The objects an input is made of (one, or the options of a union), to split between path, query and body. */
function objectsOf(input: z.ZodType, where: string): AnyObject[] {
  const inner = input instanceof z.ZodOptional ? (input.unwrap() as z.ZodType) : input;
  if (inner instanceof z.ZodObject) return [inner as AnyObject];
  if (inner instanceof z.ZodUnion && inner.options.every((o) => o instanceof z.ZodObject)) return inner.options as unknown as AnyObject[];
  throw new Error(`${where}: its input is not an object, so it cannot come from the path or the query`);
}

type Split = { path?: AnyObject; query?: AnyObject; body?: { schema: z.ZodType; required: boolean } };

/** Where each part of a procedure's input comes from on this route (rest.ts's `input`), checked against the path. */
export function splitInput(route: Pick<RestRoute, 'method' | 'url' | 'input' | 'bodyField'>, input: z.ZodType | undefined): Split {
  const where = `${route.method} ${route.url}`;
  const names = pathNames(route.url);
  if (names.length > 0 && !route.input.startsWith('path')) throw new Error(`${where}: the path's parameters are not handed to the procedure`);
  if (route.input === 'none') {
    if (input && !input.safeParse(undefined).success) throw new Error(`${where}: the procedure needs an input this route never gives`);
    return {};
  }
  if (!input) throw new Error(`${where}: reads the request for a procedure that takes no input`);
  if (route.input === 'body') return { body: { schema: input, required: !input.safeParse(undefined).success } };

  const objects = objectsOf(input, where);
  for (const name of names) {
    if (!objects.every((o) => name in o.shape)) throw new Error(`${where}: the procedure's input has no field "${name}"`);
  }
  const mask = Object.fromEntries(names.map((name) => [name, true] as const)) as Record<string, true>;
  const path = names.length > 0 ? describeParams(objects[0]!.pick(mask), route.url) : undefined;
  const rest = objects.map((o) => o.omit(mask));
  const restFields = rest.some((o) => Object.keys(o.shape).length > 0);
  if (route.input === 'path') {
    if (restFields) throw new Error(`${where}: the procedure takes fields besides the path's, which this route never gives`);
    return { path };
  }
  if (route.input === 'path+body-as-field') {
    const field = route.bodyField;
    const schema = field && objects.length === 1 ? (objects[0]!.omit(mask).shape as Record<string, z.ZodType>)[field] : undefined;
    if (!schema) throw new Error(`${where}: the body is the input's field "${field}", which it does not have`);
    if (Object.keys(rest[0]!.shape).length !== 1) throw new Error(`${where}: the procedure takes fields besides the path's and "${field}"`);
    return { path, body: { schema, required: true } };
  }
  if (route.input === 'path+body') {
    if (!restFields) return { path };
    const body: z.ZodType = rest.length === 1 ? rest[0]! : z.union(rest as [AnyObject, AnyObject, ...AnyObject[]]);
    return { path, body: { schema: body, required: !body.safeParse({}).success } };
  }
  if (rest.length > 1) throw new Error(`${where}: a union cannot be read from the query`);
  return { path, query: restFields ? rest[0] : undefined };
}

function restOperation(route: RestRoute): Operation {
  const where = `${route.method} ${route.url} (${route.procedure})`;
  const procedure = procedures[route.procedure];
  if (!procedure) throw new Error(`${where}: no such procedure in the router`);
  const def = procedure._def;
  if (def.inputs.length > 1) throw new Error(`${where}: several input schemas; describe their merge first`);
  const { doc: note, response: schema } = metaOf(route.procedure);
  if (!note) throw new Error(`${where}: no words for it: give the procedure a \`doc\` in its meta (procedure-meta.ts)`);

  const access = accessOf(def);
  const split = splitInput(route, def.inputs[0] as z.ZodType | undefined);
  const limit = bodyLimitFor(route.procedure);

  const statuses: ErrorStatus[] = [429, ...(note.errors ?? [])];
  if (route.input !== 'none') statuses.push(400);
  if (access !== 'public') statuses.push(401);
  if (split.path) statuses.push(404);
  if (split.body) statuses.push(413);

  const operation: ZodOpenApiOperationObject = {
    operationId: route.procedure,
    tags: [TAGS[route.procedure.split('.')[0] as keyof typeof TAGS]],
    summary: note.summary,
    ...(note.description ? { description: note.description } : {}),
    ...(SECURITY[access] ? { security: SECURITY[access] } : {}),
    ...(split.path || split.query ? { requestParams: { ...(split.path ? { path: split.path } : {}), ...(split.query ? { query: split.query } : {}) } } : {}),
    ...(split.body
      ? {
          requestBody: {
            required: split.body.required,
            description: `A JSON object of at most ${limit / MiB} MiB.`,
            content: { 'application/json': { schema: split.body.schema } },
          },
        }
      : {}),
    responses: {
      200: {
        description: note.answers,
        content: { 'application/json': { schema: schema ?? { type: note.list ? 'array' : 'object' } } },
      },
      ...failures(statuses),
    },
  };
  return { path: openApiPath(route.url), method: route.method.toLowerCase() as Method, operation };
}

// ---------------------------------------------------------------------------------------------
// Routes outside the table.

const GOOGLE_ERRORS = 'config_missing, oauth_failed, no_code, token_exchange_failed, user_info_failed or auth_failed';
const redirect = (description: string): ZodOpenApiResponseObject => ({
  description,
  headers: z.object({ Location: z.string().meta({ description: 'Where the browser goes next.' }) }),
});
/** Every method the OpenAPI document can name; Fastify's `all` also answers QUERY, which 3.1 cannot. */
const ANY_METHOD: Method[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function otherOperations(): Operation[] {
  return [...downloadOperations(), ...googleSignInOperations(), uploadedImageOperation(), ...ANY_METHOD.map((method) => hookOperation(method))];
}

const hookParams = z.object({
  projectId: idField.meta({ description: "The bot's id." }),
  secret: z.string().meta({ description: 'The secret part of the address, as hooks/url gives it.' }),
});

/** A bot's webhook address, for one method. */
function hookOperation(method: Method): Operation {
  const takesBody = !['get', 'head', 'trace'].includes(method);
  return {
    path: '/hooks/{projectId}/{secret}',
    method,
    operation: {
      operationId: `hooks.forward.${method}`,
      tags: [TAGS.hooks],
      summary: "Call a bot's webhook",
      description:
        "The public address of a running bot (from hooks/url). Any method, any body, and any path below it (…/{secret}/more/path?query) reach the bot's own web server on its PORT as sent, and its answer comes back as is. Needs no sign-in: the secret in the address is the key.",
      requestParams: { path: hookParams },
      ...(takesBody
        ? { requestBody: { required: false, description: `Anything, at most ${HOOK_BODY_LIMIT / MiB} MiB: it reaches the bot as bytes.`, content: { '*/*': {} } } }
        : {}),
      responses: {
        200: { description: 'Whatever the bot answers (any status, headers and body).' },
        404: responseRef('NotFound'),
        ...(takesBody ? { 413: responseRef('PayloadTooLarge') } : {}),
        429: responseRef('TooManyRequests'),
        503: { description: 'The bot is not running.', content: { 'application/json': { schema: errorBody } } },
        default: responseRef('Failure'),
      },
    },
  };
}

/** Files answered as files: a run's log, a file a bot sent in the test chat. */
function downloadOperations(): Operation[] {
  return [
    {
      path: '/api/bots/{projectId}/runs/{runId}/log',
      method: 'get',
      operation: {
        operationId: 'logs.download',
        tags: [TAGS.logs],
        summary: "Download one run's log",
        description: 'The kept lines of one run as a text file.',
        security: SECURITY['signed-in'],
        requestParams: { path: describeParams(runLogDownloadInput, '/api/bots/:projectId/runs/:runId/log') },
        responses: {
          200: {
            description: 'The log, as an attachment.',
            headers: z.object({ 'Content-Disposition': z.string().meta({ description: 'attachment, with the file name.' }) }),
            content: { 'text/plain': { schema: z.string() } },
          },
          ...failures([401, 404, 429]),
        },
      },
    },
    {
      path: '/api/test-chat/{fileId}/files/{telegramFileId}',
      method: 'get',
      operation: {
        operationId: 'testChat.file',
        tags: [TAGS.testChat],
        summary: 'Download a file the bot sent in the test chat',
        security: SECURITY['signed-in'],
        requestParams: {
          path: z.object({
            fileId: idField.meta({ description: "The bot file's id." }),
            telegramFileId: z.string().max(200).meta({ description: "The sent file's id, from the message's documentUrl." }),
          }),
        },
        responses: {
          200: {
            description: 'The file, as an attachment.',
            content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
          },
          ...failures([401, 404]),
        },
      },
    },
  ];
}

/** Google sign-in's two browser redirects. */
function googleSignInOperations(): Operation[] {
  return [
    {
      path: '/api/auth/google',
      method: 'get',
      operation: {
        operationId: 'auth.googleRedirect',
        tags: [TAGS.auth],
        summary: 'Sign in with Google (browser redirect)',
        description: 'Starts the sign-in: open it in the browser.',
        responses: {
          302: redirect(`To Google's sign-in page; when Google sign-in is not available, to /login?error=<code> (${GOOGLE_ERRORS}).`),
          ...failures([429]),
        },
      },
    },
    {
      path: '/api/auth/google/callback',
      method: 'get',
      operation: {
        operationId: 'auth.googleCallback',
        tags: [TAGS.auth],
        summary: 'Where Google sends the browser back',
        description: 'Only Google calls this, with the browser: it signs the person in.',
        requestParams: {
          query: z.object({
            code: z.string().optional().meta({ description: "Google's authorization code." }),
            state: z.string().optional().meta({ description: 'The state the sign-in started with.' }),
            error: z.string().optional().meta({ description: 'Set by Google when the sign-in failed.' }),
          }),
        },
        responses: {
          302: redirect(
            `Signed in: to /?google_auth=success, with the session in short-lived \`token\` and \`user\` cookies for the web app to pick up. Otherwise to /login?error=<code> (${GOOGLE_ERRORS}).`,
          ),
          ...failures([429]),
        },
      },
    },
  ];
}

function uploadedImageOperation(): Operation {
  return {
    path: '/uploads/{name}',
    method: 'get',
    operation: {
      operationId: 'uploads.image',
      tags: [TAGS.feed],
      summary: "A post's image",
      description: "The address is a post's imageUrl. Public, and cached for a year (the name is the image's content hash).",
      requestParams: { path: z.object({ name: z.string().meta({ description: "The image's file name: its content hash and extension (png, jpg, gif or webp)." }) }) },
      responses: {
        200: {
          description: 'The image.',
          content: Object.fromEntries(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
        },
        ...failures([404]),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The document.

/** Every path and method the description holds, in its spelling (`/api/files/{id}`, `get`). */
export function describedOperations(doc: OpenApiDocument): Array<{ path: string; method: string }> {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    ANY_METHOD.filter((method) => item && (item as Record<string, unknown>)[method]).map((method) => ({ path, method })),
  );
}

export function buildOpenApiDocument(opts: { publicUrl: string }): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const { path, method, operation } of [...restRoutes.map(restOperation), ...otherOperations()]) {
    paths[path] ??= {};
    if (paths[path][method]) throw new Error(`${method.toUpperCase()} ${path} is described twice`);
    paths[path][method] = operation;
  }
  const tags = [...new Set(Object.values(TAGS))];
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Botwright API',
      version: packageJson.version,
      description: [
        'Build, test and run chat bots: the REST API behind the Botwright web app.',
        '',
        'Sign in with `POST /api/auth/login` (or sign up with send-otp and verify-otp) and send the token it answers with as `Authorization: Bearer <token>`. The operator calls under /api/admin take the `X-Admin-Key` header instead.',
        '',
        'Every failure answers `{"error": "..."}` with a message meant for people. Rate limits answer 429 with Retry-After.',
        '',
        "Not described here: `/trpc`, the web app's RPC endpoint for the same calls (each operationId here is its procedure's name), and `/ws`, the WebSocket that starts, stops and follows runs (OpenAPI does not describe WebSockets).",
      ].join('\n'),
    },
    servers: [{ url: opts.publicUrl.replace(/\/+$/, '') }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...NAMED_SCHEMAS, Error: errorBody, Failure: failureBody },
      responses: {
        ...Object.fromEntries(Object.keys(ERRORS).map((status) => [ERRORS[Number(status) as ErrorStatus][0], errorResponse(Number(status) as ErrorStatus)])),
        Failure: {
          description: 'Any other failure, e.g. 503 when something the call needs is not available. A failure on our side (5xx) says only that, with the request id.',
          content: { 'application/json': { schema: failureBody } },
        },
      },
      securitySchemes: {
        signIn: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The token that signing in answers with (login, verify-otp, google), sent as `Authorization: Bearer <token>`; never a cookie or a query parameter. An Authorization header that is not exactly that is refused with 401, even by the calls that need no sign-in.',
        },
        adminKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Admin-Key',
          description: "The operator key (the server's ADMIN_KEY). Without ADMIN_KEY set, the operator calls answer 503; repeated wrong keys lock the address out for the rest of the minute (429).",
        },
      },
    },
  });
}
