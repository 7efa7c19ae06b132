import { LIVE_TOPICS, type TLiveTopic } from '@meridian/contracts/live-terms';
import type { TCommittedChanges } from '../../../db/after-commit.ts';
import type { LiveTransport, TLiveBatch } from './live-transport.ts';

export type TLiveListener = (topics: readonly TLiveTopic[]) => void;

/**
 * The per-user event bus of one server (docs/architecture.md, "Live account updates"). Committed
 * changes are gathered for `coalesceMs` (a burst of postings for one user becomes one event per
 * topic), then delivered to this server's listeners of each user and sent to the other servers
 * through the transport; theirs arrive the same way. Delivering is one map lookup per user.
 */
export class LiveBus {
  private readonly listeners = new Map<string, Set<TLiveListener>>();
  private pending: TLiveBatch = new Map();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly transport: LiveTransport,
    private readonly coalesceMs = 100,
  ) {}

  start(): Promise<void> {
    return this.transport.start(
      (batch) => this.deliver(batch),
      () => this.resync(),
    );
  }

  /** Sends what is still gathered, then closes the transport. */
  async stop(): Promise<void> {
    this.flush();
    await this.transport.stop();
  }

  /** Changes that have committed (`db/after-commit.ts`), to be told after the coalescing delay. */
  publish(changes: TCommittedChanges): void {
    for (const [userId, topics] of changes) {
      let forUser = this.pending.get(userId);
      if (!forUser) {
        forUser = new Set();
        this.pending.set(userId, forUser);
      }
      for (const topic of topics) forUser.add(topic as TLiveTopic);
    }
    if (!this.timer && this.pending.size > 0) {
      this.timer = setTimeout(() => this.flush(), this.coalesceMs);
      this.timer.unref();
    }
  }

  /** Listens to `userId`'s changes, from every server; answers the stop. */
  subscribe(userId: string, listener: TLiveListener): () => void {
    let forUser = this.listeners.get(userId);
    if (!forUser) {
      forUser = new Set();
      this.listeners.set(userId, forUser);
    }
    forUser.add(listener);
    return () => {
      const set = this.listeners.get(userId);
      if (!set?.delete(listener)) return;
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.deliver(batch);
    this.transport.send(batch);
  }

  /**
   * Changes may have been lost on the way between servers: every listener is told that all its
   * topics changed, so each page refetches what the live topics cover (the full refetch signal).
   */
  resync(): void {
    for (const forUser of this.listeners.values()) {
      for (const listener of forUser) listener(LIVE_TOPICS);
    }
  }

  private deliver(batch: TLiveBatch) {
    for (const [userId, topics] of batch) {
      const forUser = this.listeners.get(userId);
      if (!forUser) continue;
      const list = [...topics];
      for (const listener of forUser) listener(list);
    }
  }
}
