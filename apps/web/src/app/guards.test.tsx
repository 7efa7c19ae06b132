import type { TStaffRole } from '@meridian/contracts/constants';
import { refresh } from '@meridian/contracts/endpoints/auth';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPagePermission } from '@/components/layouts/admin-nav';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { answer, makeAuth, renderWithProviders } from '@/test';
import { PersistLogin, RequirePermission } from './guards';
import { NotAllowedPage } from './routes/shell/not-allowed';

describe('PersistLogin', () => {
  afterEach(() => writeStorage(STORAGE_KEYS.persist, null));

  it('shows the splash only until the remembered session is restored, then the page', async () => {
    writeStorage(STORAGE_KEYS.persist, 'true');
    const sent = answer(refresh, () => makeAuth('Client'));
    renderWithProviders(
      <Routes>
        <Route element={<PersistLogin />}>
          <Route path="*" element={<p>The page</p>} />
        </Route>
      </Routes>,
    );
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    // No fixed minimum: the page follows the answer (it once waited 1.5 s whatever the answer took).
    expect(await screen.findByText('The page', undefined, { timeout: 500 })).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(session.get()?.role).toBe('Client');
  });
});

describe('RequirePermission', () => {
  /** The admin area's guard, with the sidebar's table of what each page needs. */
  function visit(route: string, staffRole: TStaffRole) {
    return renderWithProviders(
      <Routes>
        <Route element={<RequirePermission permissionOf={adminPagePermission} refused={<NotAllowedPage />} />}>
          <Route path="*" element={<h1>The page</h1>} />
        </Route>
      </Routes>,
      { session: makeAuth('Admin', { staffRole }), route },
    );
  }

  it('tells Support in the page that their role does not allow the deposits, instead of showing them', () => {
    visit('/admin/deposits', 'Support');
    expect(screen.getByRole('heading', { name: 'Your role does not allow this' })).toBeInTheDocument();
    expect(screen.queryByText('The page')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to overview' })).toHaveAttribute('href', '/admin');
  });

  it('guards a detail page as its list: a transaction’s overview is money', () => {
    visit('/admin/transaction-overview/abc', 'Support');
    expect(screen.getByTestId('not-allowed')).toHaveTextContent('Your role does not allow this');
  });

  it('shows Finance the deposits but not the staff page', () => {
    const { unmount } = visit('/admin/deposits', 'Finance');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    unmount();
    visit('/admin/staff', 'Finance');
    expect(screen.getByTestId('not-allowed')).toBeInTheDocument();
  });

  it('shows every staff member what needs no permission (the plans, their own profile), and an Admin everything', () => {
    for (const route of ['/admin/investmentplans', '/admin/profile/abc', '/admin/security']) {
      const { unmount } = visit(route, 'Support');
      expect(screen.getByRole('heading', { name: 'The page' }), route).toBeInTheDocument();
      unmount();
    }
    visit('/admin/staff', 'Admin');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('says it in the reader’s language', () => {
    renderWithProviders(<NotAllowedPage />, { session: makeAuth('Admin', { staffRole: 'Support' }), language: 'de' });
    expect(screen.getByRole('heading', { name: 'Ihre Rolle erlaubt das nicht' })).toBeInTheDocument();
  });
});
