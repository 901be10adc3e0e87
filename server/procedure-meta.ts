// What a procedure declares about itself besides its input and handler, as tRPC `meta` beside it:
// its rate limits (limits.ts), the body it may carry (body-limits.ts), and whether the pages read it
// through the fast GET route (fast-reads.ts). A procedure that declares nothing gets the defaults:
// 300 calls a minute per address, a body of 1 MiB, tRPC's own route.

/** Who a rate limit counts: the address, the e-mail in the body, both, or the signed-in person. */
export type RateKey = 'ip' | 'email' | 'ip+email' | 'user';
export type RateRule = { max: number; window: string; key: RateKey };

/** Bodies over the default limit that are also read only a few at a time, server-wide (body-limits.ts). */
export type BodyGateName = 'imports' | 'posts';
export type BodyRule = { limit: number; tooLarge?: string; gate?: BodyGateName };

export type ProcedureMeta = {
  /** Rate limits, all of which must allow the call (listed in docs/security.md). */
  rateLimit?: RateRule[];
  /** Counted on another procedure's limits: the same call by another way (the streamed chat is the chat). */
  countsAs?: string;
  body?: BodyRule;
  /** A hot read the pages make on every visit: answered by a plain GET at its tRPC address. */
  fastRead?: true;
};

export const MiB = 1024 * 1024;
/** A body of one bot file of up to 1 MiB: as JSON a newline or a quote takes two bytes. */
export const ONE_FILE_BODY: BodyRule = { limit: 2 * MiB };
