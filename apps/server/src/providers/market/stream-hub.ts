import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../../lib/app-error.ts';
import type { MarketData, TMarketEvent } from './market-data.ts';

/** A viewer whose unsent output passes this is too slow to follow the stream and is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CRLF = Buffer.from('\r\n', 'latin1');

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
  /** The connection the stream's frames are written to (see `write`). */
  socket: Socket;
  /** Whether the response is sent in HTTP/1.1 chunks (not to an HTTP/1.0 client). */
  chunked: boolean;
}

/** One SSE frame: `event:` name and the JSON payload on one `data:` line. */
export const sseFrame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Server-Sent Events fan-out: the hub holds one subscription to `MarketData` and writes each change,
 * serialised and encoded once, to every open stream. Viewers are counted per IP and in total, removed
 * when their connection closes, and dropped when they cannot keep up.
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
    const { socket } = res;
    if (!socket) {
      // Closed already, or queued behind another answer on its connection (HTTP pipelining, which
      // browsers do not use): `write` could not reach it in order. EventSource reconnects.
      res.end();
      return;
    }
    const viewer: TViewer = { ip, res, socket, chunked: res.chunkedEncoding };
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

  /**
   * Writes `frame` to every viewer. A frame goes straight to each viewer's socket as one buffer,
   * encoded (and framed as an HTTP/1.1 chunk) once for all of them: written through the response,
   * each viewer would cost four buffered writes, their string encoding and a deferred flush, which
   * at a thousand viewers took the whole of a core. The response has sent its headers (`serve`
   * writes the opening through it first), and its end still writes the last chunk.
   */
  private write(frame: string) {
    const body = Buffer.from(frame, 'utf8');
    const chunk = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`, 'latin1'), body, CRLF]);
    for (const viewer of this.viewers) {
      const { socket } = viewer;
      if (!socket.writable) continue; // closing: it leaves on its 'close'
      if (socket.writableLength > MAX_BUFFERED_BYTES) {
        viewer.res.destroy();
        continue;
      }
      socket.write(viewer.chunked ? chunk : body);
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
