import { toCents } from '@meridian/contracts/money';
import type { TReserveProof } from '@meridian/contracts/reserves';
import { verifyInclusion } from '@meridian/contracts/reserves-merkle';
import { useEffect, useState } from 'react';

export type TInclusionState = 'checking' | 'included' | 'failed';

/**
 * Checks the client's proof in their own browser (Web Crypto, contracts/reserves-merkle.ts): the leaf
 * is hashed from the salt, their id and the balance shown, then followed up the proof, and the result
 * must be the root published for that snapshot — given separately (`publishedRoot`), not the one the
 * proof answer carries, so the check does not only trust the answer it checks.
 */
export function useInclusionCheck(
  proof: TReserveProof | undefined,
  publishedRoot: string | undefined,
): TInclusionState {
  const [state, setState] = useState<TInclusionState>('checking');
  useEffect(() => {
    if (!proof || !publishedRoot) return;
    let current = true;
    setState('checking');
    checkInclusion(proof, publishedRoot).then(
      (ok) => current && setState(ok ? 'included' : 'failed'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [proof, publishedRoot]);
  return state;
}

/** Whether the proof's leaf leads to `publishedRoot`, with the balance it shows (in cents) being the one hashed. */
export async function checkInclusion(proof: TReserveProof, publishedRoot: string): Promise<boolean> {
  // The balance shown must be the one hashed: its cents, not another figure, go into the leaf.
  if (toCents(proof.leaf.balance)?.toString() !== proof.leaf.cents) return false;
  return verifyInclusion(
    { salt: proof.leaf.salt, clientId: proof.leaf.clientId, cents: proof.leaf.cents },
    proof.proof,
    publishedRoot,
  );
}
