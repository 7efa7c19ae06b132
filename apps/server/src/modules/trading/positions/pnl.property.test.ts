import { MARKET_PAIRS, PAIR_DECIMALS, type TPair } from '@meridian/contracts/market';
import { LEVERAGES, POSITION_TYPES, type TPositionType } from '@meridian/contracts/position-terms';
import type { TPositionAnswer } from '@meridian/contracts/positions';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { entriesOf } from '../../../../test/helpers/ledger-trail.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { positionRow } from '../../../../test/helpers/position-fixtures.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';

/**
 * A position's money as a property (docs/money.md, "Bid and ask"): for any pair, side, leverage,
 * margin, commission rate and pair of quotes (each with its own spread), opening and closing through
 * the API moves the client's money by exactly what a reference computation in decimal arithmetic
 * says, to the cent: the commission (rate × margin × leverage, half up) when it opens, and the result
 * ((exit − entry) / entry × margin × leverage for a buy, the reverse for a sell, half away from zero,
 * never below −margin) when it closes, where a buy opens at the ask and closes at the bid and a sell
 * the reverse. A close price past the stop-out is reached by the exit monitor first, at the same
 * price: the money is the same.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const RUNS = onPostgres ? 40 : 60;

/** A different rate on each pair, from none to the most allowed. */
const RATES: Record<TPair, number> = {
  'BTC/USD': 10,
  'ETH/USD': 0,
  'BNB/USD': 1,
  'SOL/USD': 25,
  'XRP/USD': 100,
  'EUR/USD': 2,
  'USD/JPY': 7,
  'GBP/USD': 3,
  'USD/CHF': 0,
  'AUD/USD': 50,
};
/** Roughly where each pair trades, in dollars. */
const LEVELS: Record<TPair, number> = {
  'BTC/USD': 67_250,
  'ETH/USD': 3_480,
  'BNB/USD': 595,
  'SOL/USD': 165,
  'XRP/USD': 0.62,
  'EUR/USD': 1.085,
  'USD/JPY': 151.5,
  'GBP/USD': 1.27,
  'USD/CHF': 0.9,
  'AUD/USD': 0.66,
};

const { t, app } = await buildSignedInApp(['Admin'], {
  MARKET_TICK_MS: 0,
  JOBS_INTERVAL_MS: 86_400_000,
  COMMISSION_BPS: RATES,
});
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

/** A quote in the pair's smallest units: its bid and the spread above it. */
interface TUnitsQuote {
  bid: bigint;
  spread: bigint;
}

const priceOf = (pair: TPair, units: bigint) => Number(units) / 10 ** PAIR_DECIMALS[pair];

/** The reference: what the client pays to open, and what the close adds to their money, in cents. */
function reference(terms: {
  pair: TPair;
  type: TPositionType;
  leverage: number;
  marginCents: bigint;
  open: TUnitsQuote;
  close: TUnitsQuote;
}): { commission: bigint; pnl: bigint; entry: bigint; exit: bigint } {
  const ask = (q: TUnitsQuote) => q.bid + q.spread;
  const buy = terms.type === 'buy';
  const entry = buy ? ask(terms.open) : terms.open.bid;
  const exit = buy ? terms.close.bid : ask(terms.close);
  const margin = new Decimal(terms.marginCents.toString());
  const move = new Decimal((exit - entry).toString()).div(entry.toString()).times(buy ? 1 : -1);
  const raw = move.times(margin).times(terms.leverage).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const pnl = Decimal.max(raw, margin.neg());
  const commission = margin
    .times(terms.leverage)
    .times(RATES[terms.pair])
    .div(10_000)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return { commission: BigInt(commission.toFixed(0)), pnl: BigInt(pnl.toFixed(0)), entry, exit };
}

/** A quote near the pair's level: the bid within ±20 %, a spread up to 0.2 % of it (at least none). */
const quoteNear = (centre: bigint) =>
  fc
    .record({
      bidPermille: fc.integer({ min: -200, max: 200 }),
      spreadPer100k: fc.integer({ min: 0, max: 200 }),
    })
    .map(({ bidPermille, spreadPer100k }) => {
      const bid = (centre * BigInt(1000 + bidPermille)) / 1000n;
      return { bid, spread: (bid * BigInt(spreadPer100k)) / 100_000n };
    });

const trade = fc
  .record({
    pair: fc.constantFrom(...MARKET_PAIRS),
    type: fc.constantFrom(...POSITION_TYPES),
    leverage: fc.constantFrom(...LEVERAGES),
    marginCents: fc.bigInt({ min: 1n, max: 500_000n }),
  })
  .chain((terms) => {
    const centre = BigInt(Math.round(LEVELS[terms.pair] * 10 ** PAIR_DECIMALS[terms.pair]));
    return fc.record({
      ...Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, fc.constant(v)])),
      open: quoteNear(centre),
      close: quoteNear(centre),
    }) as fc.Arbitrary<typeof terms & { open: TUnitsQuote; close: TUnitsQuote }>;
  });

function quote(pair: TPair, q: TUnitsQuote): void {
  app.market.ticks([
    { pair, bid: priceOf(pair, q.bid), ask: priceOf(pair, q.bid + q.spread), time: Date.now(), source: 'simulated' },
  ]);
}

it('opens and closes for exactly the reference’s commission and result, to the cent', async () => {
  await fc.assert(
    fc.asyncProperty(trade, async (terms) => {
      const expected = reference(terms);
      const funds = 6_000n * 100n;
      const client = await fundedClient(app, Number(funds / 100n));
      quote(terms.pair, terms.open);
      const res = await app.inject({
        method: 'POST',
        url: '/api/position',
        headers: client.headers,
        payload: {
          userId: client.id,
          asset: terms.pair,
          type: terms.type,
          leverage: terms.leverage,
          amount: (Number(terms.marginCents) / 100).toFixed(2),
          expiration: null,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { position } = res.json<TPositionAnswer>();
      expect(position.entryPrice).toBe(priceOf(terms.pair, expected.entry));
      expect(await entriesOf(app, position.id, 'commissions')).toBe(expected.commission);
      expect(await balancesOf(app.db, client.id)).toMatchObject({
        balance: funds - terms.marginCents - expected.commission,
        trading: terms.marginCents,
      });

      quote(terms.pair, terms.close);
      // Past the stop-out the exit monitor closes it on that tick; otherwise the client does.
      await app.exits.settled();
      const closing = await app.inject({
        method: 'POST',
        url: `/api/position/${position.id}/close`,
        headers: client.headers,
      });
      expect([200, 409], closing.body).toContain(closing.statusCode);
      const row = await positionRow(app, position.id);
      expect(row).toMatchObject({ status: 'closed', exitPrice: priceOf(terms.pair, expected.exit), pnl: expected.pnl });
      const after = await balancesOf(app.db, client.id);
      expect(after.trading).toBe(0n);
      expect(after.balance + after.profit).toBe(funds - expected.commission + expected.pnl);
      expect(after.profit).toBe(expected.pnl > 0n ? expected.pnl : 0n);
    }),
    { numRuns: RUNS },
  );
});
