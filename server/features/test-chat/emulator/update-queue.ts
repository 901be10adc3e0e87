// The bot's pending updates and getUpdates long polling, as Telegram keeps them: update_id strictly
// increasing, an update stays until a later call's offset confirms it, at most 1,000 wait (oldest
// dropped), allowed_updates filters what is queued from then on. One poll waits at a time: a newer
// one ends it with 409, as does a new run of the bot (botRestarted) with an empty answer.
import { randomInt } from 'node:crypto';
import { conflict, TELEGRAM_TEXTS } from './bot-api-errors';
import type { Update } from './telegram-types';

export const MAX_PENDING_UPDATES = 1_000;
export const MAX_POLL_SECONDS = 50;

export const UPDATE_TYPES = [
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_connection',
  'business_message',
  'edited_business_message',
  'deleted_business_messages',
  'message_reaction',
  'message_reaction_count',
  'inline_query',
  'chosen_inline_result',
  'callback_query',
  'shipping_query',
  'pre_checkout_query',
  'purchased_paid_media',
  'poll',
  'poll_answer',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  'chat_boost',
  'removed_chat_boost',
] as const;

/** What an empty allowed_updates (or none ever given) means. */
const DEFAULT_ALLOWED = new Set<string>(UPDATE_TYPES.filter((t) => t !== 'chat_member' && t !== 'message_reaction' && t !== 'message_reaction_count'));

type Waiter = { wake(): void; end(outcome: 'empty' | 'conflict'): void };

export type PollRequest = { offset?: number; limit?: number; timeout?: number; signal?: AbortSignal };

export class UpdateQueue {
  /** getUpdates calls, and those a newer one ended (409): two copies of the bot polling at once. */
  readonly polls = { calls: 0, conflicts: 0 };
  private pending: Update[] = [];
  private nextId = randomInt(100_000_000, 900_000_000);
  private allowed: Set<string> = DEFAULT_ALLOWED;
  private explicitAllowed: string[] | undefined;
  private waiter: Waiter | null = null;
  private readonly listeners = new Set<() => void>();

  /** Queue an update of `type` unless allowed_updates leaves that type out; null when filtered. */
  push(type: string, payload: unknown): Update | null {
    if (!this.allowed.has(type)) return null;
    const update: Update = { update_id: this.nextId++, [type]: payload };
    this.pending.push(update);
    if (this.pending.length > MAX_PENDING_UPDATES) this.pending.splice(0, this.pending.length - MAX_PENDING_UPDATES);
    this.waiter?.wake();
    for (const listener of this.listeners) listener();
    return update;
  }

  /** Called on every new update (webhook delivery listens). */
  onPush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** allowed_updates as sent to getUpdates or setWebhook: remembered for later updates; [] is the default. */
  setAllowed(types: unknown[] | undefined): void {
    if (types === undefined) return;
    const known = types.filter((t): t is string => typeof t === 'string' && (UPDATE_TYPES as readonly string[]).includes(t));
    this.explicitAllowed = known.length > 0 ? known : undefined;
    this.allowed = known.length > 0 ? new Set(known) : DEFAULT_ALLOWED;
  }

  get allowedUpdates(): string[] | undefined {
    return this.explicitAllowed;
  }

  get count(): number {
    return this.pending.length;
  }

  peek(): Update | undefined {
    return this.pending[0];
  }

  /** Delivered by webhook: gone. */
  remove(updateId: number): void {
    this.pending = this.pending.filter((u) => u.update_id !== updateId);
  }

  dropAll(): void {
    this.pending = [];
  }

  /**
   * getUpdates: confirm by offset, then answer at once when something waits (or timeout is 0),
   * else hold until an update, the timeout, the client leaving (signal), or a newer poll (409).
   */
  poll(request: PollRequest): Promise<Update[]> {
    this.polls.calls += 1;
    this.waiter?.end('conflict');
    this.confirm(request.offset ?? 0);
    const limit = Math.min(100, Math.max(1, request.limit ?? 100));
    const timeout = Math.min(MAX_POLL_SECONDS, Math.max(0, request.timeout ?? 0));
    if (this.pending.length > 0 || timeout === 0 || request.signal?.aborted) return Promise.resolve(this.pending.slice(0, limit));

    return new Promise<Update[]>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        if (this.waiter === waiter) this.waiter = null;
      };
      const onAbort = () => {
        finish();
        resolve([]);
      };
      const waiter: Waiter = {
        wake: () => {
          finish();
          resolve(this.pending.slice(0, limit));
        },
        end: (outcome) => {
          finish();
          if (outcome === 'conflict') {
            this.polls.conflicts += 1;
            reject(conflict(TELEGRAM_TEXTS.pollConflict));
          }
          else resolve([]);
        },
      };
      const timer = setTimeout(waiter.wake, timeout * 1000);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = waiter;
    });
  }

  /** The poll waiting now, if any, answers empty (a new run of the bot, a webhook being set, the session ending). */
  endPoll(): void {
    this.waiter?.end('empty');
  }

  get polling(): boolean {
    return this.waiter !== null;
  }

  /** Positive offsets confirm every earlier update; a negative one keeps only the last -offset. */
  private confirm(offset: number): void {
    if (offset > 0) this.pending = this.pending.filter((u) => u.update_id >= offset);
    else if (offset < 0) this.pending = this.pending.slice(offset);
  }
}
