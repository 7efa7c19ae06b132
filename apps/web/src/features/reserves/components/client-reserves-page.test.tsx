import { getReserveProof, getReserveSnapshots } from '@meridian/contracts/endpoints/reserves';
import type { TReserveProof, TReserveSnapshotSummary } from '@meridian/contracts/reserves';
import { leafHash, merkleLevels, merkleProof, merkleRoot } from '@meridian/contracts/reserves-merkle';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { ClientReservesPage } from './client-reserves-page';

/**
 * The client's inclusion check runs in the browser (contracts/reserves-merkle.ts, Web Crypto): a real
 * tree is built here over the client's leaf and others, and the page must verify the true balance
 * and refuse a tampered one.
 */

const SALT = 'ab'.repeat(32);
const OTHERS = [
  { salt: 'cd'.repeat(32), clientId: '77777777-7777-4777-8777-777777777777', cents: '500' },
  { salt: 'ef'.repeat(32), clientId: '88888888-8888-4888-8888-888888888888', cents: '9999' },
];

async function treeWith(cents: string) {
  const mine = { salt: SALT, clientId: IDS.client, cents };
  const hashes = await Promise.all([mine, ...OTHERS].map(leafHash));
  const root = await merkleRoot(hashes);
  const hash = await leafHash(mine);
  const proof = merkleProof(await merkleLevels(hashes), hash) ?? [];
  const snapshot: TReserveSnapshotSummary = {
    id: '99999999-9999-4999-8999-999999999999',
    root,
    leafCount: 3,
    liabilities: 226.33,
    assets: 300,
    onChain: 100,
    declared: 200,
    coverageBps: 13254,
    createdAt: '2026-11-28T09:30:00.000Z',
  };
  const answerOf = (leafCents: string, balance: number): TReserveProof => ({
    snapshot,
    leaf: { clientId: IDS.client, salt: SALT, cents: leafCents, balance, hash },
    proof,
  });
  return { snapshot, answerOf };
}

function renderPage() {
  return renderWithProviders(<ClientReservesPage />, { session: 'Client', route: '/user/reserves' });
}

describe('Proof of reserves (client)', () => {
  it('verifies the client’s balance against the published root, in the browser', async () => {
    const { snapshot, answerOf } = await treeWith('12034');
    answer(getReserveSnapshots, () => ({ snapshots: [snapshot] }));
    answer(getReserveProof, () => answerOf('12034', 120.34));
    renderPage();
    expect(await screen.findByTestId('inclusion-verified')).toHaveTextContent(
      'Your balance of $120.34 is included in the snapshot of Nov 28, 2026',
    );
    expect(screen.getByTestId('published-root')).toHaveTextContent(snapshot.root);
    expect(screen.getByTestId('reserve-coverage')).toHaveTextContent('132.54%');
    expect(screen.getByTestId('reserve-coverage')).toHaveTextContent('Covered');
  });

  it('says so when the balance shown is not the one in the tree', async () => {
    const { snapshot, answerOf } = await treeWith('12034');
    answer(getReserveSnapshots, () => ({ snapshots: [snapshot] }));
    // The answer claims a larger balance than the leaf the root was built over.
    answer(getReserveProof, () => answerOf('99999', 999.99));
    renderPage();
    expect(await screen.findByTestId('inclusion-failed')).toHaveTextContent(
      'Your balance of $999.99 could not be verified',
    );
    expect(screen.queryByTestId('inclusion-verified')).not.toBeInTheDocument();
  });

  it('says so when a different root is published than the one the proof leads to', async () => {
    const { snapshot, answerOf } = await treeWith('12034');
    answer(getReserveSnapshots, () => ({ snapshots: [{ ...snapshot, root: 'f'.repeat(64) }] }));
    answer(getReserveProof, () => answerOf('12034', 120.34));
    renderPage();
    expect(await screen.findByTestId('inclusion-failed')).toBeInTheDocument();
  });

  it('tells a client who joined after the snapshot that they are not in it', async () => {
    const { snapshot } = await treeWith('1');
    answer(getReserveSnapshots, () => ({ snapshots: [snapshot] }));
    answer(getReserveProof, () => refuse(404, { error: 'NOT_FOUND', key: 'reserves.notInSnapshot' }));
    renderPage();
    expect(await screen.findByText('Your account was not part of this snapshot')).toBeInTheDocument();
  });

  it('says when nothing is published yet', async () => {
    answer(getReserveSnapshots, () => ({ snapshots: [] }));
    renderPage();
    expect(await screen.findByText('No snapshot published yet')).toBeInTheDocument();
  });
});
