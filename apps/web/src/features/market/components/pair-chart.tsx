import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme';
import { useCandles } from '../api/get-candles';
import { useLineDrag } from '../hooks/use-line-drag';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { usePriceFormat } from '../hooks/use-price-format';
import { createCandleChart, type TCandleChart, type TChartColours } from '../utils/candle-chart';
import { lineYAttribute, type TChartLine } from '../utils/chart-lines';
import { candleWithPrice, minuteOf, type TChartCandle } from '../utils/live-candles';

export interface PairChartProps {
  pair: TPair;
  /** Price lines across the chart (none by default). */
  lines?: readonly TChartLine[] | undefined;
  /** What a dragged line would mean at `price`, in a small label beside it while it is dragged. */
  describeDrag?: ((id: string, price: number) => ReactNode) | undefined;
  /** A draggable line released at a new price; resolves once saved or refused (the line then shows `lines` again). */
  onLineDrop?: ((id: string, price: number) => Promise<void>) | undefined;
  /** The chart box's test id; by default the pair's first currency's (`btc-chart`). */
  testId?: string | undefined;
}

const NO_LINES: readonly TChartLine[] = [];

/** The theme's colours, read from its CSS variables so the chart matches the page in both themes. */
function themeColours(): TChartColours {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string) => css.getPropertyValue(name).trim();
  return {
    surface: read('--surface'),
    border: read('--border'),
    fg: read('--fg'),
    muted: read('--muted'),
    primary: read('--primary'),
    success: read('--success'),
    danger: read('--danger'),
  };
}

/**
 * What the chart says to assistive technology: the pair, its last price and the levels drawn, as
 * saved ("BTC/USD price chart, last price 61,000.00, entry 60,500.00, take-profit 63,000.00 and …").
 */
function chartLabel(
  t: TFunction<'market'>,
  locale: string | undefined,
  pair: TPair,
  price: string | null,
  levels: string[],
): string {
  if (levels.length === 0)
    return price === null ? t('chart.label', { pair }) : t('chart.labelWithPrice', { pair, price });
  const list = new Intl.ListFormat(locale ?? 'en').format(levels);
  return price === null
    ? t('chart.labelWithLevels', { pair, levels: list })
    : t('chart.labelWithPriceAndLevels', { pair, price, levels: list });
}

/** The label of a dragged line sits above it, or below it near the chart's top edge. */
const LABEL_ROOM = 40;

/**
 * A pair in 1-minute candles from our own feed: the last 24 hours from GET /api/market/candles, then
 * extended by each live price, in the page's theme, with the caller's price lines (dragged with the
 * pointer where the caller allows it, useLineDrag). lightweight-charts is only in this component's
 * chunk (LiveChart loads it lazily). Each line's height is kept in a `data-<id>-y` attribute of the
 * chart's box, so a journey can find it without guessing.
 */
export function PairChart({ pair, lines = NO_LINES, describeDrag, onLineDrop, testId }: PairChartProps) {
  const { t, i18n } = useTranslation('market');
  const [theme] = useTheme();
  const format = usePriceFormat();
  const history = useCandles(pair);
  const { quotes } = useLiveQuotes();
  const quote = quotes.find((candidate) => candidate.pair === pair);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<TCandleChart | null>(null);
  const last = useRef<TChartCandle | undefined>(undefined);
  const moved = useLineDrag({ container, surface: chart, pair, lines, onLineDrop });
  const shown = useMemo(
    () => (moved ? lines.map((line) => (line.id === moved.id ? { ...line, price: moved.price } : line)) : lines),
    [lines, moved],
  );
  // Read when the chart has drawn (outside React), to write the lines' heights.
  const shownNow = useRef(shown);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let placed = new Set<string>();
    const placeLines = () => {
      const now = new Set<string>();
      for (const line of shownNow.current) {
        const y = created.yOf(line.price);
        if (y === null) continue;
        element.setAttribute(lineYAttribute(line.id), String(Math.round(y)));
        now.add(line.id);
      }
      for (const id of placed) if (!now.has(id)) element.removeAttribute(lineYAttribute(id));
      placed = now;
    };
    const created = createCandleChart(element, placeLines);
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      last.current = undefined;
    };
  }, []);

  // Follow the theme: the colours are re-read whenever it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is the trigger, the colours come from CSS
  useEffect(() => {
    chart.current?.setColours(themeColours());
  }, [theme]);

  useEffect(() => {
    chart.current?.setPriceFormat(PAIR_DECIMALS[pair], (price) => format.price(pair, price));
  }, [pair, format]);

  useEffect(() => {
    shownNow.current = shown;
    chart.current?.setLines(shown);
  }, [shown]);

  useEffect(() => {
    if (!history.data || !chart.current) return;
    chart.current.setCandles(history.data.candles);
    last.current = history.data.candles.at(-1);
  }, [history.data]);

  useEffect(() => {
    if (!quote || !history.data || !chart.current) return;
    const next = candleWithPrice(last.current, quote.mid, minuteOf(quote.time));
    if (!next) return;
    chart.current.updateCandle(next);
    last.current = next;
  }, [quote, history.data]);

  const price = quote ? format.price(pair, quote.mid) : null;
  const ariaLabel = chartLabel(
    t,
    i18n.resolvedLanguage,
    pair,
    price,
    lines.map((line) => `${line.name} ${format.price(pair, line.price)}`),
  );
  const labelY = moved && describeDrag ? (chart.current?.yOf(moved.price) ?? null) : null;

  return (
    <div className="relative">
      <div
        ref={container}
        role="img"
        aria-label={ariaLabel}
        className="h-72 w-full sm:h-80"
        data-testid={testId ?? `${pair.split('/')[0]?.toLowerCase()}-chart`}
      />
      {moved && describeDrag && labelY !== null && (
        // For the pointer that drags: the outcome of the drop is said in words under the chart.
        <div
          aria-hidden="true"
          className="pointer-events-none absolute left-2 z-10 rounded-md border border-border bg-surface px-2 py-1 text-xs text-fg shadow-md"
          style={{
            top: labelY,
            transform: labelY < LABEL_ROOM ? 'translateY(6px)' : 'translateY(calc(-100% - 6px))',
          }}
          data-testid="chart-drag-label"
        >
          {describeDrag(moved.id, moved.price)}
        </div>
      )}
    </div>
  );
}
