import type { TStaffRole } from '@meridian/contracts/constants';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeAuth, makeBalance, makeUser, renderWithProviders } from '@/test';
import { AccountControls } from './account-controls';
import { AlertControls } from './alert-controls';
import { ClientMoneyActions } from './client-money-actions';

/** The client page's action cards, as a staff member of `role` sees them (docs/security.md, "Staff roles"). */
function renderAs(role: TStaffRole) {
  answer(getBalance, () => makeBalance());
  const client = makeUser();
  return renderWithProviders(
    <>
      <AccountControls client={client} />
      <ClientMoneyActions client={client} />
      <AlertControls client={client} />
    </>,
    { session: makeAuth('Admin', { staffRole: role }), route: `/admin/client_details/${client.id}` },
  );
}

const MONEY = ['action-credit', 'action-debit', 'action-profit', 'action-clear'];

describe('the client page’s actions by staff role', () => {
  it('offers Support only the message: no money action and no client edit', () => {
    renderAs('Support');
    for (const id of MONEY) expect(screen.queryByTestId(id), id).not.toBeInTheDocument();
    expect(screen.getByTestId('action-message')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact the client' })).toBeInTheDocument();
    expect(screen.queryByTestId('action-update-info')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alert-row-maintenance')).not.toBeInTheDocument();
  });

  it('offers Finance the money actions but no client edit, alert or message', () => {
    renderAs('Finance');
    for (const id of MONEY) expect(screen.getByTestId(id), id).toBeInTheDocument();
    expect(screen.queryByTestId('action-message')).not.toBeInTheDocument();
    expect(screen.queryByTestId('action-update-info')).not.toBeInTheDocument();
    expect(screen.queryByTestId('action-toggle-active')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alert-row-maintenance')).not.toBeInTheDocument();
  });

  it('offers an Admin everything', () => {
    renderAs('Admin');
    for (const id of [...MONEY, 'action-message', 'action-update-info', 'action-toggle-verified']) {
      expect(screen.getByTestId(id), id).toBeInTheDocument();
    }
    expect(screen.getByTestId('alert-row-security')).toBeInTheDocument();
  });
});
