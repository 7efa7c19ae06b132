import type { TPair } from '@meridian/contracts/market';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme';
import { useCandles } from '../api/get-candles';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { usePriceFormat } from '../hooks/use-price-format';
import { candleWithPrice, minuteOf, type TChartCandle } from '../utils/live-candles';

const PAIR: TPair = 'BTC/USD';

/** The theme's colours, read from its CSS variables so the chart matches the page in both themes. */
function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string) => css.getPropertyValue(name).trim();
  return {
    surface: read('--surface'),
    fg: read('--fg'),
    muted: read('--muted'),
    border: read('--border'),
    up: read('--success'),
    down: read('--danger'),
  };
}

const asChartData = (candle: TChartCandle) => ({ ...candle, time: candle.time as UTCTimestamp });

/**
 * BTC/USD in 1-minute candles from our own feed: the last 24 hours from GET /api/market/candles,
 * then extended by each live price. lightweight-charts is only in this component's chunk.
 */
export function BtcChart() {
  const { t } = useTranslation('market');
  const [theme] = useTheme();
  const format = usePriceFormat();
  const history = useCandles(PAIR);
  const { quotes } = useLiveQuotes();
  const btc = quotes.find((quote) => quote.pair === PAIR);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const last = useRef<TChartCandle | undefined>(undefined);

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      // The library's logo is a link inside our role="img" box, which assistive technology cannot
      // reach; the credit the licence asks for is a plain link under the chart (MarketSection).
      layout: { attributionLogo: false },
      timeScale: { timeVisible: true, secondsVisible: false },
      rightPriceScale: { borderVisible: false },
      handleScroll: { mouseWheel: false },
      handleScale: { mouseWheel: false },
    });
    chart.current = created;
    series.current = created.addSeries(CandlestickSeries, { borderVisible: false });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
      last.current = undefined;
    };
  }, []);

  // Follow the theme: the colours are re-read whenever it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is the trigger, the colours come from CSS
  useEffect(() => {
    const c = themeColours();
    chart.current?.applyOptions({
      layout: { background: { type: ColorType.Solid, color: c.surface }, textColor: c.muted },
      grid: { vertLines: { color: c.border }, horzLines: { color: c.border } },
    });
    series.current?.applyOptions({ upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down });
  }, [theme]);

  useEffect(() => {
    if (!history.data || !series.current) return;
    series.current.setData(history.data.candles.map(asChartData));
    last.current = history.data.candles.at(-1);
  }, [history.data]);

  useEffect(() => {
    if (!btc || !history.data || !series.current) return;
    const next = candleWithPrice(last.current, btc.mid, minuteOf(btc.time));
    if (!next) return;
    series.current.update(asChartData(next));
    last.current = next;
  }, [btc, history.data]);

  const label = btc
    ? t('chart.labelWithPrice', { pair: PAIR, price: format.price(PAIR, btc.mid) })
    : t('chart.label', { pair: PAIR });
  return <div ref={container} role="img" aria-label={label} className="h-72 w-full sm:h-80" data-testid="btc-chart" />;
}
