import { LiveChart } from '@/features/market/components/live-chart';
import type { TPriceChartSlotProps } from '@/features/positions/components/position-chart';

/**
 * Fills a position page's chart slot with the market feature's live chart of its pair: the page
 * (positions) says which lines to draw and what a dragged one's drop does, the chart (market) draws
 * candles and lines and turns a drag into a price. Two features, joined here in app/
 * (docs/architecture.md, "Boundaries"); the type check keeps the slot's props and the chart's equal.
 */
export function renderPositionChart(props: TPriceChartSlotProps) {
  return <LiveChart {...props} />;
}
