import {
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  createChart,
  type IPriceLine,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { TChartLine, TChartLineTone } from './chart-lines';
import type { TChartCandle } from './live-candles';

/**
 * The one module that knows lightweight-charts: a candle chart in a container, with price lines, as
 * the few calls the chart component makes. jsdom cannot draw it, so the component's tests put a fake
 * in its place (pair-chart.test.tsx) and this stays a thin translation with no decisions of its own.
 */
export interface TCandleChart {
  setCandles(candles: readonly TChartCandle[]): void;
  /** Adds the newest candle, or replaces it while its minute lasts. */
  updateCandle(candle: TChartCandle): void;
  setColours(colours: TChartColours): void;
  /** Prices in the pair's decimals (the scale's steps too), written by `format` (the reader's locale). */
  setPriceFormat(decimals: number, format: (price: number) => string): void;
  /** Draws exactly these lines (by id: new ones added, gone ones removed, the rest moved). */
  setLines(lines: readonly TChartLine[]): void;
  /** The y of `price` in CSS pixels from the chart's top, or null before anything is drawn. */
  yOf(price: number): number | null;
  /** The price at `y`, or null before anything is drawn. */
  priceAt(y: number): number | null;
  /**
   * While a line is dragged: the chart's own scrolling and zooming pause (a touch drag would pan it
   * too), and its price scale holds still, so the line stays under the pointer as prices come in.
   */
  holdStill(hold: boolean): void;
  remove(): void;
}

/** The theme's colours the chart is drawn in (the page's CSS variables). */
export interface TChartColours extends Record<TChartLineTone, string> {
  surface: string;
  border: string;
}

/** The gestures the chart answers to when nothing is dragged: the mouse wheel scrolls the page, not the chart. */
const HANDLE_SCROLL = { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: true };
const HANDLE_SCALE = { mouseWheel: false, pinch: true, axisPressedMouseMove: true, axisDoubleClickReset: true };

const asChartData = (candle: TChartCandle) => ({ ...candle, time: candle.time as UTCTimestamp });

/**
 * A candle chart filling `container` (autoSize). `onViewChange` is called, once per frame at most and
 * after the chart has drawn, whenever the lines may have moved on the screen: new prices (the scale
 * follows them), new lines, a scroll or zoom, a resize.
 */
export function createCandleChart(container: HTMLElement, onViewChange: () => void): TCandleChart {
  const chart = createChart(container, {
    autoSize: true,
    // The library's logo is a link inside our role="img" box, which assistive technology cannot
    // reach; the credit the licence asks for is a plain link under the chart (LiveChart).
    layout: { attributionLogo: false },
    timeScale: { timeVisible: true, secondsVisible: false },
    rightPriceScale: { borderVisible: false },
    handleScroll: HANDLE_SCROLL,
    handleScale: HANDLE_SCALE,
  });
  let lines: readonly TChartLine[] = [];
  let colours: TChartColours | null = null;
  /** Whether the price scale followed the prices before a drag held it still (the reader may have set it by hand). */
  let autoScaleBefore = true;
  const drawn = new Map<string, IPriceLine>();
  const series = chart.addSeries(CandlestickSeries, {
    borderVisible: false,
    // The lines that matter to the reader (an entry, a take-profit, a stop-loss) stay on the scale
    // even when the candles have not come near them.
    autoscaleInfoProvider: (candlesOnly: () => AutoscaleInfo | null): AutoscaleInfo | null => {
      const base = candlesOnly();
      const prices = lines.filter((line) => line.keepInView).map((line) => line.price);
      if (prices.length === 0) return base;
      const range = base?.priceRange;
      return {
        ...base,
        priceRange: {
          minValue: Math.min(...prices, range?.minValue ?? Number.POSITIVE_INFINITY),
          maxValue: Math.max(...prices, range?.maxValue ?? Number.NEGATIVE_INFINITY),
        },
      };
    },
  });

  // Once per frame, after the library's own drawing (it asked for its frame first).
  let planned = 0;
  const viewChanged = () => {
    if (planned) return;
    planned = requestAnimationFrame(() => {
      planned = 0;
      onViewChange();
    });
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(viewChanged);
  chart.subscribeCrosshairMove(viewChanged);
  const resized = new ResizeObserver(viewChanged);
  resized.observe(container);

  const lineOptions = (line: TChartLine) => ({
    price: line.price,
    title: line.title,
    color: colours?.[line.tone] ?? '',
    lineWidth: line.draggable ? (2 as const) : (1 as const),
    lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
    axisLabelVisible: true,
  });
  const drawLines = () => {
    for (const [id, drawnLine] of drawn) {
      if (lines.some((line) => line.id === id)) continue;
      series.removePriceLine(drawnLine);
      drawn.delete(id);
    }
    for (const line of lines) {
      const existing = drawn.get(line.id);
      if (existing) existing.applyOptions(lineOptions(line));
      else drawn.set(line.id, series.createPriceLine(lineOptions(line)));
    }
    viewChanged();
  };

  return {
    setCandles(candles) {
      series.setData(candles.map(asChartData));
      viewChanged();
    },
    updateCandle(candle) {
      series.update(asChartData(candle));
      viewChanged();
    },
    setColours(next) {
      colours = next;
      chart.applyOptions({
        layout: { background: { type: ColorType.Solid, color: next.surface }, textColor: next.muted },
        grid: { vertLines: { color: next.border }, horzLines: { color: next.border } },
      });
      series.applyOptions({
        upColor: next.success,
        downColor: next.danger,
        wickUpColor: next.success,
        wickDownColor: next.danger,
      });
      drawLines();
    },
    setPriceFormat(decimals, format) {
      series.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 1 / 10 ** decimals } });
      chart.applyOptions({ localization: { priceFormatter: format } });
      viewChanged();
    },
    setLines(next) {
      lines = next;
      drawLines();
    },
    yOf: (price) => series.priceToCoordinate(price),
    priceAt: (y) => series.coordinateToPrice(y),
    holdStill(hold) {
      const scale = series.priceScale();
      if (hold) {
        autoScaleBefore = scale.options().autoScale;
        chart.applyOptions({ handleScroll: false, handleScale: false });
        scale.applyOptions({ autoScale: false });
      } else {
        chart.applyOptions({ handleScroll: HANDLE_SCROLL, handleScale: HANDLE_SCALE });
        scale.applyOptions({ autoScale: autoScaleBefore });
      }
      viewChanged();
    },
    remove() {
      cancelAnimationFrame(planned);
      resized.disconnect();
      chart.remove();
      drawn.clear();
    },
  };
}
