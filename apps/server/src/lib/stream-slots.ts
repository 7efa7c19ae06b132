/**
 * The share of long-lived streams each IP may hold open (MARKET_STREAM_MAX_PER_IP): a stream takes
 * a slot before it opens and gives it back when it closes. Counted by this server alone
 * (`LocalStreamSlots`) or by every server sharing a Redis (`RedisStreamSlots`).
 */
export interface StreamSlots {
  /** Takes one of `ip`'s slots for stream `id` (unique in this process); false when all are taken. Never rejects. */
  take(ip: string, id: string): Promise<boolean>;
  /** Gives back the slot of stream `id`, which has closed. */
  give(ip: string, id: string): void;
  /** Gives back every slot still held (the server is closing). */
  close(): Promise<void>;
}

/** The streams this server holds open, by IP: each server counts alone. */
export class LocalStreamSlots implements StreamSlots {
  private readonly perIp = new Map<string, Set<string>>();

  constructor(readonly maxPerIp: number) {}

  async take(ip: string, id: string): Promise<boolean> {
    return this.tryTake(ip, id);
  }

  /** `take`, answered at once. */
  tryTake(ip: string, id: string): boolean {
    if (this.held(ip) >= this.maxPerIp) return false;
    this.add(ip, id);
    return true;
  }

  /** Counts stream `id` against `ip` even past the cap (the shared count admitted it). */
  add(ip: string, id: string) {
    const ids = this.perIp.get(ip);
    if (ids) ids.add(id);
    else this.perIp.set(ip, new Set([id]));
  }

  /** Gives the slot back: false when `id` held none. */
  give(ip: string, id: string): boolean {
    const ids = this.perIp.get(ip);
    if (!ids?.delete(id)) return false;
    if (ids.size === 0) this.perIp.delete(ip);
    return true;
  }

  /** How many streams `ip` holds open on this server. */
  held(ip: string): number {
    return this.perIp.get(ip)?.size ?? 0;
  }

  /** Every stream held, by IP. */
  entries(): IterableIterator<[string, ReadonlySet<string>]> {
    return this.perIp.entries();
  }

  get size(): number {
    return this.perIp.size;
  }

  async close(): Promise<void> {
    this.perIp.clear();
  }
}
