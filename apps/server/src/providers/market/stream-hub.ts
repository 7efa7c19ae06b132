import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { StreamAdmission, sseFrame, type TStreamTicket, writeEventStreamOpening } from '../../lib/event-stream.ts';
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

interface TViewer {
  ticket: TStreamTicket;
  res: ServerResponse;
  /** The connection the stream's frames are written to (see `write`). */
  socket: Socket;
  /** Whether the response is sent in HTTP/1.1 chunks (not to an HTTP/1.0 client). */
  chunked: boolean;
}

/**
 * Server-Sent Events fan-out: the hub holds one subscription to `MarketData` and writes each change,
 * serialised and encoded once, to every open stream. Streams are admitted against each IP's share
 * (`StreamSlots`, asked only when a stream opens or closes) and the hub's total, removed when their
 * connection closes, and dropped when they cannot keep up.
 */
export class StreamHub {
  private readonly viewers = new Set<TViewer>();
  private readonly admission: StreamAdmission;
  private readonly heartbeatMs: number;
  readonly retryMs: number;
  private unsubscribe: (() => void) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly market: MarketData,
    options: TStreamHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.retryMs = options.retryMs ?? 3000;
    this.admission = new StreamAdmission(options.slots ?? new LocalStreamSlots(20), options.maxViewers ?? 10_000);
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
  admit(ip: string): Promise<TStreamTicket> {
    return this.admission.admit(ip);
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
      this.admission.release(ticket);
      return;
    }
    this.writeOpening(res);
    this.add(ticket, res);
  }

  /** Ends every stream and gives back their slots (the app is closing). */
  async close(): Promise<void> {
    for (const viewer of [...this.viewers]) viewer.res.end();
    this.stopUpstream();
    await this.admission.close();
  }

  private writeOpening(res: ServerResponse) {
    writeEventStreamOpening(res, this.opening());
  }

  /** Adds a stream whose headers and opening were written; it leaves when `res` closes. */
  private add(ticket: TStreamTicket, res: ServerResponse) {
    const { socket } = res;
    if (!socket) {
      // Closed already, or queued behind another answer on its connection (HTTP pipelining, which
      // browsers do not use): `write` could not reach it in order. EventSource reconnects.
      res.end();
      this.admission.release(ticket);
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
    this.admission.release(viewer.ticket);
    if (this.viewers.size === 0) this.stopUpstream();
  }

  private stopUpstream() {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
