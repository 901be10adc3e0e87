// All test conversations of the server, one per {userId, fileId}, in memory: each gets a stable
// random token for its lifetime; a user's subscribers hear every change of any of their sessions
// (what /ws forwards to the browser).
import { timingSafeEqual } from 'node:crypto';
import type { TestChatUpdateFrame } from '../../../../shared/test-chat.schema';
import type { TestChatOwner } from './chat-identities';
import { TestChatSession } from './test-chat-session';

export type { TestChatOwner } from './chat-identities';
export { TestChatSession } from './test-chat-session';
export type { BotApiAnswer, UploadedFile, WebhookDelivery } from './test-chat-session';

type Listener = (frame: TestChatUpdateFrame) => void;

const keyOf = (owner: TestChatOwner) => `${owner.userId}\u0000${owner.fileId}`;

/**
 * Conversations kept, per person and in all (each may hold up to 30 MiB of files): past either, the
 * one used longest ago goes. A bot in test mode polls at least every 50 s, so a live one is never it.
 */
export const MAX_SESSIONS_PER_USER = 10;
export const MAX_SESSIONS = 200;

export class TestChats {
  private readonly sessions = new Map<string, TestChatSession>();
  private readonly byUser = new Map<string, Set<Listener>>();
  private readonly now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? (() => Date.now());
  }

  /** Gets or creates the owner's session (the same token for as long as it lives). */
  session(owner: TestChatOwner): TestChatSession {
    const existing = this.existing(owner);
    if (existing) {
      existing.rename(owner.botName);
      return existing;
    }
    const session = new TestChatSession(owner, { now: this.now, emitToUser: (frame) => this.emit(owner.userId, frame) });
    this.sessions.set(keyOf(owner), session);
    this.evictPast(MAX_SESSIONS_PER_USER, (s) => s.owner.userId === owner.userId);
    this.evictPast(MAX_SESSIONS, () => true);
    return session;
  }

  /** The owner's session, now the most recently used (the map's order is the order of use). */
  existing(owner: TestChatOwner): TestChatSession | undefined {
    const key = keyOf(owner);
    const session = this.sessions.get(key);
    if (session) {
      this.sessions.delete(key);
      this.sessions.set(key, session);
    }
    return session;
  }

  /** Forgets the least recently used of the matching sessions until at most `max` are left. */
  private evictPast(max: number, matches: (session: TestChatSession) => boolean): void {
    const matching = [...this.sessions.values()].filter(matches);
    for (const session of matching.slice(0, Math.max(0, matching.length - max))) this.forget(session.owner);
  }

  /** The session a token belongs to (compared in constant time). */
  byToken(token: string): TestChatSession | undefined {
    const given = Buffer.from(token);
    for (const session of this.sessions.values()) {
      const own = Buffer.from(session.token);
      if (own.length === given.length && timingSafeEqual(own, given)) return session;
    }
    return undefined;
  }

  /** Every change of any session of this user, as the /ws frame to send. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  forget(owner: TestChatOwner): void {
    const session = this.sessions.get(keyOf(owner));
    if (!session) return;
    session.dispose();
    this.sessions.delete(keyOf(owner));
  }

  private emit(userId: string, frame: TestChatUpdateFrame): void {
    for (const listener of this.byUser.get(userId) ?? []) {
      try {
        listener(frame);
      } catch {
        // A broken socket's listener must not stop the others.
      }
    }
  }
}
