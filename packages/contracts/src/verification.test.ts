import { describe, expect, it } from 'vitest';
import { KYC_STATUSES } from './constants.ts';
import { verificationState } from './verification.ts';

describe('verificationState', () => {
  it('a new client: nothing done, documents to submit', () => {
    expect(verificationState({ isVerified: false, kycStatus: 'not submitted' })).toEqual({
      verified: false,
      verifiedBy: null,
      steps: { submitted: false, approved: false, verified: false },
      missing: 'submit',
      maySubmit: true,
    });
  });

  it('documents under review: submitted, waiting, nothing to submit', () => {
    expect(verificationState({ isVerified: false, kycStatus: 'pending' })).toEqual({
      verified: false,
      verifiedBy: null,
      steps: { submitted: true, approved: false, verified: false },
      missing: 'review',
      maySubmit: false,
    });
  });

  it('documents rejected: submit them again', () => {
    expect(verificationState({ isVerified: false, kycStatus: 'rejected' })).toMatchObject({
      verified: false,
      steps: { submitted: true, approved: false, verified: false },
      missing: 'resubmit',
      maySubmit: true,
    });
  });

  it('documents approved: verified through them, every step done', () => {
    expect(verificationState({ isVerified: true, kycStatus: 'approved' })).toEqual({
      verified: true,
      verifiedBy: 'documents',
      steps: { submitted: true, approved: true, verified: true },
      missing: null,
      maySubmit: false,
    });
  });

  it.each(['not submitted', 'pending', 'rejected'] as const)(
    'an admin’s Verify without approved documents (%s) verifies the account',
    (kycStatus) => {
      const state = verificationState({ isVerified: true, kycStatus });
      expect(state).toMatchObject({ verified: true, verifiedBy: 'admin', missing: null, maySubmit: false });
      expect(state.steps.verified).toBe(true);
      expect(state.steps.approved).toBe(false);
    },
  );

  it('approved documents whose verification an admin withdrew: not verified, may submit again', () => {
    expect(verificationState({ isVerified: false, kycStatus: 'approved' })).toEqual({
      verified: false,
      verifiedBy: null,
      steps: { submitted: true, approved: true, verified: false },
      missing: 'withdrawn',
      maySubmit: true,
    });
  });

  it('is verified exactly when the account is, and then nothing is missing', () => {
    for (const kycStatus of KYC_STATUSES) {
      for (const isVerified of [true, false]) {
        const state = verificationState({ isVerified, kycStatus });
        expect(state.verified).toBe(isVerified);
        expect(state.missing === null).toBe(isVerified);
        expect(state.steps.verified).toBe(isVerified);
      }
    }
  });
});
