import { MARKET_PAIRS, MARKET_SOURCES, type TPair } from '@meridian/contracts/market';
import { z } from 'zod';
import type { TTick } from './interface.ts';

/**
 * What the servers sharing one feed say to each other over PostgreSQL NOTIFY (shared-feed.ts), as
 * JSON. PostgreSQL refuses a payload of 8000 bytes or more, so a long batch (the history a new
 * leader makes up) goes as several messages, each under `MAX_PAYLOAD_BYTES`.
 */
export type TFeedMessage =
  /** Prices the leader's feed sent, in order (several per pair possible). */
  | { type: 'ticks'; ticks: TTick[] }
  /** The leader's upstream of `pairs` connected or dropped. */
  | { type: 'status'; pairs: TPair[]; connected: boolean }
  /** A server joined: the leader answers with a snapshot. */
  | { type: 'hello' }
  /** What the leader holds, for the server whose connection has the backend process id `to`. */
  | { type: 'snapshot'; to: number; ticks: TTick[]; disconnected: TPair[] };

/** Below PostgreSQL's 8000 bytes, with room to spare. */
export const MAX_PAYLOAD_BYTES = 7900;
/** Messages carry it: a server reads only its own version (during a rolling upgrade the others are ignored, and logged). */
const VERSION = 1;

const ZPrice = z.number().finite();
const ZPair = z.enum(MARKET_PAIRS);
const ZSource = z.enum(MARKET_SOURCES);
/** A tick on the wire: `[pair, bid, ask, time, source]`, and its 24-hour open when known. */
const ZWireTick = z.union([
  z.tuple([ZPair, ZPrice, ZPrice, ZPrice, ZSource]),
  z.tuple([ZPair, ZPrice, ZPrice, ZPrice, ZSource, ZPrice]),
]);
type TWireTick = z.infer<typeof ZWireTick>;

const ZMessage = z.discriminatedUnion('type', [
  z.object({ v: z.literal(VERSION), type: z.literal('ticks'), ticks: z.array(ZWireTick) }),
  z.object({ v: z.literal(VERSION), type: z.literal('status'), pairs: z.array(ZPair), connected: z.boolean() }),
  z.object({ v: z.literal(VERSION), type: z.literal('hello') }),
  z.object({
    v: z.literal(VERSION),
    type: z.literal('snapshot'),
    to: z.number().int(),
    ticks: z.array(ZWireTick),
    disconnected: z.array(ZPair),
  }),
]);

function toWire(tick: TTick): TWireTick {
  const wire: TWireTick = [tick.pair, tick.bid, tick.ask, tick.time, tick.source];
  return tick.open24h === undefined ? wire : [...wire, tick.open24h];
}

function fromWire([pair, bid, ask, time, source, open24h]: TWireTick): TTick {
  return open24h === undefined ? { pair, bid, ask, time, source } : { pair, bid, ask, time, source, open24h };
}

/**
 * The payloads that carry `messages`, in order. Consecutive `ticks` messages travel together (the
 * history a new leader makes up is thousands of small batches); a message with more ticks than one
 * payload holds is split, each part a message of its own with the same other fields.
 */
export function encodeMessages(messages: readonly TFeedMessage[]): string[] {
  const merged: TFeedMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (message.type === 'ticks' && last?.type === 'ticks') for (const tick of message.ticks) last.ticks.push(tick);
    else merged.push(message.type === 'ticks' ? { type: 'ticks', ticks: [...message.ticks] } : message);
  }
  return merged.flatMap(encodeOne);
}

function encodeOne(message: TFeedMessage): string[] {
  if (message.type !== 'ticks' && message.type !== 'snapshot') return [JSON.stringify({ v: VERSION, ...message })];
  // The message with its ticks last and left open, then as many ticks per payload as fit.
  const { ticks, ...rest } = message;
  const head = JSON.stringify({ v: VERSION, ...rest, ticks: [] }).slice(0, -2);
  const payloads: string[] = [];
  let items: string[] = [];
  let bytes = Buffer.byteLength(head) + 2;
  for (const tick of ticks) {
    const item = JSON.stringify(toWire(tick));
    const size = Buffer.byteLength(item) + 1;
    if (items.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`${head}${items.join(',')}]}`);
      items = [];
      bytes = Buffer.byteLength(head) + 2;
    }
    items.push(item);
    bytes += size;
  }
  if (items.length > 0 || payloads.length === 0) payloads.push(`${head}${items.join(',')}]}`);
  return payloads;
}

/** The message in `payload`, or undefined when it is not one this server reads. */
export function decodeMessage(payload: string): TFeedMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = ZMessage.safeParse(json);
  if (!parsed.success) return undefined;
  const { v: _version, ...message } = parsed.data;
  switch (message.type) {
    case 'ticks':
      return { type: 'ticks', ticks: message.ticks.map(fromWire) };
    case 'snapshot':
      return { ...message, ticks: message.ticks.map(fromWire) };
    default:
      return message;
  }
}
