// What a procedure declares about itself besides its input and handler, as tRPC `meta` beside it:
// its rate limits (limits.ts), the body it may carry (body-limits.ts), whether the pages read it
// through the fast GET route (fast-reads.ts), and the words and answer of its entry in the API
// description (features/api-docs/openapi.ts). A procedure that declares nothing gets the defaults:
// 300 calls a minute per address, a body of 1 MiB, tRPC's own route, no entry in the description.
import type { z } from 'zod';
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';

/** Who a rate limit counts: the address, the e-mail in the body, both, or the signed-in person. */
export type RateKey = 'ip' | 'email' | 'ip+email' | 'user';
export type RateRule = { max: number; window: string; key: RateKey };

/** Bodies over the default limit that are also read only a few at a time, server-wide (body-limits.ts). */
export type BodyGateName = 'imports' | 'posts';
export type BodyRule = { limit: number; tooLarge?: string; gate?: BodyGateName };

/**
 * A procedure's words in the API description (GET /api/openapi.json). Every procedure the REST table
 * (rest.ts) calls has them; its path, input and who may call it are read from the code.
 */
export type ProcedureDoc = {
  summary: string;
  description?: string;
  /** What a success answers, in words (the whole answer when no `response` schema describes it). */
  answers: string;
  /** The answer is a list (when no schema describes it). */
  list?: true;
  /** Refusals particular to this call: 402 not enough credits, 409 conflicts with what the account holds now. */
  errors?: Array<402 | 409>;
};

declare const checked: unique symbol;
/** A zod schema of a procedure's answer, checked against its handler by `answering` (the only way to declare one). */
export type ResponseSchema = z.ZodType & { readonly [checked]: true };

export type ProcedureMeta = {
  /** Rate limits, all of which must allow the call (listed in docs/security.md). */
  rateLimit?: RateRule[];
  /** Counted on another procedure's limits: the same call by another way (the streamed chat is the chat). */
  countsAs?: string;
  body?: BodyRule;
  /** A hot read the pages make on every visit: answered by a plain GET at its tRPC address. */
  fastRead?: true;
  /** Its words in the API description. */
  doc?: ProcedureDoc;
  /** The schema of its answer in the API description, where shared/ has one: declared with `answering`. */
  response?: ResponseSchema;
  /**
   * It needs a runner's parts (runs, the test chat, dependency installs, logs on disk): a web node
   * passes it on to the person's runner (cluster/runner-forward.ts). Declared with `runnerProcedure`.
   */
  onRunner?: true;
};

/** The config of a route that is no procedure but needs a runner's parts, as `onRunner` for a procedure. */
export const RUNNER_ROUTE = { onRunner: true } as const;

export const MiB = 1024 * 1024;
/** A body of one bot file of up to 1 MiB: as JSON a newline or a quote takes two bytes. */
export const ONE_FILE_BODY: BodyRule = { limit: 2 * MiB };

/** The words of an answer that only confirms (`{ message }`). */
export const CONFIRMATION = 'A confirmation message.';

// ---------------------------------------------------------------------------------------------
// `answering`: a response schema declared where it cannot drift from what the handler returns.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Mismatch<R, T> = { error: 'the response schema does not match what this procedure returns'; schema: T; returns: R };
/** The procedure when its handler answers exactly the schema's type; otherwise a type no router takes, whose name says why. */
type Checked<P, R, T> = Same<R, T> extends true ? P : Mismatch<R, T>;
type Builder = { meta(meta: ProcedureMeta): unknown; query: (resolver: never) => unknown; mutation: (resolver: never) => unknown };
type OptionsOf<F> = F extends (resolver: (opts: infer O) => unknown) => unknown ? O : never;
type InputOf<P> = P extends TRPCQueryProcedure<infer D> | TRPCMutationProcedure<infer D> ? D['input'] : never;
/** What tRPC's query or mutation would build: the builder's input, the handler's answer. */
type Built<B extends Builder, R> = { input: InputOf<ReturnType<B['query']>>; output: R; meta: ProcedureMeta };

/** The builder's `query` and `mutation`, building tRPC's own procedure when the handler answers exactly `T`. */
export type Answering<B extends Builder, T> = {
  query<R>(resolver: (opts: OptionsOf<B['query']>) => R | Promise<R>): Checked<TRPCQueryProcedure<Built<B, R>>, R, T>;
  mutation<R>(resolver: (opts: OptionsOf<B['mutation']>) => R | Promise<R>): Checked<TRPCMutationProcedure<Built<B, R>>, R, T>;
};

/**
 * Declares the schema of a procedure's answer (its meta's `response`), for the API description:
 * `url: answering(botHook, authedProcedure.meta({ doc }).input(botHookInput)).query(...)`. The handler
 * given to `query` or `mutation` must then return exactly the schema's type (no field more or less, none
 * of another type), or the router does not take the result: the error names the schema's type and the
 * handler's. Nothing is checked or changed at run time, and the procedure's types are the ones tRPC
 * infers without it. (A plain `.meta({ response })` could not be checked: tRPC keeps no type of a
 * procedure's meta, so the schema has to meet the handler here.)
 */
export function answering<S extends z.ZodType, B extends Builder>(schema: S, builder: B): Answering<B, z.output<S>> {
  return builder.meta({ response: schema as unknown as ResponseSchema }) as Answering<B, z.output<S>>;
}
