/**
 * Market price fan-out: N browser-like SSE viewers on GET /api/market/stream of one app, fed by the
 * app's one upstream subscription. Injects batches of ticks at a steady rate and prints, for 1, 100
 * and 1000 viewers, the SSE messages delivered per second and each viewer's delivery lag (median,
 * p99) from the batch entering the app to its frame reaching the viewer, with its ratio to the
 * single-viewer case; and the CPU the server and the viewers spent meanwhile.
 *
 * The viewers run in a process of their own (bench/support/sse-viewers.ts), over real sockets, so
 * the figure is the server's: parsing a thousand streams in the server's process would put the
 * load generator's own work into every lag.
 *
 *   npx tsx --conditions=source bench/market-fanout.ts
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';
import { percentile } from './support/postgres.ts';
import { startViewers } from './support/sse-viewers.ts';

const VIEWER_COUNTS = [1, 100, 1000];
const BATCHES = 50;
/** Batches sent first and not counted: the first frames also pay for compiling the code they run. */
const WARMUP_BATCHES = 5;
const BATCH_INTERVAL_MS = 20;
/** Our batches carry BTC bids below this (the simulated feed's own are ~67 000), tagging a sequence number. */
const MARK = 10_000;
/** How long the viewers may take, after the last batch, to receive everything. */
const COLLECT_TIMEOUT_MS = 10_000;

export interface TFanout {
  viewers: number;
  /** Counted batches that reached a viewer, over all viewers, and how many should have. */
  delivered: number;
  expected: number;
  /** Delivery lag (ms): a batch entering the app to its frame arriving at one viewer. */
  p50: number;
  p99: number;
  /** Counted messages delivered per second, from the first counted batch to the last arrival. */
  perSecond: number;
  /** CPU time (ms) of the server's process and of the viewers' process, from the first batch to the last arrival. */
  serverCpuMs: number;
  viewersCpuMs: number;
}

/** Wall-clock milliseconds with sub-millisecond precision; the viewers' process reports on the same clock. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fan-out to each number of `viewers` in turn, on one app (PGlite, or DATABASE_URL when set). */
export async function measureFanout({ viewers: counts }: { viewers: number[] }): Promise<TFanout[]> {
  const t = await buildTestApp({ MARKET_STREAM_MAX_PER_IP: 100_000, LOG_LEVEL: 'silent' });
  const results: TFanout[] = [];
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // The app's own subscribers (the stop-out monitor); the viewers add one (the stream hub).
    const others = t.app.market.subscribers;

    for (const count of counts) {
      const viewers = await startViewers(port, count, MARK);
      try {
        const sentAt = new Map<number, number>();
        const send = (bid: number) => {
          const at = now();
          t.app.market.ticks([{ pair: 'BTC/USD', bid, ask: bid + 1, time: Date.now(), source: 'simulated' }]);
          return at;
        };
        const cpuBefore = process.cpuUsage();
        for (let i = 1; i <= WARMUP_BATCHES; i++) {
          send(500 + i);
          await sleep(BATCH_INTERVAL_MS);
        }
        for (let seq = 1; seq <= BATCHES; seq++) {
          const bid = 1000 + seq;
          sentAt.set(bid, send(bid));
          await sleep(BATCH_INTERVAL_MS);
        }
        const arrivals = await viewers.collect((WARMUP_BATCHES + BATCHES) * count, COLLECT_TIMEOUT_MS);
        const cpu = process.cpuUsage(cpuBefore);
        const lags: number[] = [];
        let last = 0;
        arrivals.bids.forEach((bid, i) => {
          const sent = sentAt.get(bid);
          const at = arrivals.times[i];
          if (sent === undefined || at === undefined) return;
          lags.push(at - sent);
          last = Math.max(last, at);
        });
        const first = sentAt.get(1001) ?? 0;
        results.push({
          viewers: count,
          delivered: lags.length,
          expected: BATCHES * count,
          p50: percentile(lags, 50),
          p99: percentile(lags, 99),
          perSecond: lags.length / ((last - first) / 1000),
          serverCpuMs: (cpu.user + cpu.system) / 1000,
          viewersCpuMs: arrivals.cpuMs,
        });
      } finally {
        await viewers.close();
      }
      while (t.app.market.subscribers > others) await sleep(5);
    }
  } finally {
    await t.close();
  }
  return results;
}

async function main() {
  const results = await measureFanout({ viewers: VIEWER_COUNTS });
  const base = results[0];
  console.log(
    `market fan-out: ${BATCHES} batches (after ${WARMUP_BATCHES} not counted), ${BATCH_INTERVAL_MS} ms apart, one upstream subscription; viewers in a process of their own`,
  );
  for (const r of results) {
    if (r.delivered < r.expected)
      console.warn(`  ${r.viewers} viewers: only ${r.delivered}/${r.expected} messages arrived`);
    console.log(
      `  ${String(r.viewers).padStart(5)} viewers: ${r.perSecond.toFixed(0).padStart(7)} messages/s delivered; ` +
        `lag p50 ${r.p50.toFixed(2)} ms (×${(r.p50 / (base?.p50 ?? 1)).toFixed(1)}), ` +
        `p99 ${r.p99.toFixed(2)} ms (×${(r.p99 / (base?.p99 ?? 1)).toFixed(1)}); ` +
        `CPU: server ${r.serverCpuMs.toFixed(0)} ms, viewers ${r.viewersCpuMs.toFixed(0)} ms`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
