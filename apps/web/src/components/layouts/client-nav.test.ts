import { describe, expect, it } from 'vitest';
import { ADMIN_NAV } from './admin-nav';
import { clientNavItems, needsVerification } from './client-nav';
import { isNavItemActive } from './shell-nav-item';

const USER_ID = '6f1c2a9e-0000-4000-8000-000000000001';

/** The labels of the entries highlighted on `pathname`. */
function activeClientEntries(pathname: string): string[] {
  return clientNavItems(USER_ID)
    .filter((item) => isNavItemActive(item, pathname))
    .map((item) => item.labelKey);
}

function activeAdminEntries(pathname: string): string[] {
  return ADMIN_NAV.flatMap((section) => section.items)
    .filter((item) => isNavItemActive(item, pathname))
    .map((item) => item.labelKey);
}

describe('client sidebar highlighting', () => {
  it('marks exactly one entry on each page', () => {
    expect(activeClientEntries('/user')).toEqual(['nav.overview']);
    expect(activeClientEntries('/user/balance')).toEqual(['nav.balance']);
    expect(activeClientEntries('/user/investments')).toEqual(['nav.investments']);
    expect(activeClientEntries('/user/orders')).toEqual(['nav.orders']);
  });

  it('highlights KYC on both the status and the submit page', () => {
    expect(activeClientEntries('/user/kyc/status')).toEqual(['nav.kyc']);
    expect(activeClientEntries('/user/kyc/submit')).toEqual(['nav.kyc']);
  });

  it('keeps the parent entry on detail and tab pages', () => {
    expect(activeClientEntries('/user/depositmethod/abc')).toEqual(['nav.addFunds']);
    expect(activeClientEntries('/user/deposit')).toEqual(['nav.addFunds']);
    expect(activeClientEntries('/user/deposits')).toEqual(['nav.transactions']);
    expect(activeClientEntries('/user/transaction/abc')).toEqual(['nav.transactions']);
    expect(activeClientEntries(`/user/profile/${USER_ID}`)).toEqual(['nav.profile']);
  });

  it('matches whole path segments only', () => {
    expect(activeClientEntries('/user/signal-trades')).toEqual(['nav.signalTrades']);
    expect(activeClientEntries('/user/withdrawals')).toEqual(['nav.transactions']);
  });
});

describe('admin sidebar highlighting', () => {
  it('keeps the list entry on its detail and sub pages', () => {
    expect(activeAdminEntries('/admin')).toEqual(['admin.nav.overview']);
    expect(activeAdminEntries('/admin/trades/due')).toEqual(['admin.nav.trades']);
    expect(activeAdminEntries('/admin/withdrawalmethod/abc')).toEqual(['admin.nav.withdrawalMethods']);
    expect(activeAdminEntries('/admin/client_details/abc')).toEqual(['admin.nav.clients']);
    expect(activeAdminEntries('/admin/kyc/all')).toEqual(['admin.nav.kycAll']);
    // Pending Orders and Position Management share the start of their words, not their paths.
    expect(activeAdminEntries('/admin/pending-orders')).toEqual(['admin.nav.pendingOrders']);
  });
});

describe('needsVerification (the red dot of the KYC entry)', () => {
  it('follows the one verification rule: verified accounts carry no dot, whatever their documents say', () => {
    expect(needsVerification({ isVerified: false, kycStatus: 'not submitted' })).toBe(true);
    expect(needsVerification({ isVerified: false, kycStatus: 'pending' })).toBe(true);
    expect(needsVerification({ isVerified: false, kycStatus: 'rejected' })).toBe(true);
    // An admin withdrew the verification after the documents were approved.
    expect(needsVerification({ isVerified: false, kycStatus: 'approved' })).toBe(true);
    expect(needsVerification({ isVerified: true, kycStatus: 'approved' })).toBe(false);
    // An admin's Verify without approved documents: the profile says Verified, so no dot either.
    expect(needsVerification({ isVerified: true, kycStatus: 'not submitted' })).toBe(false);
    expect(needsVerification({ isVerified: true, kycStatus: 'pending' })).toBe(false);
  });
});
