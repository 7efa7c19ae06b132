import { randomBytes } from 'node:crypto';
import type { TAuditAction } from '@meridian/contracts/balances';
import { fromCents } from '@meridian/contracts/money';
import type {
  TReserveChainAsset,
  TReserveDeclaration,
  TReserveDeclarationInput,
  TReserveProof,
  TReserveSnapshot,
  TReserveSnapshotSummary,
} from '@meridian/contracts/reserves';
import { leafHash, merkleLevels, merkleProof, merkleRoot } from '@meridian/contracts/reserves-merkle';
import type { Db } from '../../../db/client.ts';
import type { TStoredChainAsset, TStoredDeclaration, TStoredLiabilities } from '../../../db/schema/reserves.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { clientLiabilitiesIn, liabilityCents } from '../balances/index.ts';
import { type TReserveReadDeps, watchedReserveBalances } from '../chain-deposits/index.ts';
import {
  findDeclaration,
  findLeaf,
  findSnapshot,
  findSnapshotWithPerson,
  insertDeclaration,
  insertSnapshot,
  latestSnapshot,
  leafHashesOf,
  lockStandingDeclaration,
  markRemoved,
  recentSnapshots,
  standingDeclarations,
  type TDeclarationRow,
  type TSnapshotRow,
  type TWithPerson,
} from './reserves.repository.ts';

/**
 * Proof of reserves (docs/money.md, "Proof of reserves"): snapshots of what the platform owes every
 * client (the ledger's client accounts, read in one consistent read) against what it holds (the
 * watched addresses read from the chain, and the reserves staff declare with evidence), with a Merkle
 * tree of salted client leaves (contracts/reserves-merkle.ts) whose root is published.
 */

/** Snapshots the back office lists, and the ones a client may choose from. */
const SNAPSHOTS_LISTED = 50;
const SNAPSHOTS_PUBLISHED = 20;

const nameOf = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();
const declarationNotFound = () => new AppError('NOT_FOUND', 'reserves.declarationNotFound');
const noSnapshot = () => new AppError('NOT_FOUND', 'reserves.noSnapshot');

/** Assets ÷ liabilities in basis points, rounded down; null when nothing is owed. */
export function coverageBps(assets: bigint, liabilities: bigint): number | null {
  return liabilities > 0n ? Number((assets * 10_000n) / liabilities) : null;
}

function toSummary(row: TSnapshotRow): TReserveSnapshotSummary {
  const assets = row.onChain + row.declared;
  return {
    id: row.id,
    root: row.root,
    leafCount: row.leafCount,
    liabilities: fromCents(row.liabilities),
    assets: fromCents(assets),
    onChain: fromCents(row.onChain),
    declared: fromCents(row.declared),
    coverageBps: coverageBps(assets, row.liabilities),
    createdAt: row.createdAt.toISOString(),
  };
}

function toChainAsset(a: TStoredChainAsset): TReserveChainAsset {
  return {
    depositMethodId: a.depositMethodId,
    methodName: a.methodName,
    chain: a.chain,
    asset: a.asset,
    tokenAddress: a.tokenAddress,
    block: a.block === null ? null : Number(a.block),
    addresses: a.addresses,
    amountBase: a.amountBase,
    decimals: a.decimals,
    rate: a.rateCents === null ? null : fromCents(BigInt(a.rateCents)),
    amount: fromCents(BigInt(a.cents)),
    status: a.status,
  };
}

function toSnapshot(row: TWithPerson<TSnapshotRow>): TReserveSnapshot {
  const by = row.liabilitiesByAccount;
  return {
    ...toSummary(row),
    liabilitiesByAccount: {
      balance: fromCents(BigInt(by.balance)),
      trading: fromCents(BigInt(by.trading)),
      profit: fromCents(BigInt(by.profit)),
      bonus: fromCents(BigInt(by.bonus)),
      withdrawalHold: fromCents(BigInt(by.withdrawalHold)),
    },
    chainAssets: row.chainAssets.map(toChainAsset),
    declarations: row.declarations.map((d) => ({
      id: d.id,
      label: d.label,
      amount: fromCents(BigInt(d.cents)),
      evidence: d.evidence,
    })),
    createdBy: { id: row.createdBy, name: nameOf(row.person) },
  };
}

function toDeclaration(row: TWithPerson<TDeclarationRow>): TReserveDeclaration {
  return {
    id: row.id,
    label: row.label,
    amount: fromCents(row.amount),
    evidence: row.evidence,
    declaredBy: { id: row.declaredBy, name: nameOf(row.person) },
    declaredAt: row.declaredAt.toISOString(),
    replacesId: row.replacesId,
  };
}

// --- the back office ------------------------------------------------------------------------------

export async function reservesOverview(db: Db, publicPage: boolean) {
  const [snapshots, declarations] = await Promise.all([
    recentSnapshots(db, SNAPSHOTS_LISTED),
    standingDeclarations(db),
  ]);
  return { snapshots: snapshots.map(toSnapshot), declarations: declarations.map(toDeclaration), publicPage };
}

/**
 * Takes a snapshot. The chain is read first, outside any database transaction (a node may be slow);
 * then every client's accounts and the standing declarations are read in one repeatable-read
 * transaction, so the liabilities are one consistent state of the ledger whatever is posted
 * meanwhile; each client gets a fresh random salt, the tree is built, and the snapshot and its leaves
 * are written in one transaction with its audit entry.
 */
export async function takeSnapshot(db: Db, actorId: string, chain: TReserveReadDeps): Promise<TReserveSnapshot> {
  const watched = await watchedReserveBalances(db, chain);
  const { clients, declarations } = await db.transaction(
    async (tx) => ({ clients: await clientLiabilitiesIn(tx), declarations: await standingDeclarations(tx) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const by = { balance: 0n, trading: 0n, profit: 0n, bonus: 0n, withdrawalHold: 0n };
  const leaves = await Promise.all(
    clients.map(async (client) => {
      by.balance += client.balance;
      by.trading += client.trading;
      by.profit += client.profit;
      by.bonus += client.bonus;
      by.withdrawalHold += client.withdrawalHold;
      const cents = liabilityCents(client);
      const salt = randomBytes(32).toString('hex');
      const hash = await leafHash({ salt, clientId: client.userId, cents: cents.toString() });
      return { userId: client.userId, salt, cents, hash };
    }),
  );
  const liabilities = by.balance + by.trading + by.profit + by.bonus + by.withdrawalHold;
  const root = await merkleRoot(leaves.map((l) => l.hash));
  const onChain = watched.reduce((sum, w) => sum + w.cents, 0n);
  const declared = declarations.reduce((sum, d) => sum + d.amount, 0n);
  const liabilitiesByAccount: TStoredLiabilities = {
    balance: by.balance.toString(),
    trading: by.trading.toString(),
    profit: by.profit.toString(),
    bonus: by.bonus.toString(),
    withdrawalHold: by.withdrawalHold.toString(),
  };
  const chainAssets: TStoredChainAsset[] = watched.map((w) => ({
    ...w,
    block: w.block === null ? null : w.block.toString(),
    amountBase: w.amountBase.toString(),
    rateCents: w.rateCents === null ? null : w.rateCents.toString(),
    cents: w.cents.toString(),
  }));
  const storedDeclarations: TStoredDeclaration[] = declarations.map((d) => ({
    id: d.id,
    label: d.label,
    cents: d.amount.toString(),
    evidence: d.evidence,
  }));

  const row = await db.transaction(async (tx) => {
    const row = await insertSnapshot(
      tx,
      {
        root,
        leafCount: leaves.length,
        liabilities,
        liabilitiesByAccount,
        onChain,
        declared,
        chainAssets,
        declarations: storedDeclarations,
        createdBy: actorId,
      },
      leaves,
    );
    await recordAudit(tx, {
      actorId,
      action: 'reserve.snapshot' satisfies TAuditAction,
      entityType: 'reserveSnapshot',
      entityId: row.id,
      before: null,
      after: {
        root,
        leafCount: leaves.length,
        liabilities: fromCents(liabilities),
        assets: fromCents(onChain + declared),
      },
    });
    return row;
  });
  const taken = await findSnapshotWithPerson(db, row.id);
  if (!taken) throw notFound();
  return toSnapshot(taken);
}

/** Declares a reserve, replacing a standing one in the same step when it names one; audited. */
export async function declareReserve(
  db: Db,
  actorId: string,
  input: TReserveDeclarationInput,
): Promise<TReserveDeclaration> {
  const amount = centsOf(input.amount);
  const id = await db.transaction(async (tx) => {
    let replaced: TDeclarationRow | undefined;
    if (input.replacesId) {
      replaced = await lockStandingDeclaration(tx, input.replacesId);
      if (!replaced) throw declarationNotFound();
      await markRemoved(tx, replaced.id, actorId);
    }
    const row = await insertDeclaration(tx, {
      label: input.label,
      amount,
      evidence: input.evidence,
      declaredBy: actorId,
      replacesId: replaced?.id ?? null,
    });
    await recordAudit(tx, {
      actorId,
      action: 'reserve.declare' satisfies TAuditAction,
      entityType: 'reserveDeclaration',
      entityId: row.id,
      before: replaced
        ? { id: replaced.id, label: replaced.label, amount: fromCents(replaced.amount), evidence: replaced.evidence }
        : null,
      after: { label: row.label, amount: fromCents(row.amount), evidence: row.evidence },
    });
    return row.id;
  });
  const row = await findDeclaration(db, id);
  if (!row) throw notFound();
  return toDeclaration(row);
}

/** Removes a standing declaration (kept, marked removed); audited. */
export async function removeDeclaration(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockStandingDeclaration(tx, id);
    if (!row) throw declarationNotFound();
    await markRemoved(tx, id, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'reserve.remove' satisfies TAuditAction,
      entityType: 'reserveDeclaration',
      entityId: id,
      before: { label: row.label, amount: fromCents(row.amount), evidence: row.evidence },
      after: { deleted: true },
    });
  });
}

// --- clients and the public -----------------------------------------------------------------------

export async function publishedSnapshots(db: Db): Promise<TReserveSnapshotSummary[]> {
  return (await recentSnapshots(db, SNAPSHOTS_PUBLISHED)).map(toSummary);
}

/** The latest snapshot's root and totals; 404 when none is taken yet. */
export async function latestSummary(db: Db): Promise<TReserveSnapshotSummary> {
  const row = await latestSnapshot(db);
  if (!row) throw noSnapshot();
  return toSummary(row);
}

/**
 * The tree levels of recent snapshots, kept in memory: a snapshot never changes, and every client of
 * it asking for their proof would otherwise rebuild the same tree.
 */
const levelsCache = new Map<string, Promise<string[][]>>();
const LEVELS_KEPT = 4;
function levelsOf(db: Db, snapshotId: string): Promise<string[][]> {
  let levels = levelsCache.get(snapshotId);
  if (!levels) {
    levels = leafHashesOf(db, snapshotId).then(merkleLevels);
    levels.catch(() => levelsCache.delete(snapshotId));
    levelsCache.set(snapshotId, levels);
    if (levelsCache.size > LEVELS_KEPT) levelsCache.delete(levelsCache.keys().next().value as string);
  }
  return levels;
}

/** The caller's own leaf in a snapshot (the latest by default) and its path to the root. */
export async function proofOf(db: Db, userId: string, snapshotId?: string): Promise<TReserveProof> {
  const snapshot = snapshotId ? await findSnapshot(db, snapshotId) : await latestSnapshot(db);
  if (!snapshot) throw snapshotId ? notFound() : noSnapshot();
  const leaf = await findLeaf(db, snapshot.id, userId);
  if (!leaf) throw new AppError('NOT_FOUND', 'reserves.notInSnapshot');
  const proof = merkleProof(await levelsOf(db, snapshot.id), leaf.hash);
  if (!proof) throw new Error(`leaf of ${userId} missing from the tree of snapshot ${snapshot.id}`);
  return {
    snapshot: toSummary(snapshot),
    leaf: {
      clientId: userId,
      salt: leaf.salt,
      cents: leaf.cents.toString(),
      balance: fromCents(leaf.cents),
      hash: leaf.hash,
    },
    proof,
  };
}
