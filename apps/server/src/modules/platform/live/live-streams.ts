import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS, type TLiveTopic } from '@meridian/contracts/live-terms';
import type { TCaller } from '../../../lib/caller.ts';
import {
  rateLimited,
  StreamAdmission,
  sseFrame,
  type TStreamTicket,
  writeEventStreamOpening,
} from '../../../lib/event-stream.ts';
import type { StreamSlots } from '../../../lib/stream-slots.ts';
import type { LiveBus } from './live-bus.ts';

/** A stream whose unsent output passes this cannot keep up and is dropped (it reconnects). */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface TLiveStreamsOptions {
  /** Comment lines this often keep proxies from closing an idle stream; each also re-checks the session. */
  heartbeatMs: number;
  /** What the reader waits before reconnecting (the SSE `retry:` field). */
  retryMs?: number;
  /** Each user's share of open streams (`LIVE_STREAMS_PER_USER`), counted here or over every server. */
  slots: StreamSlots;
  /** Streams this server holds at most. */
  maxStreams?: number;
}

/** Who a bearer token belongs to now, or null once its session or the token itself is no longer good. */
export interface TSessionCheck {
  authenticate(bearer: string): Promise<TCaller | null>;
}

interface TLiveStream {
  ticket: TStreamTicket;
  caller: TCaller;
  bearer: string;
  res: ServerResponse;
  stopListening: () => void;
  expiry: NodeJS.Timeout;
  checking: boolean;
}

/**
 * The open live-update streams of this server (docs/architecture.md, "Live account updates"). A
 * stream listens to its own user's changes on the bus, and only to those: its user is the caller the
 * guard signed in, never a parameter. It ends when its access token expires, when a heartbeat finds
 * its session ended (signed out, revoked, the user deactivated), when the reader leaves or cannot
 * keep up, and when the server closes.
 */
export class LiveStreams {
  private readonly streams = new Set<TLiveStream>();
  private readonly heartbeatMs: number;
  private readonly retryMs: number;
  private readonly admission: StreamAdmission;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly bus: LiveBus,
    private readonly sessions: TSessionCheck,
    options: TLiveStreamsOptions,
  ) {
    this.heartbeatMs = options.heartbeatMs;
    this.retryMs = options.retryMs ?? 3000;
    this.admission = new StreamAdmission(options.slots, options.maxStreams ?? 10_000);
  }

  get size(): number {
    return this.streams.size;
  }

  /** A ticket for one more stream of `userId`; refused (429) past their share or this server's total. */
  async admit(userId: string): Promise<TStreamTicket> {
    if (this.closed) throw rateLimited();
    return this.admission.admit(userId);
  }

  /** Answers `res` (taken over from the framework) with the opening only, and ends it. */
  serveOpening(res: ServerResponse): void {
    this.writeOpening(res);
    res.end();
  }

  /**
   * Serves the admitted stream of `caller` on `res` (taken over from the framework) until it ends;
   * `expiresAtMs` is when the caller's access token expires.
   */
  serve(ticket: TStreamTicket, caller: TCaller, bearer: string, expiresAtMs: number, res: ServerResponse): void {
    if (res.destroyed || this.closed) {
      this.admission.release(ticket);
      res.end();
      return;
    }
    this.writeOpening(res);
    const stream: TLiveStream = {
      ticket,
      caller,
      bearer,
      res,
      stopListening: this.bus.subscribe(caller.id, (topics) => this.send(stream, topics)),
      // Past its token's expiry a stream ends; the reader reconnects with a fresh token.
      expiry: setTimeout(() => res.end(), Math.max(0, expiresAtMs - Date.now())),
      checking: false,
    };
    stream.expiry.unref();
    this.streams.add(stream);
    res.once('close', () => this.remove(stream));
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** Ends every stream and gives back their slots (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const stream of [...this.streams]) stream.res.end();
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    await this.admission.close();
  }

  private writeOpening(res: ServerResponse) {
    writeEventStreamOpening(res, `retry: ${this.retryMs}\n\n${sseFrame(LIVE_EVENTS.ready, {})}`);
  }

  private send(stream: TLiveStream, topics: readonly TLiveTopic[]) {
    this.write(stream, sseFrame(LIVE_EVENTS.change, { topics }));
  }

  private write(stream: TLiveStream, text: string) {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  }

  /** A heartbeat to every stream, and a check of each one's session (cached for a moment: caller-cache.ts). */
  private beat() {
    for (const stream of this.streams) {
      this.write(stream, ': heartbeat\n\n');
      void this.check(stream);
    }
  }

  private async check(stream: TLiveStream) {
    if (stream.checking) return;
    stream.checking = true;
    try {
      const caller = await this.sessions.authenticate(stream.bearer);
      if (!caller || caller.id !== stream.caller.id || caller.sessionId !== stream.caller.sessionId) stream.res.end();
    } catch {
      // The database did not answer: the stream stays, and the next heartbeat asks again.
    } finally {
      stream.checking = false;
    }
  }

  private remove(stream: TLiveStream) {
    if (!this.streams.delete(stream)) return;
    stream.stopListening();
    clearTimeout(stream.expiry);
    this.admission.release(stream.ticket);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}
