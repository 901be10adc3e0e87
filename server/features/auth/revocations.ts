// Sessions the server has just ended (logout, password reset or change, a Google takeover), announced
// to whatever holds a live connection opened with one (the /ws socket), so it closes at once instead
// of acting for a session that no longer exists. On several nodes, every node hears it and closes its own.
/** One session; or all of a person's, but `exceptSessionId` when given (a password change keeps its own). */
export type Revocation = { sessionId: string } | { userId: string; exceptSessionId?: string };

export class SessionRevocations {
  private readonly listeners = new Set<(revocation: Revocation) => void>();

  /** `share`: tells the other nodes of the server (they call `heard`). */
  constructor(private readonly share?: (revocation: Revocation) => void) {}

  /** Calls `listener` for every revocation until the returned function is called. */
  subscribe(listener: (revocation: Revocation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(revocation: Revocation): void {
    this.heard(revocation);
    this.share?.(revocation);
  }

  /** A revocation made here or, on several nodes, on another node. */
  heard(revocation: Revocation): void {
    for (const listener of this.listeners) listener(revocation);
  }
}
