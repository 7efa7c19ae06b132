import { expect, it } from 'vitest';
import { generateOperations, WEIGHTS } from './operations.ts';
import { createPrng } from './prng.ts';

/** What makes a failing simulation replayable: its operations come from the seed alone. */

it('draws the same operations from the same seed, and others from another', () => {
  const first = generateOperations(123_456_789, 2_000);
  const again = generateOperations(123_456_789, 2_000);
  expect(again.operations).toEqual(first.operations);
  expect(again.fingerprint).toBe(first.fingerprint);
  expect(generateOperations(123_456_790, 2_000).fingerprint).not.toBe(first.fingerprint);
  // A longer run starts with the same operations as a shorter one.
  expect(generateOperations(123_456_789, 3_000).operations.slice(0, 2_000)).toEqual(first.operations);
});

it('draws every kind of operation in a run of the default length', () => {
  const { operations } = generateOperations(42, 10_000);
  const kinds = new Set(operations.map((op) => op.kind));
  expect([...kinds].sort()).toEqual(Object.keys(WEIGHTS).sort());
});

it('draws numbers evenly from a seed', () => {
  const prng = createPrng(7);
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < 40_000; i++) {
    const k = prng.int(4);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  for (const n of counts) expect(n).toBeGreaterThan(9_000);
  expect(createPrng(2 ** 40 + 7).next()).not.toBe(createPrng(7).next());
});
