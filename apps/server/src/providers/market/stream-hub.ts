import type { ServerResponse } from 'node:http';
import { AppError } from '../../lib/app-error.ts';
import type { MarketData, TMarketEvent } from './market-data.ts';

/** A viewer whose unsent output passes this is too slow to follow the stream and is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface TStreamHubOptions {
  /** Comment lines sent this often keep proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** What browsers wait before reconnecting (the SSE `retry:` field). */
  retryMs?: number;
  maxPerIp?: number;
  maxViewers?: number;
}

interface TViewer {
  ip: string;
  res: ServerResponse;
}

/** One SSE frame: `event:` name and the JSON payload on one `data:` line. */
export const sseFrame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Server-Sent Events fan-out: the hub holds one subscription to `MarketData` and writes each change,
 * serialised once, to every open stream. Viewers are counted per IP and in total, removed when their
 * connection closes, and dropped when they cannot keep up.
 */
export class StreamHub {
  private readonly viewers = new Set<TViewer>();
  private readonly perIp = new Map<string, number>();
  private readonly heartbeatMs: number;
  readonly retryMs: number;
  readonly maxPerIp: number;
  readonly maxViewers: number;
  private unsubscribe: (() => void) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly market: MarketData,
    options: TStreamHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.retryMs = options.retryMs ?? 3000;
    this.maxPerIp = options.maxPerIp ?? 20;
    this.maxViewers = options.maxViewers ?? 10_000;
  }

  get size(): number {
    return this.viewers.size;
  }

  /** Whether `ip` may open one more stream. */
  admits(ip: string): boolean {
    return this.viewers.size < this.maxViewers && (this.perIp.get(ip) ?? 0) < this.maxPerIp;
  }

  /** The opening of a stream: the reconnect delay and a snapshot of every quote. */
  opening(): string {
    return `retry: ${this.retryMs}\n\n${sseFrame('snapshot', { quotes: this.market.quotes() })}`;
  }

  /** Refuses one more stream from `ip` (429) when it holds its share of streams or the hub is full. */
  assertAdmits(ip: string): void {
    if (!this.admits(ip)) throw new AppError('RATE_LIMITED', 'errors.rateLimited', 429);
  }

  /**
   * Answers a stream on `res` (taken over from the framework): the event-stream headers and the
   * opening, then either the end (`once`) or every change until the viewer leaves.
   */
  serve(ip: string, res: ServerResponse, { once }: { once: boolean }): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Tells nginx-like proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write(this.opening());
    if (once) res.end();
    else this.add(ip, res);
  }

  /** Adds a stream whose headers and opening were written; it leaves when `res` closes. */
  add(ip: string, res: ServerResponse) {
    const viewer: TViewer = { ip, res };
    this.viewers.add(viewer);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    res.once('close', () => this.remove(viewer));
    if (!this.unsubscribe) {
      this.unsubscribe = this.market.subscribe((event) => this.broadcast(event));
      this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** Ends every stream (the app is closing). */
  close() {
    for (const viewer of [...this.viewers]) viewer.res.end();
    this.stopUpstream();
  }

  private broadcast(event: TMarketEvent) {
    if (event.quotes.length > 0) this.write(sseFrame('quotes', event));
  }

  private write(frame: string) {
    for (const viewer of this.viewers) {
      if (viewer.res.writableLength > MAX_BUFFERED_BYTES) {
        viewer.res.destroy();
        continue;
      }
      viewer.res.write(frame);
    }
  }

  private remove(viewer: TViewer) {
    if (!this.viewers.delete(viewer)) return;
    const left = (this.perIp.get(viewer.ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(viewer.ip, left);
    else this.perIp.delete(viewer.ip);
    if (this.viewers.size === 0) this.stopUpstream();
  }

  private stopUpstream() {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
