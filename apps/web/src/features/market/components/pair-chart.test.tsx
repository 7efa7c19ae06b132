import { getCandles } from '@meridian/contracts/endpoints/market';
import type { TQuote } from '@meridian/contracts/market';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setTheme } from '@/lib/theme';
import { answer, renderWithProviders } from '@/test';
import type { TCandleChart } from '../utils/candle-chart';
import type { TChartLine } from '../utils/chart-lines';
import { PairChart, type PairChartProps } from './pair-chart';

/**
 * lightweight-charts draws on a canvas, which jsdom has not: the chart module is replaced by a fake
 * that records what the component asks of it and places prices on a straight scale, 3,200 at the top
 * and 2 dollars a pixel (3,100 at y 50, 2,900 at y 150). What is left to test is the component's.
 */
interface TFakeChart extends TCandleChart {
  container: HTMLElement;
  onViewChange: () => void;
}
const charts = vi.hoisted(() => [] as TFakeChart[]);
vi.mock('../utils/candle-chart', () => ({
  createCandleChart: (container: HTMLElement, onViewChange: () => void) => {
    const chart: TFakeChart = {
      container,
      onViewChange,
      setCandles: vi.fn(),
      updateCandle: vi.fn(),
      setColours: vi.fn(),
      setPriceFormat: vi.fn(),
      setLines: vi.fn(),
      yOf: (price: number) => (3_200 - price) / 2,
      priceAt: (y: number) => 3_200 - y * 2,
      holdStill: vi.fn(),
      remove: vi.fn(),
    };
    charts.push(chart);
    return chart;
  },
}));

const QUOTE: TQuote = {
  pair: 'ETH/USD',
  bid: 3_030.3,
  ask: 3_030.3,
  mid: 3_030.3,
  changePct: 0,
  time: '2026-01-02T10:00:30.000Z',
  stale: false,
  source: 'simulated',
};
vi.mock('../hooks/use-live-quotes', () => ({ useLiveQuotes: () => ({ quotes: [QUOTE], connected: true }) }));

const LINES: TChartLine[] = [
  { id: 'entry', price: 3_000.3, title: 'Entry', name: 'entry', tone: 'primary', keepInView: true },
  { id: 'tp', price: 3_100, title: 'TP', name: 'take-profit', tone: 'success', draggable: true, keepInView: true },
  { id: 'sl', price: 2_900, title: 'SL', name: 'stop-loss', tone: 'danger', draggable: true, keepInView: true },
];

function deferred() {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

async function renderChart(props: Partial<PairChartProps> = {}) {
  answer(getCandles, () => ({
    pair: 'ETH/USD' as const,
    interval: '1m' as const,
    candles: [{ time: 1_767_348_000, open: 3_000, high: 3_040, low: 2_990, close: 3_020, ticks: 60 }],
  }));
  const rendered = renderWithProviders(
    <PairChart
      pair="ETH/USD"
      lines={LINES}
      describeDrag={(id, price) => `${id} at ${price}`}
      testId="chart"
      {...props}
    />,
  );
  const chart = charts.at(-1);
  if (!chart) throw new Error('no chart was created');
  await waitFor(() => expect(chart.setCandles).toHaveBeenCalled());
  return { ...rendered, chart, box: screen.getByTestId('chart') };
}

/** The price of a line as the chart was last told to draw it. */
const drawnPrice = (chart: TFakeChart, id: string) =>
  vi.mocked(chart.setLines).mock.lastCall?.[0].find((line) => line.id === id)?.price;

const mouse = (y: number) => ({ clientY: y, pointerId: 1, pointerType: 'mouse', button: 0 });

describe('a pair’s chart', () => {
  it('draws the candles and the live price, in the pair’s decimals and the theme’s colours', async () => {
    const { chart } = await renderChart();
    expect(chart.setCandles).toHaveBeenCalledWith([
      { time: 1_767_348_000, open: 3_000, high: 3_040, low: 2_990, close: 3_020, ticks: 60 },
    ]);
    // The live price falls in the last candle's minute: that candle closes at it now.
    expect(chart.updateCandle).toHaveBeenLastCalledWith({
      time: 1_767_348_000,
      open: 3_000,
      high: 3_040,
      low: 2_990,
      close: 3_030.3,
    });
    const [decimals, format] = vi.mocked(chart.setPriceFormat).mock.lastCall ?? [];
    expect(decimals).toBe(2);
    expect(format?.(64_929.9)).toBe('64,929.90');
    expect(chart.setColours).toHaveBeenCalledTimes(1);
    act(() => setTheme('light'));
    expect(chart.setColours).toHaveBeenCalledTimes(2);
    act(() => setTheme('dark'));
  });

  it('names the pair, its last price and its levels for a screen reader', async () => {
    await renderChart();
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'ETH/USD price chart, last price 3,030.30, entry 3,000.30, take-profit 3,100.00, and stop-loss 2,900.00',
    );
  });

  it('says only the pair and price with no lines', async () => {
    await renderChart({ lines: [] });
    expect(screen.getByRole('img')).toHaveAccessibleName('ETH/USD price chart, last price 3,030.30');
  });

  it('keeps each line’s height on its box once drawn, for the journeys', async () => {
    const { chart, box } = await renderChart();
    expect(drawnPrice(chart, 'sl')).toBe(2_900);
    act(() => chart.onViewChange());
    expect(box).toHaveAttribute('data-entry-y', '100');
    expect(box).toHaveAttribute('data-tp-y', '50');
    expect(box).toHaveAttribute('data-sl-y', '150');
  });
});

describe('dragging a line', () => {
  it('shows the drag cursor only over a draggable line', async () => {
    const { box } = await renderChart({ onLineDrop: async () => {} });
    fireEvent.pointerMove(box, mouse(146));
    expect(box.style.cursor).toBe('ns-resize');
    fireEvent.pointerMove(box, mouse(100));
    expect(box.style.cursor).toBe('');
  });

  it('takes the line near the press, moves it in the pair’s decimals, and hands the price over on release', async () => {
    const dropped = deferred();
    const onLineDrop = vi.fn(() => dropped.promise);
    const { chart, box } = await renderChart({ onLineDrop });

    // Pressed 2 px off the stop-loss: taken, the chart holds still, its own gestures held back.
    expect(fireEvent.pointerDown(box, mouse(148))).toBe(false);
    expect(chart.holdStill).toHaveBeenLastCalledWith(true);
    expect(screen.getByTestId('chart-drag-label')).toHaveTextContent('sl at 2900');
    // y 170.3 is 2,859.40 on this scale.
    fireEvent.pointerMove(box, mouse(170.3));
    expect(screen.getByTestId('chart-drag-label')).toHaveTextContent('sl at 2859.4');
    expect(drawnPrice(chart, 'sl')).toBe(2_859.4);
    expect(box).toHaveStyle({ cursor: 'ns-resize' });

    fireEvent.pointerUp(box, mouse(170.3));
    expect(onLineDrop).toHaveBeenCalledWith('sl', 2_859.4);
    expect(chart.holdStill).toHaveBeenLastCalledWith(false);
    // Until the drop is settled the line stays where it was let go, and no other drag starts.
    expect(drawnPrice(chart, 'sl')).toBe(2_859.4);
    fireEvent.pointerDown(box, mouse(50));
    expect(chart.holdStill).toHaveBeenCalledTimes(2);
    await act(async () => dropped.settle());
    // Settled: the line shows the price its caller gives it (here unchanged: refused, say).
    expect(drawnPrice(chart, 'sl')).toBe(2_900);
    expect(screen.queryByTestId('chart-drag-label')).not.toBeInTheDocument();
  });

  it('puts the line back on Escape, and hands nothing over', async () => {
    const onLineDrop = vi.fn(async () => {});
    const { chart, box } = await renderChart({ onLineDrop });
    fireEvent.pointerDown(box, mouse(50));
    fireEvent.pointerMove(box, mouse(30));
    expect(drawnPrice(chart, 'tp')).toBe(3_140);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(drawnPrice(chart, 'tp')).toBe(3_100);
    expect(chart.holdStill).toHaveBeenLastCalledWith(false);
    expect(screen.queryByTestId('chart-drag-label')).not.toBeInTheDocument();
    fireEvent.pointerUp(box, mouse(30));
    expect(onLineDrop).not.toHaveBeenCalled();
  });

  it('puts it back when the pointer is cancelled, or released where it was taken', async () => {
    const onLineDrop = vi.fn(async () => {});
    const { chart, box } = await renderChart({ onLineDrop });
    fireEvent.pointerDown(box, { ...mouse(150), pointerType: 'touch' });
    fireEvent.pointerMove(box, { ...mouse(160), pointerType: 'touch' });
    fireEvent.pointerCancel(box, mouse(160));
    expect(drawnPrice(chart, 'sl')).toBe(2_900);
    fireEvent.pointerDown(box, mouse(150));
    fireEvent.pointerUp(box, mouse(150));
    expect(onLineDrop).not.toHaveBeenCalled();
  });

  it('lets a finger take a line from further away', async () => {
    const onLineDrop = vi.fn(async () => {});
    const { box } = await renderChart({ onLineDrop });
    fireEvent.pointerDown(box, { ...mouse(138), pointerType: 'touch' });
    fireEvent.pointerMove(box, { ...mouse(175), pointerType: 'touch' });
    fireEvent.pointerUp(box, { ...mouse(175), pointerType: 'touch' });
    expect(onLineDrop).toHaveBeenCalledWith('sl', 2_850);
  });

  it('leaves a press away from the lines to the chart', async () => {
    const onLineDrop = vi.fn(async () => {});
    const { chart, box } = await renderChart({ onLineDrop });
    expect(fireEvent.pointerDown(box, mouse(100))).toBe(true);
    expect(chart.holdStill).not.toHaveBeenCalled();
    fireEvent.pointerUp(box, mouse(120));
    expect(onLineDrop).not.toHaveBeenCalled();
  });

  it('drags nothing when nothing may be dropped', async () => {
    const { chart, box } = await renderChart({ onLineDrop: undefined });
    expect(fireEvent.pointerDown(box, mouse(150))).toBe(true);
    fireEvent.pointerMove(box, mouse(150));
    expect(box.style.cursor).toBe('');
    expect(chart.holdStill).not.toHaveBeenCalled();
  });
});
