import type { TPosition } from '@meridian/contracts/positions';
import { describe, expect, it } from 'vitest';
import { makePosition } from '../test/fixtures';
import { dragFigures, dragHint, levelOfLine, levelsAfterDrop, positionLines } from './chart-levels';

// The fixtures' open ETH/USD buy of $25.50 at 1:5 from 3,000.30 (stop-out 2,400.24), with both levels.
const OPEN: TPosition = makePosition({ takeProfit: 3100, stopLoss: 2900 });

describe('a position’s lines on its chart', () => {
  it('are, while open, its entry, take-profit, stop-loss and stop-out, the two levels draggable by its client', () => {
    expect(positionLines(OPEN, true)).toEqual([
      { id: 'entry', price: 3000.3, tone: 'primary', dashed: false, draggable: false, keepInView: true },
      { id: 'tp', price: 3100, tone: 'success', dashed: false, draggable: true, keepInView: true },
      { id: 'sl', price: 2900, tone: 'danger', dashed: false, draggable: true, keepInView: true },
      // Muted and dashed, and left off the scale rather than flattening the candles.
      { id: 'stopout', price: 2400.24, tone: 'muted', dashed: true, draggable: false, keepInView: false },
    ]);
  });

  it('draw nothing draggable for an admin', () => {
    expect(positionLines(OPEN, false).some((line) => line.draggable)).toBe(false);
  });

  it('leave out the levels not set, and a stop-out a buy at 1:1 does not have', () => {
    const bare = { ...OPEN, takeProfit: null, stopLoss: null, leverage: 1, stopOutPrice: null };
    expect(positionLines(bare, true).map((line) => line.id)).toEqual(['entry']);
    expect(positionLines({ ...OPEN, takeProfit: null }, true).map((line) => line.id)).toEqual([
      'entry',
      'sl',
      'stopout',
    ]);
  });

  it('are, once closed, its entry and exit: the levels no longer act', () => {
    const closed = { ...OPEN, status: 'closed' as const, exitPrice: 2950.5 };
    expect(positionLines(closed, true)).toEqual([
      { id: 'entry', price: 3000.3, tone: 'primary', dashed: false, draggable: false, keepInView: true },
      { id: 'exit', price: 2950.5, tone: 'fg', dashed: false, draggable: false, keepInView: true },
    ]);
  });
});

describe('dropping a dragged level', () => {
  it('knows which level a line is', () => {
    expect(levelOfLine('tp')).toBe('takeProfit');
    expect(levelOfLine('sl')).toBe('stopLoss');
    expect(levelOfLine('entry')).toBeNull();
    expect(levelOfLine('toString')).toBeNull();
  });

  it('moves that level and keeps the other', () => {
    expect(levelsAfterDrop(OPEN, 'stopLoss', 2950.25)).toEqual({ takeProfit: 3100, stopLoss: 2950.25 });
    expect(levelsAfterDrop({ takeProfit: null, stopLoss: 2900 }, 'takeProfit', 3050)).toEqual({
      takeProfit: 3050,
      stopLoss: 2900,
    });
  });
});

describe('the label of a dragged line', () => {
  it('says the level, its price and what the position would make there', () => {
    // ±(level − 3,000.30) / 3,000.30 × $25.50 × 5.
    expect(dragFigures(OPEN, 'tp', 3100)).toEqual({ level: 'takeProfit', price: 3100, result: 4.24 });
    expect(dragFigures(OPEN, 'sl', 2900)).toEqual({ level: 'stopLoss', price: 2900, result: -4.26 });
    expect(dragFigures(OPEN, 'sl', 2700.27)).toEqual({ level: 'stopLoss', price: 2700.27, result: -12.75 });
  });

  it('turns round for a sell, and never shows more lost than the margin', () => {
    const sell = { ...OPEN, type: 'sell' as const };
    expect(dragFigures(sell, 'tp', 2900)?.result).toBe(4.26);
    expect(dragFigures(sell, 'sl', 4000)?.result).toBe(-25.5);
  });

  it('is nothing for a line that is not a level', () => {
    expect(dragFigures(OPEN, 'entry', 3000)).toBeNull();
  });
});

it('hints at the lines there are to drag', () => {
  expect(dragHint(OPEN)).toBe('both');
  expect(dragHint({ takeProfit: 3100, stopLoss: null })).toBe('takeProfit');
  expect(dragHint({ takeProfit: null, stopLoss: 2900 })).toBe('stopLoss');
  expect(dragHint({ takeProfit: null, stopLoss: null })).toBeNull();
});
