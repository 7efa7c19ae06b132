/**
 * When a sign-in was last used is kept to the minute (`session_families.last_used_at`,
 * docs/security.md, "Sessions"). The database write is itself conditional (only when the stored
 * time is over a minute old), and this throttle keeps a server from even sending it more than once a
 * minute per session, so a busy session costs one statement a minute, not one per request.
 */
export const LAST_USE_INTERVAL_MS = 60_000;

export class LastUseThrottle {
  private readonly sentAt = new Map<string, number>();

  constructor(
    private readonly intervalMs = LAST_USE_INTERVAL_MS,
    /** Sessions remembered at most; the oldest goes first (the map keeps insertion order). */
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a use of `sessionId` should be written now; if so, it is remembered as written. */
  due(sessionId: string): boolean {
    const now = this.now();
    const last = this.sentAt.get(sessionId);
    if (last !== undefined && now - last < this.intervalMs) return false;
    this.sentAt.delete(sessionId);
    if (this.sentAt.size >= this.maxEntries) {
      const oldest = this.sentAt.keys().next().value;
      if (oldest !== undefined) this.sentAt.delete(oldest);
    }
    this.sentAt.set(sessionId, now);
    return true;
  }
}
