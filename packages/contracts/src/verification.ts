import type { TKycStatus } from './constants.ts';

/**
 * What "verified" means, for the server and the web alike (docs/deviations.md, "One meaning of
 * verified"). An account carries two facts:
 *
 * - `isVerified`: the account is verified. Approving a KYC submission sets it; an admin's Verify
 *   sets it without documents (a manual check, audited), Unverify clears it.
 * - `kycStatus`: where the client's identity documents stand (not submitted, pending, approved,
 *   rejected).
 *
 * The account is verified exactly when `isVerified` is set, whatever the documents say: so a screen
 * that only needs yes or no may read `isVerified`. When it is not set, the documents tell the step
 * the client must take (or wait for).
 */

/**
 * The step an unverified client is missing:
 * - `submit`: no documents yet; submit them.
 * - `review`: documents submitted; they are being reviewed.
 * - `resubmit`: the documents were rejected; submit them again.
 * - `withdrawn`: the documents were approved but an admin withdrew the verification; submit again.
 */
export const VERIFICATION_MISSING = ['submit', 'review', 'resubmit', 'withdrawn'] as const;
export type TVerificationMissing = (typeof VERIFICATION_MISSING)[number];

export interface TVerificationState {
  /** The account is verified. */
  verified: boolean;
  /** How it was verified: its documents were approved, or an admin verified it without them. */
  verifiedBy: 'documents' | 'admin' | null;
  /** The steps done: documents submitted, documents approved, account verified. */
  steps: { submitted: boolean; approved: boolean; verified: boolean };
  /** What is missing before the account is verified; null once it is. */
  missing: TVerificationMissing | null;
  /** May the client submit documents now: not verified, and none are waiting for review. */
  maySubmit: boolean;
}

/** What is missing, by the documents' state, for an account that is not verified. */
const MISSING_BY_KYC: Record<TKycStatus, TVerificationMissing> = {
  'not submitted': 'submit',
  pending: 'review',
  rejected: 'resubmit',
  approved: 'withdrawn',
};

/** The one rule: is the account verified, which steps are done, and which is missing. */
export function verificationState(account: { isVerified: boolean; kycStatus: TKycStatus }): TVerificationState {
  const verified = account.isVerified;
  const approved = account.kycStatus === 'approved';
  const missing = verified ? null : MISSING_BY_KYC[account.kycStatus];
  return {
    verified,
    verifiedBy: verified ? (approved ? 'documents' : 'admin') : null,
    steps: { submitted: account.kycStatus !== 'not submitted', approved, verified },
    missing,
    maySubmit: missing !== null && missing !== 'review',
  };
}
