// The answers every operation of the OpenAPI description shares: the error bodies and their
// statuses, the `default` failure, and who may call (the security each kind of caller needs).
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';

/** Who may call an operation. */
export type Access = 'public' | 'signed-in' | 'operator';

export const errorBody = z.object({ error: z.string().meta({ description: 'What went wrong, in words meant for people.' }) });
export const failureBody = z.object({
  error: z.string(),
  requestId: z.string().optional().meta({ description: 'On a failure on our side (5xx) only: the id under which the server log keeps the details.' }),
});

export const ERRORS = {
  400: ['BadRequest', 'The input is not valid. `error` names the first problem, e.g. "Invalid email address" or "Unknown field: name".'],
  401: ['Unauthorized', 'Not signed in, the session has ended, or the credentials are wrong (a wrong password or admin key).'],
  402: ['PaymentRequired', 'Not enough credits for this.'],
  404: ['NotFound', 'Nothing by that id or name, or it is not yours: both answer alike.'],
  409: ['Conflict', 'Fine in itself, but in conflict with what the account holds now: a storage cap reached, an install still running, a proposal already settled, a token used by another bot...'],
  413: ['PayloadTooLarge', 'The request body is larger than this call takes.'],
  429: ['TooManyRequests', 'Too many requests: try again after the seconds that Retry-After gives.'],
} as const;
export type ErrorStatus = keyof typeof ERRORS;

export const errorResponse = (status: ErrorStatus): ZodOpenApiResponseObject => ({
  description: ERRORS[status][1],
  content: { 'application/json': { schema: errorBody } },
  ...(status === 429 ? { headers: z.object({ 'Retry-After': z.string().optional().meta({ description: 'Seconds to wait.' }) }) } : {}),
});

export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The failure answers of an operation: those it may give, then any other (5xx included) as `default`. */
export function failures(statuses: Iterable<ErrorStatus>): ZodOpenApiResponsesObject {
  const sorted = [...new Set(statuses)].sort((a, b) => a - b);
  return {
    ...Object.fromEntries(sorted.map((status) => [String(status), responseRef(ERRORS[status][0])])),
    default: responseRef('Failure'),
  };
}

export const SECURITY: Record<Access, ZodOpenApiOperationObject['security']> = {
  public: undefined,
  'signed-in': [{ signIn: [] }],
  operator: [{ adminKey: [] }],
};
