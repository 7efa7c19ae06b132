/**
 * The account's margin level (docs/money.md, "Margin level"): margin equity (cash, the margins of
 * open positions and their unrealised P&L) as a percent of the margin they use. Below the operator's
 * margin-call level the client is told once; below the close-out level the account's largest losing
 * position is closed, one after another, until it is back above. No schemas here: the dashboard's
 * first render imports it (docs/architecture.md, "Schema-free contracts").
 */

/**
 * Margin equity as a percent of the used margin, to 2 decimals, rounded down (a level just under a
 * threshold never shows as the threshold); null with no margin in use (no open position).
 */
export function marginLevel(equityCents: bigint, usedMarginCents: bigint): number | null {
  if (usedMarginCents <= 0n) return null;
  const hundredths = (equityCents * 10_000n) / usedMarginCents;
  // BigInt division truncates towards zero: a negative level rounds down by one more.
  const floored = equityCents < 0n && (equityCents * 10_000n) % usedMarginCents !== 0n ? hundredths - 1n : hundredths;
  return Number(floored) / 100;
}

/** Where an account stands against the operator's levels. */
export type TMarginState = 'ok' | 'call' | 'closeOut';

export function marginState(level: number | null, levels: { callLevel: number; closeOutLevel: number }): TMarginState {
  if (level === null || level >= levels.callLevel) return 'ok';
  return level < levels.closeOutLevel ? 'closeOut' : 'call';
}
