import type { TLiveTopic } from '@meridian/contracts/live-terms';
import { noteChange } from '../../../db/after-commit.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { onPosted, type TPosting } from '../../../ledger/ledger.ts';

/**
 * Notes that `topics` of `userId` changed, for the live streams (docs/architecture.md, "Live account
 * updates"): given a transaction, told once it commits; given the database, told at once.
 */
export function noteLiveChange(db: DbOrTx, userId: string, topics: readonly TLiveTopic[]): void {
  noteChange(db, userId, topics);
}

/** What a posting changes for each user whose account it moves. */
function topicsOf(posting: TPosting): readonly TLiveTopic[] {
  return posting.kind.startsWith('position.') ? POSITION_TOPICS : MONEY_TOPICS;
}
const MONEY_TOPICS: readonly TLiveTopic[] = ['balances', 'transactions'];
const POSITION_TOPICS: readonly TLiveTopic[] = ['balances', 'transactions', 'positions'];

/**
 * Every posting of this process notes its users' changes in the transaction it is written in (the
 * ledger tells its listeners inside the transaction; the note waits for the commit). Registered once.
 */
let listening = false;
export function listenToPostings(): void {
  if (listening) return;
  listening = true;
  onPosted((postings) => {
    for (const posting of postings) {
      const topics = topicsOf(posting);
      for (const leg of posting.legs) if (leg.userId && leg.amount !== 0n) noteChange(undefined, leg.userId, topics);
    }
  });
}
