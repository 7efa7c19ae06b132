import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';
import {
  ZReserveDeclarationAnswer,
  ZReserveDeclarationInput,
  ZReserveMessage,
  ZReserveProof,
  ZReserveProofQuery,
  ZReserveSnapshotAnswer,
  ZReserveSnapshotList,
  ZReserveSnapshotSummary,
  ZReservesOverview,
} from '../reserves.ts';

/** Proof of reserves (docs/money.md, "Proof of reserves"). */
const tag = 'reserves';

export const getReservesOverview = defineEndpoint({
  method: 'GET',
  path: '/admin/reserves',
  tag,
  summary: 'Liabilities against assets: the snapshots taken, their roots, and the reserves declared',
  response: ZReservesOverview,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const takeReserveSnapshot = defineEndpoint({
  method: 'POST',
  path: '/admin/reserves/snapshots',
  tag,
  summary: 'Take a snapshot: every client’s balance from the ledger in one read, the Merkle root, and the assets',
  response: ZReserveSnapshotAnswer,
  status: 201,
  errors: COMMON_ERRORS,
  permission: 'money.manage',
});

export const declareReserve = defineEndpoint({
  method: 'POST',
  path: '/admin/reserves/declarations',
  tag,
  summary: 'Declare a reserve with its evidence, or replace a standing declaration',
  body: ZReserveDeclarationInput,
  encodings: ['json'],
  response: ZReserveDeclarationAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404],
  permission: 'money.manage',
});

export const removeReserveDeclaration = defineEndpoint({
  method: 'DELETE',
  path: '/admin/reserves/declarations/:id',
  tag,
  summary: 'Remove a standing declaration (it is kept, marked removed)',
  params: ZIdParams,
  response: ZReserveMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'money.manage',
});

export const getReserveSnapshots = defineEndpoint({
  method: 'GET',
  path: '/reserves/snapshots',
  tag,
  summary: 'The published snapshots (root and totals), newest first',
  response: ZReserveSnapshotList,
  errors: COMMON_ERRORS,
});

export const getReserveProof = defineEndpoint({
  method: 'GET',
  path: '/reserves/proof',
  tag,
  summary: 'The signed-in client’s leaf in a snapshot (the latest by default) and its Merkle proof',
  query: ZReserveProofQuery,
  response: ZReserveProof,
  errors: [...COMMON_ERRORS, 404],
});

export const getPublicReserves = defineEndpoint({
  method: 'GET',
  path: '/public/reserves',
  tag,
  summary: 'The latest snapshot’s root and totals, for anyone (when the operator publishes them)',
  response: ZReserveSnapshotSummary,
  errors: [404],
});
