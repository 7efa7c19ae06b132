import { setPositionProtection } from '@meridian/contracts/endpoints/positions';
import type { TPosition } from '@meridian/contracts/positions';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { makePosition, makeQuote } from '../test/fixtures';
import { PositionChart, type TPriceChartSlotProps } from './position-chart';

// The open fixture: an ETH/USD buy of $25.50 at 1:5 from 3,000.30, stop-out 2,400.24; here with a
// take-profit at 3,100 and a stop-loss at 2,900, and the price at 3,030.30.
const OPEN = makePosition({ takeProfit: 3_100, stopLoss: 2_900 });
const QUOTE = makeQuote({ pair: 'ETH/USD', mid: 3_030.3 });

/**
 * Stands in for the market feature's chart that app/ puts in the slot: it keeps what the page gave
 * it, so a test can read the lines and drop a line as a pointer would.
 */
function renderChart(position: TPosition = OPEN, editable = true) {
  const given: { props?: TPriceChartSlotProps } = {};
  const chart = (props: TPriceChartSlotProps) => {
    given.props = props;
    return <div data-testid="fake-chart">{props.children}</div>;
  };
  const rendered = renderWithProviders(
    <PositionChart position={position} quote={QUOTE} editable={editable} chart={chart} />,
    { session: 'Client' },
  );
  const slot = () => {
    if (!given.props) throw new Error('the chart slot was not filled');
    return given.props;
  };
  const drop = (id: string, price: number) => act(() => slot().onLineDrop?.(id, price) ?? Promise.resolve());
  return { ...rendered, slot, drop };
}

describe('a position’s chart', () => {
  it('gives the chart its pair and lines, with short titles and full names, the levels draggable by its client', () => {
    const { slot } = renderChart();
    expect(screen.getByRole('region', { name: 'ETH/USD, 1-minute candles' })).toBeInTheDocument();
    expect(slot().pair).toBe('ETH/USD');
    expect(slot().testId).toBe('position-chart');
    expect(
      slot().lines.map(({ id, price, title, name, tone, dashed, draggable }) => ({
        id,
        price,
        title,
        name,
        tone,
        dashed,
        draggable,
      })),
    ).toEqual([
      { id: 'entry', price: 3_000.3, title: 'Entry', name: 'entry', tone: 'primary', dashed: false, draggable: false },
      { id: 'tp', price: 3_100, title: 'TP', name: 'take-profit', tone: 'success', dashed: false, draggable: true },
      { id: 'sl', price: 2_900, title: 'SL', name: 'stop-loss', tone: 'danger', dashed: false, draggable: true },
      {
        id: 'stopout',
        price: 2_400.24,
        title: 'Stop-out',
        name: 'stop-out',
        tone: 'muted',
        dashed: true,
        draggable: false,
      },
    ]);
    expect(screen.getByTestId('position-chart-hint')).toHaveTextContent('Drag the TP or SL line to change it');
  });

  it('labels a dragged level with its price and what the position would make there', () => {
    const { slot } = renderChart();
    render(<div>{slot().describeDrag?.('sl', 2_900)}</div>);
    expect(screen.getByText(/^SL/)).toHaveTextContent('SL 2,900.00');
    expect(screen.getByTestId('level-result')).toHaveTextContent('-$4.26 if reached');
  });

  it('saves a dropped stop-loss with the take-profit as it is, and says so', async () => {
    const saved = answer(setPositionProtection, ({ body }) => ({
      message: 'Take-profit and stop-loss saved',
      position: { ...OPEN, ...body },
    }));
    const { drop } = renderChart();
    await drop('sl', 2_950.5);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.params.id).toBe(OPEN.id);
    expect(saved[0]?.body).toEqual({ takeProfit: 3_100, stopLoss: 2_950.5 });
    expect(await screen.findByText('Take-profit and stop-loss saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a stop-loss above the price on the page, saying why, and sends nothing', async () => {
    const saved = answer(setPositionProtection, () => ({ message: 'Take-profit and stop-loss saved', position: OPEN }));
    const { drop } = renderChart();
    await drop('sl', 3_050);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Stop-loss not changed: For a buy, the stop-loss must be below the current price',
    );
    await drop('sl', 2_400);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Stop-loss not changed: The stop-loss must be nearer the current price than the stop-out',
    );
    await drop('tp', 3_000);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Take-profit not changed: For a buy, the take-profit must be above the current price',
    );
    expect(saved).toHaveLength(0);
  });

  it('drops a refusal once the levels it spoke of have changed (saved from Edit TP/SL, say)', async () => {
    let given: TPriceChartSlotProps | undefined;
    const keep = (props: TPriceChartSlotProps) => {
      given = props;
      return <div>{props.children}</div>;
    };
    const { rerender } = renderWithProviders(<PositionChart position={OPEN} quote={QUOTE} editable chart={keep} />, {
      session: 'Client',
    });
    await act(() => given?.onLineDrop?.('sl', 3_050) ?? Promise.resolve());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(<PositionChart position={OPEN} quote={QUOTE} editable chart={keep} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(<PositionChart position={{ ...OPEN, stopLoss: 2_950 }} quote={QUOTE} editable chart={keep} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the server refused one, in the client’s language', async () => {
    answer(setPositionProtection, () => refuse(409, { error: 'CONFLICT', key: 'errors.positionClosed' }));
    const { drop } = renderChart();
    await drop('tp', 3_150);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Take-profit not changed: This position is already closed',
    );
  });

  it('offers an admin nothing to drag', () => {
    const { slot } = renderChart(OPEN, false);
    expect(slot().onLineDrop).toBeUndefined();
    expect(slot().describeDrag).toBeUndefined();
    expect(slot().lines.some((line) => line.draggable)).toBe(false);
    expect(screen.queryByTestId('position-chart-hint')).not.toBeInTheDocument();
  });

  it('hints only at the levels there are, and at none without one', () => {
    const { unmount } = renderChart({ ...OPEN, takeProfit: null });
    expect(screen.getByTestId('position-chart-hint')).toHaveTextContent('Drag the SL line to change it');
    unmount();
    renderChart({ ...OPEN, takeProfit: null, stopLoss: null });
    expect(screen.queryByTestId('position-chart-hint')).not.toBeInTheDocument();
  });

  it('shows a closed position’s entry and exit, nothing to drag', () => {
    const { slot } = renderChart({ ...OPEN, status: 'closed', exitPrice: 3_050.75 });
    expect(slot().lines.map((line) => [line.id, line.title, line.price])).toEqual([
      ['entry', 'Entry', 3_000.3],
      ['exit', 'Exit', 3_050.75],
    ]);
    expect(slot().onLineDrop).toBeUndefined();
    expect(screen.queryByTestId('position-chart-hint')).not.toBeInTheDocument();
  });

  it('speaks the reader’s language', () => {
    renderWithProviders(
      <PositionChart
        position={OPEN}
        quote={QUOTE}
        editable
        chart={(props) => (
          <div>
            <p>{props.lines.map((l) => l.name).join('|')}</p>
            {props.children}
          </div>
        )}
      />,
      { session: 'Client', language: 'de' },
    );
    expect(screen.getByRole('region', { name: 'ETH/USD, 1-Minuten-Kerzen' })).toBeInTheDocument();
    expect(screen.getByText('Einstieg|Take-Profit|Stop-Loss|Stop-out')).toBeInTheDocument();
    expect(screen.getByText('Ziehen Sie die TP- oder SL-Linie, um sie zu ändern')).toBeInTheDocument();
  });
});
