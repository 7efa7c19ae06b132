/**
 * Market price fan-out: N browsers-like SSE viewers on GET /api/market/stream of one app, fed by the
 * app's one upstream subscription. Injects batches of ticks at a steady rate and prints, for 1, 100
 * and 1000 viewers, the SSE messages delivered per second and each viewer's delivery latency
 * (median, p99) with its ratio to the single-viewer case.
 *
 *   npx tsx --conditions=source bench/market-fanout.ts
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';
import { percentile } from './support/postgres.ts';

const VIEWER_COUNTS = [1, 100, 1000];
const BATCHES = 50;
const BATCH_INTERVAL_MS = 20;
/** Our batches carry BTC bids below this (the simulated feed's own are ~67 000), tagging a sequence number. */
const MARK = 10_000;

async function run() {
  const t = await buildTestApp({ MARKET_STREAM_MAX_PER_IP: 100_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const results: Array<{ viewers: number; perSecond: number; median: number; p99: number }> = [];

  for (const viewers of VIEWER_COUNTS) {
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let delivered = 0;
    const closers: Array<() => void> = [];
    await Promise.all(
      Array.from(
        { length: viewers },
        () =>
          new Promise<void>((resolve, reject) => {
            const req = request({ host: '127.0.0.1', port, path: '/api/market/stream', agent }, (res) => {
              if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
              res.setEncoding('utf8');
              let buffer = '';
              res.on('data', (chunk: string) => {
                buffer += chunk;
                let end = buffer.indexOf('\n\n');
                while (end >= 0) {
                  const frame = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  end = buffer.indexOf('\n\n');
                  if (frame.startsWith('retry:')) resolve();
                  if (!frame.startsWith('event: quotes')) continue;
                  const match = /"pair":"BTC\/USD","bid":(\d+)/.exec(frame);
                  const bid = Number(match?.[1]);
                  if (!(bid < MARK)) continue;
                  const sent = sentAt.get(bid);
                  if (sent === undefined) continue;
                  delivered += 1;
                  latencies.push(performance.now() - sent);
                }
              });
            });
            req.on('error', reject);
            closers.push(() => req.destroy());
            req.end();
          }),
      ),
    );

    const start = performance.now();
    for (let seq = 1; seq <= BATCHES; seq++) {
      const bid = 1000 + seq;
      sentAt.set(bid, performance.now());
      t.app.market.ticks([{ pair: 'BTC/USD', bid, ask: bid + 1, time: Date.now(), source: 'simulated' }]);
      await new Promise((resolve) => setTimeout(resolve, BATCH_INTERVAL_MS));
    }
    const expected = BATCHES * viewers;
    const deadline = performance.now() + 10_000;
    while (delivered < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const elapsed = (performance.now() - start) / 1000;
    if (delivered < expected) console.warn(`  ${viewers} viewers: only ${delivered}/${expected} messages arrived`);
    results.push({
      viewers,
      perSecond: delivered / elapsed,
      median: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    });
    for (const close of closers) close();
    while (t.app.market.subscribers > 0) await new Promise((r) => setTimeout(r, 5));
  }
  await t.close();
  agent.destroy();

  const base = results[0];
  console.log(`market fan-out: ${BATCHES} batches, ${BATCH_INTERVAL_MS} ms apart, one upstream subscription`);
  for (const r of results) {
    console.log(
      `  ${String(r.viewers).padStart(5)} viewers: ${r.perSecond.toFixed(0).padStart(7)} messages/s delivered; ` +
        `latency median ${r.median.toFixed(2)} ms (×${(r.median / (base?.median ?? 1)).toFixed(1)}), ` +
        `p99 ${r.p99.toFixed(2)} ms (×${(r.p99 / (base?.p99 ?? 1)).toFixed(1)})`,
    );
  }
}

await run();
