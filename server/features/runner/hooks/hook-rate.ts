// A per-bot token bucket: a webhook address is public, so one bot's callers may not flood its
// sandbox (or the server) past a steady rate, with room for a burst.

export type HookRate = { perMinute: number; burst: number };

/** 60 requests a minute per bot, 30 at once. */
export const HOOK_RATE: HookRate = { perMinute: 60, burst: 30 };

type Bucket = { tokens: number; at: number };

export class HookRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly rate: HookRate = HOOK_RATE,
    /** Buckets kept before full ones (idle bots) are dropped. */
    private readonly maxBuckets = 10_000,
  ) {
    this.perMs = rate.perMinute / 60_000;
  }

  /** Takes one request of `key` at `now` (ms); when refused, says when the next one is allowed. */
  take(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const bucket = this.refill(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  private refill(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxBuckets) this.sweep(now);
      bucket = { tokens: this.rate.burst, at: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    // A clock that went back gives nothing, and takes nothing either.
    bucket.tokens = Math.min(this.rate.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
    bucket.at = now;
    return bucket;
  }

  /** Drops the buckets that have filled up again: a new one would be the same. */
  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + Math.max(0, now - bucket.at) * this.perMs >= this.rate.burst) this.buckets.delete(key);
    }
  }
}
