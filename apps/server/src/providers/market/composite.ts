import type { TPair } from '@meridian/contracts/market';
import type { MarketFeed, TMarketSink, TResumePoint } from './interface.ts';

/**
 * Several feeds as one, each serving its own pairs (Binance for the crypto pairs, the simulated walk
 * for the forex pairs). A pair served by two feeds is refused: one price per pair.
 */
export class CompositeFeed implements MarketFeed {
  readonly pairs: readonly TPair[];

  constructor(private readonly feeds: readonly MarketFeed[]) {
    const all = feeds.flatMap((f) => f.pairs);
    const duplicate = all.find((pair, i) => all.indexOf(pair) !== i);
    if (duplicate) throw new Error(`market: ${duplicate} is served by two feeds`);
    this.pairs = all;
  }

  start(sink: TMarketSink, resume?: ReadonlyMap<TPair, TResumePoint>) {
    for (const feed of this.feeds) feed.start(sink, resume);
  }

  async stop() {
    await Promise.all(this.feeds.map((f) => f.stop()));
  }
}
