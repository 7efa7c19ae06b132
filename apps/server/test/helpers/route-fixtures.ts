import type { FastifyInstance } from 'fastify';
import { insertSupportMessage } from '../../src/modules/back-office/support/support.repository.ts';
import { insertDepositMethod, insertWithdrawalMethod } from '../../src/modules/money/methods/methods.repository.ts';
import { insertTransaction } from '../../src/modules/money/transactions/transactions.repository.ts';
import { createUser } from './factories.ts';
import { createPendingInvestment, createPlanRow } from './investment-fixtures.ts';
import { createKycSubmission } from './kyc-fixtures.ts';
import { createUnlockRequest } from './recovery-fixtures.ts';
import { createCompletedWithdrawal, createPendingWithdrawal, createWithdrawalMethod } from './withdrawal-fixtures.ts';

/**
 * Records that rows of `route-table.ts` name in their paths and bodies, made once per test file.
 * A row that changes or deletes a record has a record of its own, so the rows may run in any order.
 */
export interface TRouteFixtures {
  /** A live deposit method: read, and used by the sample deposit. */
  depositMethodId: string;
  depositMethodToUpdateId: string;
  depositMethodToDeleteId: string;
  withdrawalMethodId: string;
  withdrawalMethodToUpdateId: string;
  withdrawalMethodToDeleteId: string;
  /** Deposits of the owner (client A): `depositId` Declined, the others Pending. */
  depositId: string;
  /** The one the owner gives a transfer reference for. */
  depositToReferenceId: string;
  depositToDecideId: string;
  depositToDeleteId: string;
  transactionToDecideId: string;
  transactionToDeleteId: string;
  /** Pending withdrawals of the owner (their hold is on the owner's account). */
  withdrawalToDecideId: string;
  withdrawalToDeleteId: string;
  /** A completed withdrawal of the owner, for the payout reference. */
  withdrawalCompletedId: string;
  /** A withdrawal method whose payouts may be watched on chain, and a pending withdrawal of the owner on it. */
  payoutMethodId: string;
  withdrawalOnChainId: string;
  /** Support-form messages: one read, one deleted. */
  supportMessageId: string;
  supportMessageToDeleteId: string;
  /** Recovery: pending unlock requests of clients of their own (read, approved, rejected), and the
   * request whose temporary code the temp-login row uses (its client's reset link too). */
  unlockRequestId: string;
  unlockToApproveId: string;
  unlockToRejectId: string;
  recoveryRequest: { id: string; userId: string; email: string };
  /** A client of its own for Deactivate (deactivating the owner would sign client A out of later rows). */
  clientToDeactivateId: string;
  /** A zero-balance client of its own for Delete (closing the owner would end client A's rows). */
  clientToCloseId: string;
  /** A Support staff member whose role the Staff rows change. */
  staffMemberId: string;
  /** KYC submissions of the owner, decided: one read (with its images), one the review rows make pending. */
  kycId: string;
  kycToReviewId: string;
  /** Investment plans: one read and invested in (min $10), one edited, one deleted, one to upgrade to. */
  planId: string;
  planToUpdateId: string;
  planToDeleteId: string;
  upgradePlanId: string;
  /** A Pending investment from balance of a client of its own, for the admin's status row. */
  investmentToDecideId: string;
}

export async function createRouteFixtures(app: FastifyInstance, ownerId: string): Promise<TRouteFixtures> {
  const depositMethod = () =>
    insertDepositMethod(app.db, {
      name: 'USDT (TRC20)',
      value: 'TXfixtureWalletAddress000000000000',
      description: 'Fixture method',
      minAmount: 1_000n,
      maxAmount: 5_000_000n,
    }).then((m) => m.id);
  const withdrawalMethod = () =>
    insertWithdrawalMethod(app.db, {
      name: 'Bitcoin (BTC)',
      description: 'Fixture method',
      minAmount: 1_000n,
      maxAmount: 5_000_000n,
    }).then((m) => m.id);
  const depositMethodId = await depositMethod();
  const deposit = (status: 'Pending' | 'Declined' = 'Pending') =>
    insertTransaction(app.db, {
      userId: ownerId,
      type: 'Deposit',
      status,
      amount: 10_000n,
      direction: 'in',
      depositMethodId,
      depositMethodName: 'USDT (TRC20)',
      depositMethodValue: 'TXfixtureWalletAddress000000000000',
    }).then((t) => t.id);
  return {
    depositMethodId,
    depositMethodToUpdateId: await depositMethod(),
    depositMethodToDeleteId: await depositMethod(),
    withdrawalMethodId: await withdrawalMethod(),
    withdrawalMethodToUpdateId: await withdrawalMethod(),
    withdrawalMethodToDeleteId: await withdrawalMethod(),
    // Declined: only read, and it keeps A under MAX_PENDING_DEPOSITS so A's POST /api/deposit is accepted.
    depositId: await deposit('Declined'),
    depositToReferenceId: await deposit(),
    depositToDecideId: await deposit(),
    depositToDeleteId: await deposit(),
    transactionToDecideId: await deposit(),
    transactionToDeleteId: await deposit(),
    ...(await createWithdrawalRouteFixtures(app, ownerId)),
    supportMessageId: await supportMessage(app),
    supportMessageToDeleteId: await supportMessage(app),
    unlockRequestId: (await createUnlockRequest(app)).id,
    unlockToApproveId: (await createUnlockRequest(app)).id,
    unlockToRejectId: (await createUnlockRequest(app)).id,
    recoveryRequest: await createUnlockRequest(app),
    clientToDeactivateId: (await createUser(app, 'Client')).id,
    clientToCloseId: (await createUser(app, 'Client')).id,
    staffMemberId: (await createUser(app, 'Admin', { staffRole: 'Support' })).id,
    kycId: await createKycSubmission(app, ownerId),
    kycToReviewId: await createKycSubmission(app, ownerId),
    ...(await createInvestmentRouteFixtures(app)),
  };
}

/** Plans, and a Pending investment of a client of its own (funded by an admin credit). */
async function createInvestmentRouteFixtures(app: FastifyInstance) {
  const planId = (await createPlanRow(app)).id;
  const investor = await createUser(app, 'Client');
  return {
    planId,
    planToUpdateId: (await createPlanRow(app)).id,
    planToDeleteId: (await createPlanRow(app)).id,
    upgradePlanId: (await createPlanRow(app)).id,
    investmentToDecideId: await createPendingInvestment(app, investor.id, planId),
  };
}

/** Two pending withdrawals of the owner and a completed one, funded by an admin credit (an admin must exist). */
async function createWithdrawalRouteFixtures(app: FastifyInstance, ownerId: string) {
  const method = await createWithdrawalMethod(app);
  const onChain = await createWithdrawalMethod(app, { name: 'USDT (ERC20)', description: 'Tether on Ethereum' });
  return {
    withdrawalToDecideId: await createPendingWithdrawal(app, ownerId, method.id, 5_000n),
    withdrawalToDeleteId: await createPendingWithdrawal(app, ownerId, method.id, 5_000n),
    withdrawalCompletedId: await createCompletedWithdrawal(app, ownerId, method.id, 5_000n),
    payoutMethodId: onChain.id,
    withdrawalOnChainId: await createPendingWithdrawal(app, ownerId, onChain.id, 5_000n),
  };
}

const supportMessage = (app: FastifyInstance) =>
  insertSupportMessage(app.db, {
    name: 'Ada Visitor',
    email: 'ada.visitor@example.com',
    phone: '+1 555 010 9999',
    message: 'Fixture support message',
  }).then((m) => m.id);
