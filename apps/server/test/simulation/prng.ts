import { randomInt } from 'node:crypto';

/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32), so that one seed always
 * gives the same sequence: the simulation's operations are drawn from it and a failing run replays
 * with SIMULATION_SEED. `Math.random` cannot be seeded; crypto randomness cannot be replayed.
 */
export interface TPrng {
  /** A uniform 32-bit unsigned integer. */
  next(): number;
  /** A uniform float in [0, 1). */
  float(): number;
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** A uniform integer in [min, max]. */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One key of `weights`, each drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** Cents between `min` and `max`, spread evenly over their orders of magnitude (many small, some large). */
  cents(min: number, max: number): number;
}

/** A fresh seed for a run that was not given one: a positive 31-bit integer, easy to copy from the log. */
export function newSeed(): number {
  return randomInt(1, 2 ** 31);
}

/** The seed from the environment (SIMULATION_SEED), or a fresh one. */
export function seedFrom(env: string | undefined): number {
  if (env === undefined || env.trim() === '') return newSeed();
  const seed = Number(env);
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`SIMULATION_SEED must be a non-negative integer, not ${env}`);
  return seed;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createPrng(seed: number): TPrng {
  // Seeds above 2^32 keep their high bits: they are folded into the splitmix state.
  const mix = splitmix32((seed >>> 0) ^ Math.floor(seed / 2 ** 32));
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Let the first outputs, which still show the seed's structure, go by.
  for (let i = 0; i < 12; i++) next();

  const float = () => next() / 2 ** 32;
  const int = (n: number) => Math.floor(float() * n);
  const prng: TPrng = {
    next,
    float,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => float() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as (typeof items)[number];
    },
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = float() * total;
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return (entries.at(-1) as [keyof typeof weights, number])[0];
    },
    cents: (min, max) => {
      const low = Math.log(min);
      const high = Math.log(max);
      return Math.min(max, Math.max(min, Math.round(Math.exp(low + float() * (high - low)))));
    },
  };
  return prng;
}
