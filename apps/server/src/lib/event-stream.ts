import type { ServerResponse } from 'node:http';
import { AppError } from './app-error.ts';
import type { StreamSlots } from './stream-slots.ts';

/** One SSE frame: `event:` name and the JSON payload on one `data:` line. */
export const sseFrame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Answers `res` (taken over from the framework) as an event stream: its headers, then `opening`. */
export function writeEventStreamOpening(res: ServerResponse, opening: string): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Tells nginx-like proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write(opening);
}

/** A stream's place, taken by `admit` and given back by `release` when the stream closes. */
export interface TStreamTicket {
  /** Whose share of streams it counts against (an IP, a user). */
  owner: string;
  /** Unique in its `StreamAdmission`. */
  id: string;
}

/**
 * Admits long-lived streams against each owner's share (`StreamSlots`, asked only when a stream opens
 * or closes) and a total for this server.
 */
export class StreamAdmission {
  /** Tickets given and not yet returned: the streams open and those opening. */
  private admitted = 0;
  private lastId = 0;

  constructor(
    private readonly slots: StreamSlots,
    readonly maxStreams: number,
  ) {}

  /** A ticket for one more stream of `owner`; refused (429) past their share or this server's total. */
  async admit(owner: string): Promise<TStreamTicket> {
    if (this.admitted >= this.maxStreams) throw rateLimited();
    this.admitted++;
    const ticket = { owner, id: String(++this.lastId) };
    if (await this.slots.take(owner, ticket.id)) return ticket;
    this.admitted--;
    throw rateLimited();
  }

  release(ticket: TStreamTicket): void {
    this.admitted--;
    this.slots.give(ticket.owner, ticket.id);
  }

  /** Gives back every slot still held (the server is closing). */
  close(): Promise<void> {
    return this.slots.close();
  }
}

export const rateLimited = () => new AppError('RATE_LIMITED', 'errors.rateLimited');
