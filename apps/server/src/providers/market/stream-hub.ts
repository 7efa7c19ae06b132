import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../../lib/app-error.ts';
import { LocalStreamSlots, type StreamSlots } from '../../lib/stream-slots.ts';
import type { MarketData, TMarketEvent } from './market-data.ts';

/** A viewer whose unsent output passes this is too slow to follow the stream and is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CRLF = Buffer.from('\r\n', 'latin1');

export interface TStreamHubOptions {
  /** Comment lines sent this often keep proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** What browsers wait before reconnecting (the SSE `retry:` field). */
  retryMs?: number;
  /** Each IP's share of open streams; default: 20 per IP, counted by this server alone. */
  slots?: StreamSlots;
  maxViewers?: number;
}

/** A stream's place, taken by `admit` and given back when the stream closes. */
export interface TStreamTicket {
  ip: string;
  /** Unique in this hub. */
  id: string;
}

interface TViewer {
  ticket: TStreamTicket;
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
 * serialised and encoded once, to every open stream. Streams are admitted against each IP's share
 * (`StreamSlots`, asked only when a stream opens or closes) and the hub's total, removed when their
 * connection closes, and dropped when they cannot keep up.
 */
export class StreamHub {
  private readonly viewers = new Set<TViewer>();
  private readonly slots: StreamSlots;
  private readonly heartbeatMs: number;
  readonly retryMs: number;
  readonly maxViewers: number;
  /** Tickets given and not yet returned: the streams open and those opening. */
  private admitted = 0;
  private lastId = 0;
  private unsubscribe: (() => void) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly market: MarketData,
    options: TStreamHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.retryMs = options.retryMs ?? 3000;
    this.slots = options.slots ?? new LocalStreamSlots(20);
    this.maxViewers = options.maxViewers ?? 10_000;
  }

  get size(): number {
    return this.viewers.size;
  }

  /** The opening of a stream: the reconnect delay and a snapshot of every quote. */
  opening(): string {
    return `retry: ${this.retryMs}\n\n${sseFrame('snapshot', { quotes: this.market.quotes() })}`;
  }

  /**
   * A ticket for one more stream from `ip`, to `serve` it with; refused (429) when the IP holds its
   * share of streams or the hub is full.
   */
  async admit(ip: string): Promise<TStreamTicket> {
    if (this.admitted >= this.maxViewers) throw rateLimited();
    this.admitted++;
    const ticket = { ip, id: String(++this.lastId) };
    if (await this.slots.take(ip, ticket.id)) return ticket;
    this.admitted--;
    throw rateLimited();
  }

  /** Answers `res` (taken over from the framework) with the opening of a stream, then ends it. */
  serveSnapshot(res: ServerResponse): void {
    this.writeOpening(res);
    res.end();
  }

  /**
   * Answers the admitted stream of `ticket` on `res` (taken over from the framework): the opening,
   * then every change until the viewer leaves.
   */
  serve(ticket: TStreamTicket, res: ServerResponse): void {
    if (res.destroyed) {
      // The viewer left while it was being admitted.
      this.release(ticket);
      return;
    }
    this.writeOpening(res);
    this.add(ticket, res);
  }

  /** Ends every stream and gives back their slots (the app is closing). */
  async close(): Promise<void> {
    for (const viewer of [...this.viewers]) viewer.res.end();
    this.stopUpstream();
    await this.slots.close();
  }

  /** The event-stream headers and the opening. */
  private writeOpening(res: ServerResponse) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Tells nginx-like proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write(this.opening());
  }

  /** Adds a stream whose headers and opening were written; it leaves when `res` closes. */
  private add(ticket: TStreamTicket, res: ServerResponse) {
    const { socket } = res;
    if (!socket) {
      // Closed already, or queued behind another answer on its connection (HTTP pipelining, which
      // browsers do not use): `write` could not reach it in order. EventSource reconnects.
      res.end();
      this.release(ticket);
      return;
    }
    const viewer: TViewer = { ticket, res, socket, chunked: res.chunkedEncoding };
    this.viewers.add(viewer);
    res.once('close', () => this.remove(viewer));
    if (!this.unsubscribe) {
      this.unsubscribe = this.market.subscribe((event) => this.broadcast(event));
      this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), this.heartbeatMs);
      this.heartbeat.unref();
    }
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
    this.release(viewer.ticket);
    if (this.viewers.size === 0) this.stopUpstream();
  }

  private release(ticket: TStreamTicket) {
    this.admitted--;
    this.slots.give(ticket.ip, ticket.id);
  }

  private stopUpstream() {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

const rateLimited = () => new AppError('RATE_LIMITED', 'errors.rateLimited');
