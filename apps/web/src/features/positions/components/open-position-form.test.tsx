import { refresh } from '@meridian/contracts/endpoints/auth';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { placeOrder } from '@meridian/contracts/endpoints/orders';
import { getTradingTerms, openPosition } from '@meridian/contracts/endpoints/positions';
import type { TQuote } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeAuth, makeBalance, makeTradingTerms, refuse, renderWithProviders } from '@/test';
import { makePosition } from '../test/fixtures';
import { OpenPositionForm } from './open-position-form';

const QUOTES: TQuote[] = [
  {
    pair: 'ETH/USD',
    bid: 3000.1,
    ask: 3000.3,
    mid: 3000.2,
    changePct: 1.2,
    time: '2026-01-02T10:00:00.000Z',
    stale: false,
    source: 'simulated',
  },
  {
    pair: 'EUR/USD',
    bid: 1.08,
    ask: 1.08002,
    mid: 1.08001,
    changePct: 0,
    time: '2026-01-02T10:00:00.000Z',
    stale: true,
    source: 'simulated',
  },
];

/** The form with the operator's `terms` (no commission unless given). */
function renderForm(onOpened = vi.fn(), onPlaced = vi.fn(), terms = makeTradingTerms()) {
  answer(getTradingTerms, () => terms);
  const rendered = renderWithProviders(
    <OpenPositionForm userId={IDS.client} quotes={QUOTES} onOpened={onOpened} onPlaced={onPlaced} />,
    { session: 'Client', route: '/user' },
  );
  return { ...rendered, onOpened, onPlaced };
}

/** Fills the form with a valid position (the margin is `amount`). */
async function fill(user: ReturnType<typeof renderForm>['user'], amount: string) {
  await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.selectOptions(screen.getByLabelText('Leverage'), '1:5');
  await user.selectOptions(screen.getByLabelText('Expiration'), '4 hours');
}

describe('Open New Position', () => {
  it('offers the 10 pairs, the 4 leverages as 1:n, the 12 durations in words and No expiry, with the balance', async () => {
    answer(getBalance, () => makeBalance({ balance: 750.5 }));
    renderForm();
    await waitFor(() => expect(screen.getByTestId('position-available')).toHaveTextContent('$750.50'));
    const pair = screen.getByLabelText('Trading pair');
    expect(Array.from(pair.querySelectorAll('option:not([disabled])'), (o) => o.textContent)).toHaveLength(10);
    const leverage = screen.getByLabelText('Leverage');
    expect(Array.from(leverage.querySelectorAll('option:not([disabled])'), (o) => o.textContent)).toEqual([
      '1:1',
      '1:2',
      '1:5',
      '1:10',
    ]);
    const expiration = screen.getByLabelText('Expiration');
    const durations = Array.from(expiration.querySelectorAll('option:not([disabled])'), (o) => o.textContent);
    expect(durations).toHaveLength(13);
    expect(durations[0]).toBe('30 minutes');
    expect(durations[11]).toBe('1 year');
    expect(durations[12]).toBe('No expiry');
    expect(expiration.querySelector('option:last-child')).toHaveValue('none');
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('max', '750.5');
  });

  it('shows the chosen pair’s live price with its bid, ask and spread, or that it has none', async () => {
    answer(getBalance, () => makeBalance());
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    expect(screen.getByTestId('position-price')).toHaveTextContent('Market price 3,000.20 · Simulated market data');
    expect(screen.getByTestId('position-quote')).toHaveTextContent('Bid 3,000.10 · Ask 3,000.30 · Spread 0.20');
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'EUR/USD');
    expect(screen.getByTestId('position-price')).toHaveTextContent('No live price for this pair right now');
  });

  it('requires every field before it asks the server', async () => {
    answer(getBalance, () => makeBalance());
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Please select a trading pair')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Amount is required');
    expect(screen.getByText('Please select a leverage')).toBeInTheDocument();
    expect(screen.getByText('Please select an expiration')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses a margin above the balance, or of no cents', async () => {
    answer(getBalance, () => makeBalance({ balance: 100 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await waitFor(() => expect(screen.getByTestId('position-available')).toHaveTextContent('$100.00'));
    await fill(user, '100.01');
    const amount = screen.getByLabelText('Amount (USD)');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Insufficient balance'));
    await user.clear(amount);
    await user.type(amount, '0');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount must be greater than 0'));
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(sent).toHaveLength(0);
  });

  it('opens a Sell with the chosen fields and an Idempotency-Key, then says Position opened!', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({
      message: 'Position opened!',
      position: makePosition({ type: 'sell' }),
    }));
    const { user, onOpened } = renderForm();
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm sell' }));
    expect(await screen.findByText('Position opened!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      asset: 'ETH/USD',
      amount: '25.50',
      leverage: 5,
      expiration: 240,
      type: 'sell',
      userId: IDS.client,
    });
    // JSON, which can say "no expiry" (null) where a form field cannot.
    expect(sent[0]?.request.headers.get('content-type')).toContain('application/json');
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onOpened).toHaveBeenCalledWith(expect.objectContaining({ type: 'sell' }));
    // Ready for the next one: the review is gone, the amount is cleared, the choices stay.
    expect(screen.queryByTestId('position-review')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null);
    expect(screen.getByLabelText('Trading pair')).toHaveValue('ETH/USD');
  });

  it('shows the server’s words for a 503 (no live price)', async () => {
    answer(getBalance, () => makeBalance());
    answer(openPosition, () =>
      refuse(503, { error: 'UPSTREAM_UNAVAILABLE', key: 'errors.priceStale', params: { pair: 'ETH/USD' } }),
    );
    const { user } = renderForm();
    await fill(user, '10');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(screen.getByRole('button', { name: 'Confirm buy' }));
    const words =
      'Live prices for ETH/USD are unavailable right now, so nothing can be traded on it. Try again in a moment.';
    await waitFor(() => expect(screen.getAllByText(words).length).toBeGreaterThan(0));
  });

  it('says "Something went wrong, try again later" for anything else', async () => {
    answer(getBalance, () => makeBalance());
    answer(openPosition, () => refuse(403, { error: 'FORBIDDEN', key: 'errors.forbidden' }));
    // A 403 makes the client refresh its session once and try again, as with any 403.
    answer(refresh, () => makeAuth('Client'));
    const { user } = renderForm();
    await fill(user, '10');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(screen.getByRole('button', { name: 'Confirm buy' }));
    await waitFor(() => expect(screen.getAllByText('Something went wrong, try again later').length).toBeGreaterThan(0));
  });
});

/** The review's figure of `testId`: its value and its note. */
const reviewed = (testId: string) => within(screen.getByTestId('position-review')).getByTestId(testId);

describe('the review before a position opens', () => {
  // 2 January 2026, 10:00 UTC (the tests run with TZ=UTC).
  const NOW = Date.parse('2026-01-02T10:00:00.000Z');

  it('shows the exposure, the price, the stop-out and its distance, the expiry and the most one can lose, and sends nothing', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    const review = await screen.findByRole('region', { name: 'Review your position' });
    expect(within(review).getByRole('heading', { name: 'Review your position' })).toHaveFocus();
    expect(within(review).getByTestId('review-summary')).toHaveTextContent('ETH/USDBuy1:5');
    expect(reviewed('review-margin')).toHaveTextContent('$25.50');
    // $25.50 × 5 = $127.50.
    expect(reviewed('review-exposure')).toHaveTextContent('$127.50');
    expect(reviewed('review-exposure')).toHaveTextContent('Your margin × 5');
    // A buy opens at the ask.
    expect(reviewed('review-price')).toHaveTextContent('3,000.30The ask: a buy opens at the ask and closes at the bid');
    // Ask − bid; sold at once at 3,000.10: −0.20 / 3,000.30 × $127.50 = −$0.0085 → −$0.01.
    expect(reviewed('review-spread')).toHaveTextContent('0.20Ask − bid: closed at once, it would make -$0.01');
    expect(reviewed('review-commission')).toHaveTextContent('No commission');
    expect(reviewed('review-total')).toHaveTextContent('$25.50Margin + commission');
    // A buy at 1:5 from 3,000.30 stops out at ceil(3,000.30 × 4/5) = 2,400.24: 600.06 below it, 20 %.
    expect(reviewed('review-stop-out')).toHaveTextContent('2,400.24600.06 (20%) below the current price');
    // 4 hours from now, in the reader's clock.
    expect(reviewed('review-expires')).toHaveTextContent('Jan 2, 2026, 2:00 PM');
    expect(reviewed('review-expires')).toHaveTextContent('4 hours after it opens, if it opens now');
    expect(reviewed('review-max-loss')).toHaveTextContent('$25.50Your margin, never more');
    // The form waits behind the review; nothing was sent.
    expect(screen.getByLabelText('Amount (USD)')).not.toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('goes Back to the form as it was, on the button that asked for it', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.click(await screen.findByRole('button', { name: 'Back to edit' }));
    expect(screen.queryByTestId('position-review')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sell' })).toHaveFocus());
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(25.5);
    expect(screen.getByLabelText('Trading pair')).toHaveValue('ETH/USD');
    expect(sent).toHaveLength(0);
  });

  it('for a sell with no live price, says the stop-out is set at opening and how far above it will be', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'EUR/USD');
    await user.type(screen.getByLabelText('Amount (USD)'), '40');
    await user.selectOptions(screen.getByLabelText('Leverage'), '1:10');
    await user.selectOptions(screen.getByLabelText('Expiration'), '30 minutes');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await screen.findByTestId('position-review');
    expect(reviewed('review-exposure')).toHaveTextContent('$400.00');
    expect(reviewed('review-price')).toHaveTextContent('No live price for this pair right now');
    expect(reviewed('review-stop-out')).toHaveTextContent('Set when it opens10% above the price it opens at');
    expect(screen.getByRole('button', { name: 'Confirm sell' })).toBeEnabled();
  });

  it('says a buy at 1:1 has no stop-out', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.selectOptions(screen.getByLabelText('Leverage'), '1:1');
    await user.selectOptions(screen.getByLabelText('Expiration'), '1 hour');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByTestId('position-review');
    expect(reviewed('review-exposure')).toHaveTextContent('$10.00');
    expect(reviewed('review-stop-out')).toHaveTextContent('None');
    expect(reviewed('review-stop-out')).toHaveTextContent('only if the price fell to 0');
  });

  it('takes a refused amount back to the form, on the field', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    answer(openPosition, () =>
      refuse(422, {
        error: 'INSUFFICIENT_FUNDS',
        key: 'errors.insufficientBalance',
        fieldKeys: { amount: { key: 'errors.insufficientBalance', params: {} } },
      }),
    );
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm buy' }));
    await waitFor(() => expect(screen.queryByTestId('position-review')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Insufficient balance');
  });
});

/** The take-profit and stop-loss fields, and the words under them (their hint, or their error). */
const takeProfitField = () => screen.getByLabelText('Take-profit (optional)');
const stopLossField = () => screen.getByLabelText('Stop-loss (optional)');

describe('take-profit, stop-loss and no expiry', () => {
  it('offers both levels, optional, with where each goes for a buy and a sell', async () => {
    answer(getBalance, () => makeBalance());
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    expect(takeProfitField()).toHaveAccessibleDescription('Buy: above the market price · Sell: below it');
    expect(stopLossField()).toHaveAccessibleDescription('Buy: below the market price · Sell: above it');
    // ETH/USD is quoted to the cent.
    expect(takeProfitField()).toHaveAttribute('step', '0.01');
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'EUR/USD');
    expect(stopLossField()).toHaveAttribute('step', '0.00001');
  });

  it('refuses more decimals than the pair is quoted in as it is typed, before the side is known', async () => {
    answer(getBalance, () => makeBalance());
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    await user.type(takeProfitField(), '3100.123');
    await waitFor(() =>
      expect(takeProfitField()).toHaveAccessibleDescription('This price has more decimals than the pair is quoted in'),
    );
  });

  it('for a buy, wants the take-profit above the live price and the stop-loss below it, and sends nothing', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await fill(user, '25.50');
    // ETH/USD is at 3,000.20.
    await user.type(takeProfitField(), '2990');
    await user.type(stopLossField(), '3010');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() =>
      expect(takeProfitField()).toHaveAccessibleDescription(
        'For a buy, the take-profit must be above the current price',
      ),
    );
    expect(stopLossField()).toHaveAccessibleDescription('For a buy, the stop-loss must be below the current price');
    expect(takeProfitField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('position-review')).not.toBeInTheDocument();
    // Put right, they are checked again as they are typed: the side is known now.
    await user.clear(stopLossField());
    await user.type(stopLossField(), '2950');
    await waitFor(() =>
      expect(stopLossField()).toHaveAccessibleDescription('Buy: below the market price · Sell: above it'),
    );
    expect(sent).toHaveLength(0);
  });

  it('for a sell, wants the reverse, and a stop-loss nearer the price than the stop-out', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.type(takeProfitField(), '3010');
    await user.type(stopLossField(), '2990');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await waitFor(() =>
      expect(takeProfitField()).toHaveAccessibleDescription(
        'For a sell, the take-profit must be below the current price',
      ),
    );
    expect(stopLossField()).toHaveAccessibleDescription('For a sell, the stop-loss must be above the current price');
    // A sell at 1:5 from 3,000.20 stops out at 3,600.24: a stop-loss beyond it would never be reached.
    await user.clear(stopLossField());
    await user.type(stopLossField(), '3700');
    await waitFor(() =>
      expect(stopLossField()).toHaveAccessibleDescription(
        'The stop-loss must be nearer the current price than the stop-out, which would close the position first',
      ),
    );
  });

  it('reviews the levels with what each would make, and No expiry, then sends them as numbers and null', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({
      message: 'Position opened!',
      position: makePosition({ takeProfit: 3100, stopLoss: 2900, expiration: null, expiresAt: null }),
    }));
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    await user.type(screen.getByLabelText('Amount (USD)'), '25.50');
    await user.selectOptions(screen.getByLabelText('Leverage'), '1:5');
    await user.selectOptions(screen.getByLabelText('Expiration'), 'No expiry');
    await user.type(takeProfitField(), '3100');
    await user.type(stopLossField(), '2900');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByTestId('position-review');
    // From the ask, 3,000.30, with $25.50 at 1:5: (3,100 − 3,000.30) / 3,000.30 × $127.50 = $4.2368 → +$4.24;
    // (2,900 − 3,000.30) / 3,000.30 × $127.50 = −$4.2623 → −$4.26.
    expect(reviewed('review-take-profit')).toHaveTextContent('3,100.00+$4.24 if reached');
    expect(reviewed('review-stop-loss')).toHaveTextContent('2,900.00-$4.26 if reached');
    expect(reviewed('review-expires')).toHaveTextContent('No expiry');
    expect(reviewed('review-expires')).toHaveTextContent('It stays open until it is closed');
    await user.click(screen.getByRole('button', { name: 'Confirm buy' }));
    expect(await screen.findByText('Position opened!')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      asset: 'ETH/USD',
      amount: '25.50',
      leverage: 5,
      expiration: null,
      type: 'buy',
      takeProfit: 3100,
      stopLoss: 2900,
      userId: IDS.client,
    });
  });

  it('says None for a level left empty, and leaves it out', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.type(stopLossField(), '2900.5');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByTestId('position-review');
    expect(reviewed('review-take-profit')).toHaveTextContent('None');
    expect(reviewed('review-stop-loss')).toHaveTextContent('2,900.50');
    await user.click(screen.getByRole('button', { name: 'Confirm buy' }));
    await screen.findByText('Position opened!');
    expect(sent[0]?.body).toMatchObject({ stopLoss: 2900.5, expiration: 240 });
    expect(sent[0]?.body).not.toHaveProperty('takeProfit');
  });

  it('takes a level the server refuses at its own price back to the form, on the field', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    answer(openPosition, () =>
      refuse(422, {
        error: 'VALIDATION',
        key: 'validation.stopLossBuy',
        fieldKeys: { stopLoss: { key: 'validation.stopLossBuy', params: {} } },
      }),
    );
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.type(stopLossField(), '2999');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm buy' }));
    await waitFor(() => expect(screen.queryByTestId('position-review')).not.toBeInTheDocument());
    expect(stopLossField()).toHaveAccessibleDescription('For a buy, the stop-loss must be below the current price');
    await waitFor(() => expect(stopLossField()).toHaveFocus());
  });
});

/** The order a placement answers with (`ZOrder`): a pending ETH/USD buy limit at 2,900.00 unless overridden. */
function placedOrder(overrides: Partial<TOrder> = {}): TOrder {
  return {
    id: IDS.record,
    asset: 'ETH/USD',
    type: 'buy',
    kind: 'limit',
    price: 2900,
    amount: 100,
    commission: 0,
    leverage: 10,
    expiration: 240,
    takeProfit: null,
    stopLoss: null,
    goodUntil: null,
    status: 'pending',
    fillPrice: null,
    positionId: null,
    endedAt: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    userId: IDS.client,
    ...overrides,
  };
}

const orderTypeField = () => screen.getByLabelText('Order type');
const orderPriceField = () => screen.getByLabelText('Order price');

/** Fills a position's fields ($100 at 1:10 for 4 hours on ETH/USD) and makes it a `kind` order at `price`. */
async function fillOrder(user: ReturnType<typeof renderForm>['user'], kind: 'Limit' | 'Stop', price: string) {
  await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
  await user.selectOptions(orderTypeField(), kind);
  await user.type(orderPriceField(), price);
  await user.type(screen.getByLabelText('Amount (USD)'), '100');
  await user.selectOptions(screen.getByLabelText('Leverage'), '1:10');
  await user.selectOptions(screen.getByLabelText('Expiration'), '4 hours');
}

describe('a limit or stop order from the order form', () => {
  // 2 January 2026, 10:00 UTC (the tests run with TZ=UTC); ETH/USD is at 3,000.20.
  const NOW = Date.parse('2026-01-02T10:00:00.000Z');

  it('is Market by default, as before; Limit and Stop ask for a price and until when, and say where each goes', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    expect(orderTypeField()).toHaveValue('market');
    expect(Array.from(orderTypeField().querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Market',
      'Limit',
      'Stop',
    ]);
    expect(orderTypeField()).toHaveAccessibleDescription('Opens now, at the market price');
    expect(screen.queryByLabelText('Order price')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Good until')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    await user.selectOptions(orderTypeField(), 'Limit');
    expect(orderPriceField()).toHaveAccessibleDescription('Buy: below the market price · Sell: above it');
    // In the pair's decimals.
    expect(orderPriceField()).toHaveAttribute('step', '0.01');
    const goodUntil = screen.getByLabelText('Good until');
    expect(goodUntil).toHaveValue('gtc');
    expect(Array.from(goodUntil.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Good till cancelled',
      '1 hour',
      '1 day',
      '1 week',
      '1 month',
    ]);
    // The take-profit and stop-loss go either side of the order's price, not the market's.
    expect(screen.getByLabelText('Take-profit (optional)')).toHaveAccessibleDescription(
      'Buy: above the order price · Sell: below it',
    );
    expect(screen.getByRole('button', { name: 'Buy limit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sell limit' })).toBeVisible();

    await user.selectOptions(orderTypeField(), 'Stop');
    expect(orderPriceField()).toHaveAccessibleDescription('Buy: above the market price · Sell: below it');
    expect(screen.getByRole('button', { name: 'Buy stop' })).toBeVisible();

    // Back to Market: the form is the one it always was.
    await user.selectOptions(orderTypeField(), 'Market');
    expect(screen.queryByLabelText('Order price')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeVisible();
  });

  it('refuses a price on the wrong side of the live price on its field, once the side is known, and sends nothing', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(placeOrder, () => ({ message: 'Order placed', order: placedOrder() }));
    const { user } = renderForm();
    // A buy limit waits for the price to fall: above 3,000.20 it would fill at once.
    await fillOrder(user, 'Limit', '3100');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));
    await waitFor(() =>
      expect(orderPriceField()).toHaveAccessibleDescription(
        'This order opens when the price falls to its level: choose a level below the current price',
      ),
    );
    expect(orderPriceField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('position-review')).not.toBeInTheDocument();
    // Put right, it is checked again as it is typed.
    await user.clear(orderPriceField());
    await user.type(orderPriceField(), '2950');
    await waitFor(() =>
      expect(orderPriceField()).toHaveAccessibleDescription('Buy: below the market price · Sell: above it'),
    );
    // The same price suits a sell stop, which waits for a fall too; a buy stop wants it above.
    await user.selectOptions(orderTypeField(), 'Stop');
    await user.click(screen.getByRole('button', { name: 'Buy stop' }));
    await waitFor(() =>
      expect(orderPriceField()).toHaveAccessibleDescription(
        'This order opens when the price rises to its level: choose a level above the current price',
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('checks the take-profit and stop-loss against the order’s price', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    await fillOrder(user, 'Limit', '2900');
    // Below the live price but above the order's: a fine take-profit for a buy opened at 2,900.00.
    await user.type(screen.getByLabelText('Take-profit (optional)'), '2950');
    // Below the live price, but above the order's: a stop-loss that would close it at once.
    await user.type(screen.getByLabelText('Stop-loss (optional)'), '2950');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Stop-loss (optional)')).toHaveAccessibleDescription(
        'For a buy, the stop-loss must be below the current price',
      ),
    );
    expect(screen.getByLabelText('Take-profit (optional)')).not.toHaveAttribute('aria-invalid');
    // A buy at 1:10 from 2,900.00 stops out at 2,610.00: a stop-loss past it is refused too.
    await user.clear(screen.getByLabelText('Stop-loss (optional)'));
    await user.type(screen.getByLabelText('Stop-loss (optional)'), '2600');
    await waitFor(() =>
      expect(screen.getByLabelText('Stop-loss (optional)')).toHaveAccessibleDescription(
        'The stop-loss must be nearer the current price than the stop-out, which would close the position first',
      ),
    );
    // Moving the order's price moves what its levels are checked against.
    await user.clear(orderPriceField());
    await user.type(orderPriceField(), '2800');
    await waitFor(() => expect(screen.getByLabelText('Take-profit (optional)')).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Stop-loss (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('reviews what is placed, places it with its good-until time and says Order placed, then resets', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(placeOrder, () => ({
      message: 'Order placed',
      order: placedOrder({ takeProfit: 3100, stopLoss: 2800, goodUntil: '2026-01-03T10:00:00.000Z' }),
    }));
    const { user, onPlaced, onOpened } = renderForm();
    await fillOrder(user, 'Limit', '2900');
    await user.selectOptions(screen.getByLabelText('Good until'), '1 day');
    await user.type(screen.getByLabelText('Take-profit (optional)'), '3100');
    await user.type(screen.getByLabelText('Stop-loss (optional)'), '2800');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));

    const review = await screen.findByRole('region', { name: 'Review your order' });
    expect(within(review).getByRole('heading', { name: 'Review your order' })).toHaveFocus();
    expect(within(review).getByTestId('review-summary')).toHaveTextContent('ETH/USDBuy limit1:10');
    expect(within(review).getByTestId('review-order-summary')).toHaveTextContent(
      'Buy limit ETH/USD at 2,900.00, margin $100.00, 1:10, good until Jan 3, 2026, 10:00 AM',
    );
    expect(reviewed('review-exposure')).toHaveTextContent('$1,000.00');
    expect(reviewed('review-price')).toHaveTextContent('2,900.00');
    // A buy order watches the ask.
    expect(reviewed('review-price')).toHaveTextContent(
      'It triggers when the price falls to it: a buy fills on the ask (now 3,000.30)',
    );
    expect(reviewed('review-spread')).toHaveTextContent('0.20Ask − bid now; it may differ when the order fills');
    expect(reviewed('review-commission')).toHaveTextContent('No commission');
    expect(reviewed('review-total')).toHaveTextContent('$100.00');
    // The stop-out of a buy at 1:10 opened at 2,900.00: 10 % below it.
    expect(reviewed('review-stop-out')).toHaveTextContent('2,610.00290.00 (10%) below the order price');
    // What each level would make from 2,900.00: ±(level − 2,900) / 2,900 × $1,000.
    expect(reviewed('review-take-profit')).toHaveTextContent('3,100.00+$68.97 if reached');
    expect(reviewed('review-stop-loss')).toHaveTextContent('2,800.00-$34.48 if reached');
    expect(reviewed('review-expires')).toHaveTextContent('4 hours after it fills');
    expect(reviewed('review-good-until')).toHaveTextContent('Jan 3, 2026, 10:00 AM');
    expect(reviewed('review-good-until')).toHaveTextContent('1 day from when you place it');
    expect(sent).toHaveLength(0);

    await user.click(within(review).getByRole('button', { name: 'Place buy limit' }));
    expect(await screen.findByText('Order placed')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      asset: 'ETH/USD',
      amount: '100',
      leverage: 10,
      expiration: 240,
      type: 'buy',
      takeProfit: 3100,
      stopLoss: 2800,
      kind: 'limit',
      price: 2900,
      goodUntil: '2026-01-03T10:00:00.000Z',
    });
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ kind: 'limit', price: 2900 }));
    expect(onOpened).not.toHaveBeenCalled();
    // Ready for the next one: the review is gone, the amount and the price are cleared, the choices stay.
    expect(screen.queryByTestId('position-review')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null);
    expect(orderPriceField()).toHaveValue(null);
    expect(orderTypeField()).toHaveValue('limit');
    expect(screen.getByLabelText('Trading pair')).toHaveValue('ETH/USD');
  });

  it('places a sell stop good till cancelled (null), with no levels', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(placeOrder, () => ({
      message: 'Order placed',
      order: placedOrder({ type: 'sell', kind: 'stop', price: 2950.5 }),
    }));
    const { user } = renderForm();
    await fillOrder(user, 'Stop', '2950.5');
    await user.click(screen.getByRole('button', { name: 'Sell stop' }));
    const review = await screen.findByRole('region', { name: 'Review your order' });
    expect(within(review).getByTestId('review-order-summary')).toHaveTextContent(
      'Sell stop ETH/USD at 2,950.50, margin $100.00, 1:10, good till cancelled',
    );
    expect(reviewed('review-good-until')).toHaveTextContent('Good till cancelledIt waits until you cancel it');
    await user.click(within(review).getByRole('button', { name: 'Place sell stop' }));
    await screen.findByText('Order placed');
    expect(sent[0]?.body).toMatchObject({ type: 'sell', kind: 'stop', price: 2950.5, goodUntil: null });
    expect(sent[0]?.body).not.toHaveProperty('takeProfit');
  });

  it('takes a price the server refuses at its own price back to the form, on the field', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    answer(placeOrder, () =>
      refuse(422, {
        error: 'VALIDATION',
        key: 'validation.orderPriceBelowMarket',
        fieldKeys: { price: { key: 'validation.orderPriceBelowMarket', params: {} } },
      }),
    );
    const { user } = renderForm();
    await fillOrder(user, 'Limit', '2999');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));
    await user.click(await screen.findByRole('button', { name: 'Place buy limit' }));
    await waitFor(() => expect(screen.queryByTestId('position-review')).not.toBeInTheDocument());
    expect(orderPriceField()).toHaveAccessibleDescription(
      'This order opens when the price falls to its level: choose a level below the current price',
    );
    await waitFor(() => expect(orderPriceField()).toHaveFocus());
  });

  it('keeps a refusal with no field on the review, and says the limit of pending orders', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    answer(placeOrder, () => refuse(422, { error: 'VALIDATION', key: 'validation.orderLimit', params: { max: 50 } }));
    const { user } = renderForm();
    await fillOrder(user, 'Limit', '2900');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));
    await user.click(await screen.findByRole('button', { name: 'Place buy limit' }));
    const words = 'You can have at most 50 pending orders; cancel one first';
    await waitFor(() => expect(within(screen.getByTestId('position-review')).getByText(words)).toBeVisible());
  });
});

describe('bid, ask and commission in the order form', () => {
  // ETH/USD: bid 3,000.10, ask 3,000.30.

  it('opens a buy at the ask and, after Back, a sell at the bid, with its stop-out from there', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByTestId('review-price')).toHaveTextContent('3,000.30');
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await screen.findByTestId('position-review');
    expect(reviewed('review-price')).toHaveTextContent(
      '3,000.10The bid: a sell opens at the bid and closes at the ask',
    );
    // Bought back at once at 3,000.30: −0.20 / 3,000.10 × $127.50 = −$0.0085 → −$0.01.
    expect(reviewed('review-spread')).toHaveTextContent('0.20Ask − bid: closed at once, it would make -$0.01');
    // A sell at 1:5 from 3,000.10 stops out at floor(3,000.10 × 6/5) = 3,600.12: 600.02 above it, 20 %.
    expect(reviewed('review-stop-out')).toHaveTextContent('3,600.12600.02 (20%) above the current price');
  });

  it('checks the take-profit and stop-loss against the side a close takes: a buy’s bid, a sell’s ask', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    await fill(user, '25.50');
    // 3,000.20 is above a buy's bid (3,000.10): a take-profit there is fine, a stop-loss is not.
    await user.type(takeProfitField(), '3000.20');
    await user.type(stopLossField(), '3000.20');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() =>
      expect(stopLossField()).toHaveAccessibleDescription('For a buy, the stop-loss must be below the current price'),
    );
    expect(takeProfitField()).not.toHaveAttribute('aria-invalid');
    // For a sell it is below the ask (3,000.30): the take-profit is fine there, and the stop-loss must be above the ask.
    await user.clear(takeProfitField());
    await user.clear(stopLossField());
    await user.type(takeProfitField(), '3000.20');
    await user.type(stopLossField(), '3000.25');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await waitFor(() =>
      expect(stopLossField()).toHaveAccessibleDescription('For a sell, the stop-loss must be above the current price'),
    );
    expect(takeProfitField()).not.toHaveAttribute('aria-invalid');
  });

  it('checks an order’s price against the side it fills on: a buy’s ask, a sell’s bid', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm();
    // 3,000.25 is below the ask: a buy limit waits for the ask to fall to it.
    await fillOrder(user, 'Limit', '3000.25');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));
    expect(await screen.findByTestId('position-review')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    // 3,000.15 is above the bid: a sell stop, which waits for the bid to fall to it, would fill at once.
    await user.selectOptions(orderTypeField(), 'Stop');
    await user.clear(orderPriceField());
    await user.type(orderPriceField(), '3000.15');
    await user.click(screen.getByRole('button', { name: 'Sell stop' }));
    await waitFor(() =>
      expect(orderPriceField()).toHaveAccessibleDescription(
        'This order opens when the price falls to its level: choose a level below the current price',
      ),
    );
  });

  it('shows the operator’s commission and what leaves the balance, and sends the position as before', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm(vi.fn(), vi.fn(), makeTradingTerms({ 'ETH/USD': 10 }));
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByTestId('position-review');
    // 10 bp of $127.50 = $0.1275 → $0.13.
    expect(reviewed('review-commission')).toHaveTextContent('$0.130.1% of the exposure, charged once when it opens');
    expect(reviewed('review-total')).toHaveTextContent('$25.63Margin + commission');
    expect(reviewed('review-max-loss')).toHaveTextContent('$25.63Your margin and the commission, never more');
    await user.click(screen.getByRole('button', { name: 'Confirm buy' }));
    expect(await screen.findByText('Position opened!')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ asset: 'ETH/USD', amount: '25.50', leverage: 5, type: 'buy' });
  });

  it('refuses a margin the balance covers but not with its commission', async () => {
    answer(getBalance, () => makeBalance({ balance: 25.6 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm(vi.fn(), vi.fn(), makeTradingTerms({ 'ETH/USD': 10 }));
    await waitFor(() => expect(screen.getByTestId('position-available')).toHaveTextContent('$25.60'));
    // $25.50 + $0.13 is more than $25.60: said as soon as the leverage is known.
    await fill(user, '25.50');
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Insufficient balance'),
    );
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByTestId('position-review')).not.toBeInTheDocument();
    // At 1:1 the commission is $0.03: it fits.
    await user.selectOptions(screen.getByLabelText('Leverage'), '1:1');
    await waitFor(() => expect(screen.getByLabelText('Amount (USD)')).not.toHaveAttribute('aria-invalid'));
    expect(sent).toHaveLength(0);
  });

  it('holds an order’s commission with its margin', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const { user } = renderForm(vi.fn(), vi.fn(), makeTradingTerms({ 'ETH/USD': 100 }));
    await fillOrder(user, 'Limit', '2900');
    await user.click(screen.getByRole('button', { name: 'Buy limit' }));
    await screen.findByTestId('position-review');
    // 1 % of $1,000.00 of exposure.
    expect(reviewed('review-commission')).toHaveTextContent(
      '$10.001% of the exposure, held with the margin and charged when it fills',
    );
    expect(within(screen.getByTestId('position-review')).getByText('Held from your balance')).toBeInTheDocument();
    expect(reviewed('review-total')).toHaveTextContent('$110.00');
  });

  it('waits for the commission before Confirm, and asks again on Try again', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    // The terms cannot be had (as the form shows, and again as the review does) until `failing` ends.
    let failing = true;
    answer(getTradingTerms, () =>
      failing ? refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }) : makeTradingTerms(),
    );
    const { user } = renderWithProviders(<OpenPositionForm userId={IDS.client} quotes={QUOTES} />, {
      session: 'Client',
      route: '/user',
    });
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(reviewed('review-commission')).toHaveTextContent('Could not be loaded'));
    expect(screen.getByRole('button', { name: 'Confirm buy' })).toBeDisabled();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reviewed('review-commission')).toHaveTextContent('No commission'));
    expect(screen.getByRole('button', { name: 'Confirm buy' })).toBeEnabled();
  });
});
