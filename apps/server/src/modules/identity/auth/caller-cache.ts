import type { TCaller } from '../../../lib/caller.ts';

/**
 * Who a bearer token belongs to, remembered for a moment so that a burst of requests with the same
 * token (a page load, a polling screen, a script) checks the token and its session once instead of
 * once per request (docs/security.md, "Sessions").
 *
 * It holds only who the caller is (id, role, session), never a balance or anything a money decision
 * reads. An entry lives at most `ttlMs` (never past the token's own expiry): a session revoked, a
 * client deactivated or a role changed on another server instance, or by hand in the database, is
 * refused here once that time has passed. Changes made through this instance forget the user at once
 * (`forgetUser`). `ttlMs` 0 turns the cache off.
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: TCaller; until: number }>();
  private readonly tokensOfUser = new Map<string, Set<string>>();

  constructor(
    private readonly ttlMs: number,
    /** Entries kept at most; the oldest goes first (the map keeps insertion order). */
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): TCaller | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.caller;
    this.delete(token);
    return undefined;
  }

  /** Remembers `caller` for `token` until the cache's lifetime ends or `expiresAtMs`, whichever is first. */
  set(token: string, caller: TCaller, expiresAtMs: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(token, { caller, until: Math.min(this.now() + this.ttlMs, expiresAtMs) });
    const tokens = this.tokensOfUser.get(caller.id) ?? new Set<string>();
    tokens.add(token);
    this.tokensOfUser.set(caller.id, tokens);
  }

  /** Forgets every token of `userId`: their next request is checked against the database again. */
  forgetUser(userId: string): void {
    for (const token of this.tokensOfUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensOfUser.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(token: string): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    const tokens = this.tokensOfUser.get(entry.caller.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.caller.id);
  }
}
