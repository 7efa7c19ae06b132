import { getHealth } from '@meridian/contracts/endpoints/health';
import { getDueTrades, getPendingTrades, processDueTrades, rejectTrade } from '@meridian/contracts/endpoints/payouts';
import type { THealth, TJobStatus } from '@meridian/contracts/health';
import { messageText } from '@meridian/contracts/messages';
import type { TPayout } from '@meridian/contracts/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { PayoutListPage } from './payout-pages';

const HOUR = 60 * 60 * 1000;

function makePayout(overrides: Partial<TPayout> = {}): TPayout {
  return {
    id: '77777777-7777-4777-8777-7777abcd1234',
    investmentId: IDS.record,
    userId: IDS.client,
    sequence: 3,
    count: 7,
    amount: 28.57,
    createdAt: new Date(Date.now() - 72 * HOUR).toISOString(),
    dueDate: new Date(Date.now() + HOUR).toISOString(),
    status: 'Pending',
    processed: false,
    processedAt: null,
    reason: null,
    planName: 'Basic Plan',
    user: { id: IDS.client, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    ...overrides,
  };
}

const page = (trades: TPayout[]) => ({ trades, total: trades.length, totalPage: 1 });

/** GET /api/health of a ready server with these scheduled jobs. */
const health = (jobs: TJobStatus[]): THealth => ({
  status: 'ok',
  db: 'pglite',
  checks: {
    database: { status: 'ok', latencyMs: 1 },
    redis: null,
    jobs: { status: 'ok', started: true, lagging: [], failing: [] },
    feed: { status: 'ok', lastTickAgeMs: 500, stalePairs: [], role: 'single', connected: true },
    mail: { status: 'ok', transport: 'outbox', queued: 0, failed: 0, lastError: null },
  },
  jobs,
});

describe('Trade Log', () => {
  it('lists pending payouts with their count, and marks an overdue one in words', async () => {
    const overdue = makePayout({
      id: '88888888-8888-4888-8888-88888888ffff',
      dueDate: new Date(Date.now() - HOUR).toISOString(),
    });
    answer(getPendingTrades, () => page([makePayout(), overdue]));
    renderWithProviders(<PayoutListPage list="pending" />, { session: 'Admin', route: '/admin/trades' });
    expect(await screen.findByTestId('trade-count')).toHaveTextContent('2');
    const [upcoming, late] = screen.getAllByTestId('trade');
    expect(upcoming).toHaveTextContent('#abcd1234');
    expect(upcoming).toHaveTextContent('Ada Lovelace');
    expect(upcoming).toHaveTextContent('Payout 3 of 7');
    expect(upcoming).toHaveTextContent('$28.57');
    expect(upcoming).not.toHaveTextContent('Overdue');
    expect(late).toHaveTextContent('Overdue');
    expect(screen.getByRole('link', { name: 'Due' })).toHaveAttribute('href', '/admin/trades/due');
    expect(screen.getByRole('link', { name: 'Rejected' })).toHaveAttribute('href', '/admin/trades/rejected');
  });

  it('says when nothing is pending', async () => {
    answer(getPendingTrades, () => page([]));
    renderWithProviders(<PayoutListPage list="pending" />, { session: 'Admin', route: '/admin/trades' });
    expect(await screen.findByText('No pending trades found')).toBeInTheDocument();
    expect(screen.getByTestId('trade-count')).toHaveTextContent('0');
  });

  it('rejects a payout only with a reason, and says so', async () => {
    const trade = makePayout();
    answer(getPendingTrades, () => page([trade]));
    const sent = answer(rejectTrade, ({ body }) => ({
      message: messageText('investments.tradeRejected'),
      trade: { ...trade, status: 'Rejected' as const, reason: body.reason },
    }));
    const { user } = renderWithProviders(<PayoutListPage list="pending" />, {
      session: 'Admin',
      route: '/admin/trades',
    });
    const row = await screen.findByTestId('trade');
    await user.click(within(row).getByTestId('trade-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject trade #abcd1234' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject trade' }));
    const reason = within(dialog).getByLabelText('Reason for rejection');
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Please provide a reason for rejection'));
    expect(sent).toHaveLength(0);
    await user.type(reason, 'Market closed early');
    await user.click(within(dialog).getByRole('button', { name: 'Reject trade' }));
    expect(await within(dialog).findByText('Trade rejected successfully')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: trade.id }, body: { reason: 'Market closed early' } },
    ]);
  });

  it('shows the server’s reason when a reject is refused', async () => {
    const trade = makePayout();
    answer(getPendingTrades, () => page([trade]));
    answer(rejectTrade, () => refuse(409, { error: 'CONFLICT', key: 'errors.tradeNotPending' }));
    const { user } = renderWithProviders(<PayoutListPage list="pending" />, {
      session: 'Admin',
      route: '/admin/trades',
    });
    await user.click(within(await screen.findByTestId('trade')).getByTestId('trade-reject'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Too late');
    await user.click(within(dialog).getByRole('button', { name: 'Reject trade' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messageText('errors.tradeNotPending'));
  });
});

describe('Due trades', () => {
  it('says automatic processing is off, and processes every due trade after the confirmation', async () => {
    answer(getDueTrades, () => page([makePayout({ dueDate: new Date(Date.now() - HOUR).toISOString() })]));
    answer(getHealth, () =>
      health([
        {
          name: 'payouts',
          enabled: false,
          running: false,
          intervalMs: 10_000,
          lastRunAt: null,
          lastProcessed: 0,
          totalProcessed: 0,
          lastError: null,
          lagMs: 0,
          runs: 0,
          failedRuns: 0,
        },
      ]),
    );
    const sent = answer(processDueTrades, () => ({
      message: messageText('investments.tradesProcessed'),
      processed: 1,
    }));
    const { user } = renderWithProviders(<PayoutListPage list="due" />, {
      session: 'Admin',
      route: '/admin/trades/due',
    });
    expect(await screen.findByTestId('auto-processing')).toHaveTextContent('Automatic processing is off');
    await user.click(screen.getByTestId('process-all'));
    const dialog = await screen.findByRole('dialog', { name: 'Process All Trades' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to process all due trades?');
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Process All Trades' }));
    expect(await within(dialog).findByText('Trades processed successfully. Trades paid: 1')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('says when nothing is due', async () => {
    answer(getDueTrades, () => page([]));
    answer(getHealth, () => health([]));
    renderWithProviders(<PayoutListPage list="due" />, { session: 'Admin', route: '/admin/trades/due' });
    expect(await screen.findByText('No due trades found')).toBeInTheDocument();
    expect(screen.queryByTestId('auto-processing')).not.toBeInTheDocument();
  });
});
