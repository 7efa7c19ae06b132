import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';

/** A line's colour, by the theme's names: the chart reads each from the page's CSS variables. */
export type TChartLineTone = 'primary' | 'fg' | 'success' | 'danger' | 'muted';

/**
 * A horizontal line across a pair's chart at one price (an entry, a take-profit, …), drawn with the
 * library's price lines. The chart knows nothing of positions: what a line means is its caller's.
 */
export interface TChartLine {
  /** Names the line: in a drop, and in the chart's `data-<id>-y` attribute (its pixel position, for tests). */
  id: string;
  price: number;
  /** Short, on the line itself ("TP"). */
  title: string;
  /** In full, for the chart's accessible label ("take-profit"). */
  name: string;
  tone: TChartLineTone;
  dashed?: boolean;
  /** The pointer may drag it to another price (the chart calls `onLineDrop` on release). */
  draggable?: boolean;
  /** The price scale stretches to show it; a far line (a stop-out) may lie off the scale rather than flatten the candles. */
  keepInView?: boolean;
}

/**
 * How near (CSS pixels) a pointer must come to a draggable line to take it: a line is one or two
 * pixels thick, and a finger covers more of the screen than a mouse pointer or a pen.
 */
const grabDistance = (pointerType: string) => (pointerType === 'touch' ? 16 : 6);

/**
 * The draggable line nearest to a pointer at `y` (CSS pixels from the chart's top), if it is within
 * grabbing distance for that kind of pointer; `yOf` places a price on the chart (null when it cannot).
 */
export function lineNearPointer(
  lines: readonly TChartLine[],
  y: number,
  yOf: (price: number) => number | null,
  pointerType: string,
): TChartLine | null {
  const reach = grabDistance(pointerType);
  let nearest: TChartLine | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (!line.draggable) continue;
    const lineY = yOf(line.price);
    if (lineY === null) continue;
    const away = Math.abs(lineY - y);
    if (away <= reach && away < distance) {
      nearest = line;
      distance = away;
    }
  }
  return nearest;
}

/** `price` in the pair's own decimals (0.01 for BTC/USD, 0.00001 for EUR/USD): what a level may be. */
export function roundToPair(pair: TPair, price: number): number {
  const scale = 10 ** PAIR_DECIMALS[pair];
  return Math.round(price * scale) / scale;
}

/**
 * The price a dragged line takes with the pointer at `y`: the chart's price there (`priceAt`), in the
 * pair's decimals; null off the scale, or where it would not be a price (at or below zero).
 */
export function priceAtPointer(pair: TPair, y: number, priceAt: (y: number) => number | null): number | null {
  const raw = priceAt(y);
  if (raw === null || !Number.isFinite(raw)) return null;
  const price = roundToPair(pair, raw);
  return price > 0 ? price : null;
}

/** The attribute that holds a line's pixel position on the chart (`data-sl-y`), read by the journeys. */
export const lineYAttribute = (id: string) => `data-${id}-y`;
