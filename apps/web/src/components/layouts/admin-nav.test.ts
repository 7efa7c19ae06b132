import { PERMISSIONS } from '@meridian/contracts/staff-terms';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, adminNavFor, adminPagePermission } from './admin-nav';

/** The entries a role sees, by their paths. */
function pathsFor(role: Parameters<typeof adminNavFor>[0]): string[] {
  return adminNavFor(role).flatMap((section) => section.items.map((item) => item.to));
}

const EVERY_PATH = ADMIN_NAV.flatMap((section) => section.items.map((item) => item.to));

describe('the back office menu by staff role', () => {
  it('shows an Admin every entry, Staff included', () => {
    expect(pathsFor('Admin')).toEqual(EVERY_PATH);
    expect(pathsFor('Admin')).toContain('/admin/staff');
    expect(adminNavFor('Admin').map((section) => section.titleKey)).toEqual(ADMIN_NAV.map((s) => s.titleKey));
  });

  it('shows Support no money pages: no deposits, withdrawals, transactions or payouts', () => {
    const paths = pathsFor('Support');
    for (const money of [
      '/admin/deposits',
      '/admin/withdrawals',
      '/admin/transactions',
      '/admin/investments',
      '/admin/trades',
      '/admin/plan-upgrades',
      '/admin/charts',
      '/admin/audit',
      '/admin/staff',
    ]) {
      expect(paths, money).not.toContain(money);
    }
    expect(paths).toEqual(
      expect.arrayContaining(['/admin', '/admin/clients', '/admin/kyc/review', '/admin/message-requests']),
    );
  });

  it('drops a section left without entries (Support has nothing under Transactions or Trading)', () => {
    const sections = adminNavFor('Support').map((section) => section.titleKey);
    expect(sections).not.toContain('admin.sections.transactions');
    expect(sections).not.toContain('admin.sections.trading');
    expect(sections).toContain('admin.sections.management');
  });

  it('shows Finance the money but neither Staff nor the client-care pages', () => {
    const paths = pathsFor('Finance');
    expect(paths).not.toContain('/admin/staff');
    expect(paths).not.toContain('/admin/kyc/review');
    expect(paths).not.toContain('/admin/message-requests');
    expect(paths).not.toContain('/admin/signal-list');
    expect(paths).toEqual(
      expect.arrayContaining(['/admin/deposits', '/admin/withdrawals', '/admin/audit', '/admin/clients']),
    );
  });

  it('shows someone without a staff role only the pages every staff member may read', () => {
    expect(pathsFor(null)).toEqual(['/admin/investmentplans', '/admin/depositmethods', '/admin/withdrawalmethods']);
  });

  it('names a known permission (or none) on every entry, and the dashboard needs clients.read', () => {
    for (const item of ADMIN_NAV.flatMap((section) => section.items)) {
      expect([null, ...PERMISSIONS], item.to).toContain(item.permission);
    }
    expect(ADMIN_NAV[0]?.items[0]).toMatchObject({ to: '/admin', permission: 'clients.read' });
  });

  it('gives each page, detail pages included, the permission of its entry', () => {
    expect(adminPagePermission('/admin')).toBe('clients.read');
    expect(adminPagePermission('/admin/deposits')).toBe('money.read');
    expect(adminPagePermission('/admin/transaction-overview/abc')).toBe('money.read');
    expect(adminPagePermission('/admin/trades/due')).toBe('money.read');
    expect(adminPagePermission('/admin/client_details/abc')).toBe('clients.read');
    expect(adminPagePermission('/admin/staff')).toBe('staff.manage');
    expect(adminPagePermission('/admin/depositmethod/abc')).toBeNull();
    // One's own pages and a mistyped address: nothing beyond being staff (the not-found page says the rest).
    expect(adminPagePermission('/admin/profile/abc')).toBeNull();
    expect(adminPagePermission('/admin/no-such-page')).toBeNull();
  });
});
