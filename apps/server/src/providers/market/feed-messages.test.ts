import { MARKET_PAIRS } from '@meridian/contracts/market';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessages, MAX_PAYLOAD_BYTES, type TFeedMessage } from './feed-messages.ts';
import type { TTick } from './interface.ts';

const tick = (i: number, open24h?: number): TTick => ({
  pair: MARKET_PAIRS[i % MARKET_PAIRS.length] ?? 'BTC/USD',
  bid: 67_250.12 + i,
  ask: 67_256.12 + i,
  time: 1_750_000_000_000 + i * 15_000,
  source: i % 2 === 0 ? 'simulated' : 'binance',
  ...(open24h === undefined ? {} : { open24h }),
});

describe('the messages of the shared feed', () => {
  it('carry ticks, status, hello and snapshot unchanged (the same numbers, the same times)', () => {
    const messages: TFeedMessage[] = [
      { type: 'ticks', ticks: [tick(0), tick(1, 66_000.5), tick(2)] },
      { type: 'status', pairs: ['BTC/USD', 'ETH/USD'], connected: false },
      { type: 'hello' },
      { type: 'snapshot', to: 4242, ticks: [tick(3, 0.61)], disconnected: ['SOL/USD'] },
    ];
    expect(encodeMessages(messages).map(decodeMessage)).toEqual(messages);
    // A price that does not round-trip through decimal text would differ here.
    const awkward = { ...tick(4), bid: 0.1 + 0.2, ask: 1 / 3 };
    expect(encodeMessages([{ type: 'ticks', ticks: [awkward] }]).map(decodeMessage)).toEqual([
      { type: 'ticks', ticks: [awkward] },
    ]);
  });

  it('send what a feed sends at once in few payloads, each under the NOTIFY limit, in order', () => {
    // A day of history as a first start makes it: 5,760 batches of 10 ticks.
    const batches: TFeedMessage[] = Array.from({ length: 5760 }, (_, b) => ({
      type: 'ticks',
      ticks: Array.from({ length: 10 }, (_, i) => tick(b * 10 + i)),
    }));
    const payloads = encodeMessages([...batches, { type: 'status', pairs: [...MARKET_PAIRS], connected: true }]);
    expect(payloads.every((p) => Buffer.byteLength(p) < MAX_PAYLOAD_BYTES)).toBe(true);
    expect(payloads.length).toBeLessThan(1000);
    const decoded = payloads.map(decodeMessage);
    expect(decoded.at(-1)).toEqual({ type: 'status', pairs: [...MARKET_PAIRS], connected: true });
    const ticks = decoded.flatMap((m) => (m?.type === 'ticks' ? m.ticks : []));
    expect(ticks).toEqual(batches.flatMap((m) => (m.type === 'ticks' ? m.ticks : [])));
  });

  it('refuse what is not a message of this version', () => {
    for (const payload of [
      'not json',
      '{"v":2,"type":"hello"}',
      '{"v":1,"type":"ticks","ticks":[["DOGE/USD",1,2,3,"simulated"]]}',
      '{"v":1,"type":"ticks","ticks":[["BTC/USD",1,2,3,"elsewhere"]]}',
      '{"v":1,"type":"status","pairs":["BTC/USD"]}',
    ]) {
      expect(decodeMessage(payload), payload).toBeUndefined();
    }
  });
});
