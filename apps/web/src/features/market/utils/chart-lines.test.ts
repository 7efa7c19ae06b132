import { describe, expect, it } from 'vitest';
import { lineNearPointer, lineYAttribute, priceAtPointer, roundToPair, type TChartLine } from './chart-lines';

const line = (id: string, price: number, draggable = true): TChartLine => ({
  id,
  price,
  title: id.toUpperCase(),
  name: id,
  tone: 'fg',
  draggable,
});

// A chart where 3,200 is at the top and each pixel is 2 dollars lower: 3,100 at y 50, 2,900 at y 150.
const yOf = (price: number) => (3_200 - price) / 2;
const priceAt = (y: number) => 3_200 - y * 2;

describe('which line a pointer takes', () => {
  const lines = [line('entry', 3_000, false), line('tp', 3_100), line('sl', 2_900)];

  it('takes the draggable line within a few pixels of a mouse pointer', () => {
    expect(lineNearPointer(lines, 150, yOf, 'mouse')?.id).toBe('sl');
    expect(lineNearPointer(lines, 144, yOf, 'mouse')?.id).toBe('sl');
    expect(lineNearPointer(lines, 56, yOf, 'pen')?.id).toBe('tp');
    expect(lineNearPointer(lines, 143, yOf, 'mouse')).toBeNull();
  });

  it('reaches further for a finger', () => {
    expect(lineNearPointer(lines, 134, yOf, 'touch')?.id).toBe('sl');
    expect(lineNearPointer(lines, 133, yOf, 'touch')).toBeNull();
  });

  it('never takes a line that is not draggable, however near', () => {
    expect(lineNearPointer(lines, 100, yOf, 'mouse')).toBeNull();
  });

  it('takes the nearer of two lines close together', () => {
    const close = [line('tp', 3_010), line('sl', 2_990)];
    // 3,010 is at y 95, 2,990 at y 105.
    expect(lineNearPointer(close, 99, yOf, 'touch')?.id).toBe('tp');
    expect(lineNearPointer(close, 101, yOf, 'touch')?.id).toBe('sl');
  });

  it('skips a line the chart cannot place (nothing drawn yet)', () => {
    expect(lineNearPointer(lines, 150, () => null, 'mouse')).toBeNull();
  });
});

describe('the price a dragged line takes', () => {
  it('is rounded to the pair’s decimals', () => {
    expect(roundToPair('BTC/USD', 64_929.894_9)).toBe(64_929.89);
    expect(roundToPair('BTC/USD', 64_929.895_1)).toBe(64_929.9);
    expect(roundToPair('XRP/USD', 0.512_345)).toBe(0.5123);
    expect(roundToPair('EUR/USD', 1.083_456_7)).toBe(1.083_46);
  });

  it('follows the pointer in those decimals', () => {
    expect(priceAtPointer('ETH/USD', 150.2, priceAt)).toBe(2_899.6);
    expect(priceAtPointer('ETH/USD', 12.345_67, priceAt)).toBe(3_175.31);
  });

  it('is none off the scale or at no price', () => {
    expect(priceAtPointer('ETH/USD', 150, () => null)).toBeNull();
    expect(priceAtPointer('ETH/USD', 1_600, priceAt)).toBeNull();
    expect(priceAtPointer('ETH/USD', 2_000, priceAt)).toBeNull();
    expect(priceAtPointer('ETH/USD', 0, () => Number.NaN)).toBeNull();
  });
});

it('names the attribute that holds a line’s height', () => {
  expect(lineYAttribute('sl')).toBe('data-sl-y');
});
