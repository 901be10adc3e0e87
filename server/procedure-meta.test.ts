// `answering`: a procedure's response schema sits in its meta for the API description, and the
// handler must return exactly the schema's type. The `@ts-expect-error` lines are the check itself:
// `tsc` fails when one of them compiles, i.e. when a mismatched schema would no longer be refused.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createCallerFactory, publicProcedure, router, type Context } from './trpc';
import { answering, type ProcedureMeta } from './procedure-meta';

const answer = z.object({ id: z.string(), count: z.number().nullable(), note: z.string().optional() });
const input = z.object({ id: z.string() });

type Answer = { id: string; count: number | null; note?: string };
const plain = publicProcedure.input(input).query(({ input }): Answer => ({ id: input.id, count: input.id.length }));
const declared = answering(answer, publicProcedure.meta({ doc: { summary: 'A thing', answers: 'The thing.' } }).input(input)).query(({ input }): Answer => ({
  id: input.id,
  count: input.id.length,
}));
const asyncDeclared = answering(answer, publicProcedure.input(input)).mutation(async ({ input }): Promise<Answer> => ({ id: input.id, count: null }));

const testRouter = router({ plain, declared, asyncDeclared });

describe('answering', () => {
  it("keeps the schema in the procedure's meta beside its other declarations, and the handler's answer as it is", async () => {
    const meta = declared._def.meta as ProcedureMeta;
    expect(meta).toEqual({ doc: { summary: 'A thing', answers: 'The thing.' }, response: answer });
    expect(meta.response).toBe(answer);
    const caller = createCallerFactory(testRouter)({} as Context);
    expect(await caller.declared({ id: 'abc' })).toEqual({ id: 'abc', count: 3 });
    expect(await caller.asyncDeclared({ id: 'abc' })).toEqual({ id: 'abc', count: null });
  });

  it("leaves the procedure's types as tRPC infers them", () => {
    type Outputs = inferRouterOutputs<typeof testRouter>;
    type Inputs = inferRouterInputs<typeof testRouter>;
    expectTypeOf<Outputs['declared']>().toEqualTypeOf<Outputs['plain']>();
    expectTypeOf<Outputs['asyncDeclared']>().toEqualTypeOf<Outputs['plain']>();
    expectTypeOf<Inputs['declared']>().toEqualTypeOf<Inputs['plain']>();
  });

  it('refuses, when this compiles, a handler whose answer is not exactly the schema', () => {
    const refused = router({
      // A field the schema does not describe.
      // @ts-expect-error the response schema does not match what this procedure returns
      extra: answering(answer, publicProcedure).query((): Answer & { secret: string } => ({ id: 'a', count: 1, secret: 'x' })),
      // A field the handler does not give.
      // @ts-expect-error the response schema does not match what this procedure returns
      missing: answering(answer, publicProcedure).mutation(async (): Promise<Omit<Answer, 'id'>> => ({ count: 1 })),
      // A field's type that differs: never null in the answer.
      // @ts-expect-error the response schema does not match what this procedure returns
      narrower: answering(answer, publicProcedure).query(({ ctx }): Omit<Answer, 'count'> & { count: number } => ({ id: String(ctx.user), count: 1 })),
      // A field always there in the answer, optional in the schema.
      // @ts-expect-error the response schema does not match what this procedure returns
      required: answering(answer, publicProcedure).query((): Answer & { note: string } => ({ id: 'a', count: 1, note: '' })),
    });
    expect(Object.keys(refused._def.procedures)).toHaveLength(4);
    // Only `answering` declares a response schema: a plain meta cannot skip the check.
    // @ts-expect-error not a ResponseSchema
    publicProcedure.meta({ response: answer });
  });
});
