import type { TPosition } from '@meridian/contracts/positions';
import { resultAtLevel, type TLevels } from './protection';

/**
 * The lines a position draws on its pair's chart, by what each stands for: `data-<id>-y` on the chart
 * names them too (`data-sl-y`).
 */
export type TLevelLineId = 'entry' | 'tp' | 'sl' | 'stopout' | 'exit';

/** The two lines its client may drag, and the level each one is. */
const DRAGGABLE = { tp: 'takeProfit', sl: 'stopLoss' } as const satisfies Partial<Record<TLevelLineId, keyof TLevels>>;
export type TDraggableLineId = keyof typeof DRAGGABLE;
const isDraggable = (id: string): id is TDraggableLineId => Object.hasOwn(DRAGGABLE, id);

/** A line of a position, in the chart's terms but for its words (title and name, which the component translates). */
export interface TLevelLine {
  id: TLevelLineId;
  price: number;
  tone: 'primary' | 'fg' | 'success' | 'danger' | 'muted';
  dashed: boolean;
  draggable: boolean;
  /** Off the scale is fine for the stop-out: at 1:2 it is half the price away and would flatten the candles. */
  keepInView: boolean;
}

type TLinePosition = Pick<
  TPosition,
  | 'status'
  | 'entryPrice'
  | 'exitPrice'
  | 'takeProfit'
  | 'stopLoss'
  | 'stopOutPrice'
  | 'asset'
  | 'type'
  | 'amount'
  | 'leverage'
>;

/**
 * A position's lines: its entry; while open its take-profit (success), stop-loss (danger) and stop-out
 * (muted, dashed), those that are set, the first two draggable when `editable` (its client's own
 * open position); once closed its exit instead, since the levels no longer act.
 */
export function positionLines(position: TLinePosition, editable: boolean): TLevelLine[] {
  const line = (id: TLevelLineId, price: number | null, tone: TLevelLine['tone'], dashed = false) =>
    price === null
      ? []
      : [{ id, price, tone, dashed, draggable: editable && isDraggable(id), keepInView: id !== 'stopout' }];
  if (position.status !== 'open') {
    return [...line('entry', position.entryPrice, 'primary'), ...line('exit', position.exitPrice, 'fg')];
  }
  return [
    ...line('entry', position.entryPrice, 'primary'),
    ...line('tp', position.takeProfit, 'success'),
    ...line('sl', position.stopLoss, 'danger'),
    ...line('stopout', position.stopOutPrice, 'muted', true),
  ];
}

/** The level a dragged line stands for, or null for a line that is not one. */
export function levelOfLine(id: string): keyof TLevels | null {
  return isDraggable(id) ? DRAGGABLE[id] : null;
}

/** The levels to save when one is dropped at `price`: that one moved, the other as it is. */
export function levelsAfterDrop(
  position: Pick<TPosition, 'takeProfit' | 'stopLoss'>,
  level: keyof TLevels,
  price: number,
): TLevels {
  return { takeProfit: position.takeProfit, stopLoss: position.stopLoss, [level]: price };
}

/**
 * What the label of a dragged line says: which level, the price it is at, and what the position would
 * make if it closed there (from its entry, never below minus its margin). Null for a line that is not a level.
 */
export function dragFigures(
  position: TLinePosition,
  id: string,
  price: number,
): { level: keyof TLevels; price: number; result: number | null } | null {
  const level = levelOfLine(id);
  if (!level) return null;
  return { level, price, result: resultAtLevel(position, position.entryPrice, price) };
}

/** Which of the hints under the chart applies: what the client can drag, if anything. */
export function dragHint(position: Pick<TPosition, 'takeProfit' | 'stopLoss'>): 'both' | keyof TLevels | null {
  if (position.takeProfit !== null && position.stopLoss !== null) return 'both';
  if (position.takeProfit !== null) return 'takeProfit';
  if (position.stopLoss !== null) return 'stopLoss';
  return null;
}
