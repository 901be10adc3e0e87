// The API description (GET /api/openapi.json) through the real app: it is served, it holds together
// as OpenAPI 3.1 (path parameters match their paths, every $ref resolves), and it describes exactly
// the routes the server answers: a route added without its description fails here, and so does a
// description of a route that is gone. Fastify's routes are collected as the app registers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteOptions } from 'fastify';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { restRoutes } from '../../rest';
import { appRouter } from '../../router';
import { metaOf } from '../../procedure-rules';
import { OPENAPI_PATH } from './api-docs.routes';
import { describedOperations, openApiPath, splitInput, type OpenApiDocument } from './openapi';
import packageJson from '../../../package.json' with { type: 'json' };

/** `single`: registered for this method alone (Fastify's automatic HEAD beside a GET is; `all` is not). */
type RegisteredRoute = { method: string; url: string; single: boolean };

// Every route the app registers (told from before anything else is registered, so every plugin's too).
const registered: RegisteredRoute[] = [];
function collect(route: RouteOptions) {
  const single = !Array.isArray(route.method);
  for (const method of [route.method].flat()) registered.push({ method, url: route.url, single });
}

/**
 * The REST API: /api, the webhooks and the post images. Outside it: /trpc (the web app's RPC endpoint
 * for the same procedures, named by each operationId), /ws (a WebSocket: OpenAPI has no words for
 * it), the operator's /healthz, /readyz and /metrics, and the web client's files (/ and /*).
 */
const REST_PREFIXES = ['/api/', '/hooks/', '/uploads/'];
/**
 * Inside it but not described, and why: the description itself; Fastify's automatic HEAD beside every
 * GET; QUERY (webhooks answer it too), which OpenAPI 3.1 has no place for; the webhook's wildcard
 * route, described with its address (/hooks/{projectId}/{secret}: "and any path below it").
 */
const NOT_DESCRIBED = (route: RegisteredRoute, gets: Set<string>) =>
  route.url === OPENAPI_PATH ||
  (route.method === 'HEAD' && route.single && gets.has(route.url)) ||
  route.method === 'QUERY' ||
  route.url === '/hooks/:projectId/:secret/*';

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp({}, { onRoute: collect });
  const res = await t.request('GET', OPENAPI_PATH);
  doc = res.body;
});
afterAll(async () => t?.close());

/** The REST routes the app registered, as `METHOD /openapi/{path}`. */
function answeredRoutes(): string[] {
  const routes = registered;
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes
    .filter((r) => REST_PREFIXES.some((prefix) => r.url.startsWith(prefix)) && !NOT_DESCRIBED(r, gets))
    .map((r) => `${r.method} ${openApiPath(r.url)}`);
}
const describedRoutes = () => describedOperations(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`);

type Parameter = { name: string; in: string; required?: boolean; schema?: Record<string, unknown> };
type Operation = { operationId: string; parameters?: Parameter[]; requestBody?: any; responses: Record<string, any>; security?: Array<Record<string, string[]>> };
const operation = (method: string, path: string) => (doc.paths as Record<string, Record<string, Operation>>)[path]?.[method];

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 description as JSON, the same each time', async () => {
    const first = await t.request('GET', OPENAPI_PATH);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.body.openapi).toMatch(/^3\.1\.\d+$/);
    expect(first.body.info.version).toBe(packageJson.version);
    const second = await t.request('GET', OPENAPI_PATH);
    expect(second.body).toEqual(first.body);
  });

  it('needs no sign-in: an Authorization header is not even read', async () => {
    const res = await t.request('GET', OPENAPI_PATH, { headers: { authorization: 'Bearer nonsense' } });
    expect(res.status).toBe(200);
  });
});

describe('the description holds together', () => {
  it('each operation names exactly the parameters of its path, in the path and required', () => {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const { method } of describedOperations({ ...doc, paths: { [path]: item } })) {
        const op = operation(method, path)!;
        const inPath = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(inPath.map((p) => p.name).sort(), `${method} ${path}`).toEqual(names);
        for (const p of inPath) expect(p.required, `${method} ${path} {${p.name}}`).toBe(true);
        const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
        expect(new Set(keys).size, `${method} ${path}: a parameter twice`).toBe(keys.length);
      }
    }
  });

  it('every $ref resolves', () => {
    const refs: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref' && typeof inner === 'string') refs.push(inner);
          else walk(inner);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref, 'a local reference').toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), doc);
      expect(target, ref).toBeTypeOf('object');
    }
  });

  it('operation ids are unique, each operation answers something, and security names known schemes', () => {
    const ids = describedOperations(doc).map(({ path, method }) => operation(method, path)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const schemes = Object.keys(doc.components?.securitySchemes ?? {});
    expect(schemes.sort()).toEqual(['adminKey', 'signIn']);
    for (const { path, method } of describedOperations(doc)) {
      const op = operation(method, path)!;
      expect(Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)), `${method} ${path}`).toBe(true);
      for (const requirement of op.security ?? []) for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
    }
  });

  it('describes every failure as {error}', () => {
    const errorSchema = (doc.components?.schemas as Record<string, any>).Error;
    expect(errorSchema).toMatchObject({ type: 'object', properties: { error: { type: 'string' } }, required: ['error'] });
    const responses = doc.components?.responses as Record<string, any>;
    for (const name of ['BadRequest', 'Unauthorized', 'PaymentRequired', 'NotFound', 'Conflict', 'PayloadTooLarge', 'TooManyRequests']) {
      expect(responses[name].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });
});

describe('the description and the server agree', () => {
  it('every route the server answers is described', () => {
    const answered = answeredRoutes();
    // The collection works: it saw the whole REST table and the routes outside it.
    expect(answered.length).toBeGreaterThan(restRoutes.length);
    expect(answered).toContain('GET /api/bots/{projectId}/runs/{runId}/log');
    expect(answered.filter((r) => r.split(' ')[1]!.startsWith('/api/')).length).toBeGreaterThanOrEqual(restRoutes.length + 4);
    const described = new Set(describedRoutes());
    expect(answered.filter((route) => !described.has(route))).toEqual([]);
  });

  it('every described operation is one the server answers', () => {
    const answered = new Set(answeredRoutes());
    expect(describedRoutes().filter((route) => !answered.has(route))).toEqual([]);
    for (const { path, method } of describedOperations(doc)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `${method} ${path}`).toBe(true);
    }
  });

  it("a procedure's words and answer schema (its meta's doc and response) are declared only where the REST table calls it", () => {
    const called = new Set(restRoutes.map((route) => route.procedure));
    const declaring = Object.keys(appRouter._def.procedures).filter((name) => metaOf(name).doc || metaOf(name).response);
    expect(declaring.filter((name) => !called.has(name))).toEqual([]);
    expect([...called].filter((name) => !metaOf(name).doc)).toEqual([]);
  });
});

describe('what the description says', () => {
  it('sign-up takes name, email and password in a JSON body, and nothing else', () => {
    for (const path of ['/api/auth/register', '/api/auth/send-otp']) {
      const body = operation('post', path)!.requestBody;
      expect(body.required).toBe(true);
      const schema = body.content['application/json'].schema;
      expect(Object.keys(schema.properties).sort()).toEqual(['email', 'name', 'password']);
      expect(schema.required.sort()).toEqual(['email', 'name', 'password']);
      expect(schema.properties.password).toMatchObject({ type: 'string', minLength: 6, maxLength: 128 });
      expect(schema.additionalProperties).toBe(false);
    }
  });

  it('path parameters are in the path and required; the rest of the input goes to the body or the query', () => {
    const save = operation('put', '/api/projects/{projectId}/files/{filename}')!;
    expect(save.parameters).toEqual([
      expect.objectContaining({ name: 'projectId', in: 'path', required: true }),
      expect.objectContaining({ name: 'filename', in: 'path', required: true }),
    ]);
    // The path's fields are not asked for again in the body.
    expect(Object.keys(save.requestBody.content['application/json'].schema.properties)).toEqual(['content']);

    const messages = operation('get', '/api/test-chat/{fileId}/messages')!;
    expect(messages.parameters).toEqual([
      expect.objectContaining({ name: 'fileId', in: 'path', required: true }),
      expect.objectContaining({ name: 'chat', in: 'query', schema: { type: 'string', enum: ['private', 'group'] } }),
      expect.objectContaining({ name: 'after', in: 'query' }),
    ]);
    expect(messages.parameters!.find((p) => p.name === 'chat')!.required).toBeFalsy();
    expect(messages.requestBody).toBeUndefined();
  });

  it('who may call: the sign-in token, the admin key, or anyone', () => {
    expect(operation('get', '/api/auth/me')!.security).toEqual([{ signIn: [] }]);
    expect(operation('put', '/api/admin/users/{id}/credits')!.security).toEqual([{ adminKey: [] }]);
    expect(operation('get', '/api/admin/status')!.security).toBeUndefined();
    expect(operation('post', '/api/auth/login')!.security).toBeUndefined();
    expect(operation('get', '/api/auth/me')!.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(operation('post', '/api/ai/chat')!.responses['402']).toEqual({ $ref: '#/components/responses/PaymentRequired' });
  });

  it('answers are described by the shared schemas where they exist, in words elsewhere', () => {
    expect(operation('get', '/api/auth/me')!.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/User' });
    expect((doc.components?.schemas as Record<string, any>).User.required.sort()).toEqual(['createdAt', 'credits', 'email', 'googleAuth', 'hasPassword', 'id', 'name']);
    const transactions = operation('get', '/api/credits/transactions')!.responses['200'];
    expect(transactions.content['application/json'].schema).toEqual({ type: 'array' });
    expect(transactions.description).toBeTruthy();
  });

  it('the run log is text, and a webhook takes any method', () => {
    expect(Object.keys(operation('get', '/api/bots/{projectId}/runs/{runId}/log')!.responses['200'].content)).toEqual(['text/plain']);
    expect(Object.keys((doc.paths as Record<string, object>)['/hooks/{projectId}/{secret}']!).sort()).toEqual(
      ['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'],
    );
  });
});

describe('splitting an input between path, query and body', () => {
  const input = z.strictObject({ id: z.string(), name: z.string(), note: z.string().optional() });

  it('follows the route', () => {
    const split = splitInput({ method: 'PATCH', url: '/x/:id', input: 'path+body' }, input);
    expect(Object.keys(split.path!.shape)).toEqual(['id']);
    expect(Object.keys((split.body!.schema as z.ZodObject).shape)).toEqual(['name', 'note']);
    expect(split.body!.required).toBe(true);
    const query = splitInput({ method: 'GET', url: '/x/:id', input: 'path+query' }, input);
    expect(Object.keys(query.query!.shape)).toEqual(['name', 'note']);
  });

  it('takes the whole body as one field of the input when the route says so', () => {
    const withPlan = z.strictObject({ id: z.string(), plan: z.strictObject({ name: z.string() }) });
    const split = splitInput({ method: 'PUT', url: '/x/:id/plan', input: 'path+body-as-field', bodyField: 'plan' }, withPlan);
    expect(Object.keys(split.path!.shape)).toEqual(['id']);
    expect(split.body).toEqual({ schema: withPlan.shape.plan, required: true });
    expect(() => splitInput({ method: 'PUT', url: '/x/:id/plan', input: 'path+body-as-field', bodyField: 'other' }, withPlan)).toThrow(/field "other"/);
    expect(() => splitInput({ method: 'PUT', url: '/x/:id', input: 'path+body-as-field', bodyField: 'name' }, input)).toThrow(/besides the path's and "name"/);
  });

  it('refuses a route that cannot work as the table says', () => {
    // The path gives an id the procedure never receives.
    expect(() => splitInput({ method: 'POST', url: '/x/:id', input: 'body' }, input)).toThrow(/path's parameters/);
    // The procedure needs a name this route never passes.
    expect(() => splitInput({ method: 'DELETE', url: '/x/:id', input: 'path' }, input)).toThrow(/besides the path's/);
    // A path parameter the input has no field for.
    expect(() => splitInput({ method: 'GET', url: '/x/:other', input: 'path+query' }, input)).toThrow(/no field "other"/);
    // An input the route never gives.
    expect(() => splitInput({ method: 'GET', url: '/x', input: 'none' }, input)).toThrow(/never gives/);
  });
});
