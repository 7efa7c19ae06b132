import type { TApproval } from '@meridian/contracts/approvals';
import { approveApproval, getApprovals, rejectApproval } from '@meridian/contracts/endpoints/approvals';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeAuth, refuse, renderWithProviders, type TRenderOptions } from '@/test';
import { ApprovalsPage } from './approvals-page';

const OTHER_STAFF = '77777777-7777-4777-8777-777777777777';
const WITHDRAWAL = '44444444-4444-4444-8444-4444abcdef12';

function makeApproval(overrides: Partial<TApproval> = {}): TApproval {
  return {
    id: '99999999-9999-4999-8999-999999999991',
    kind: 'debit',
    client: { id: IDS.client, name: 'Ada Lovelace', email: 'ada@example.com' },
    transactionId: null,
    amount: 12_500,
    reason: 'Chargeback of the March deposit',
    reference: null,
    status: 'Pending',
    requestedBy: { id: OTHER_STAFF, name: 'Alan Turing' },
    requestedAt: '2026-11-28T09:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    note: null,
    ...overrides,
  };
}

/** Asked by another staff member: the signed-in Admin (Grace Hopper) may approve it. */
const DEBIT = makeApproval();
/** Asked by the signed-in Admin herself: only a second staff member may approve it. */
const OWN_WITHDRAWAL = makeApproval({
  id: '99999999-9999-4999-8999-999999999992',
  kind: 'withdrawal',
  transactionId: WITHDRAWAL,
  amount: 25_000.5,
  reason: null,
  reference: '0xfeedbeefcafe0000000000000000000000000000000000000000000000001234',
  requestedBy: { id: IDS.admin, name: 'Grace Hopper' },
  requestedAt: '2026-11-28T10:00:00.000Z',
});

function renderPage(options: Pick<TRenderOptions, 'route' | 'session'> = {}) {
  return renderWithProviders(<ApprovalsPage />, {
    session: options.session ?? 'Admin',
    route: options.route ?? '/admin/approvals',
  });
}

/** The table row (from `xl` up) of the approval whose client cell or reason shows `text`. */
async function rowWith(text: string) {
  const rows = await screen.findAllByTestId('approval');
  const row = rows.find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('Approvals', () => {
  it('lists what waits, oldest first as the server orders it: kind, client, exact amount, reason or reference, who asked and when', async () => {
    const asked = answer(getApprovals, () => ({ approvals: [DEBIT, OWN_WITHDRAWAL], totalPage: 1 }));
    renderPage();
    const debit = await rowWith('Chargeback of the March deposit');
    expect(debit).toHaveTextContent('Debit');
    expect(debit).toHaveTextContent('$12,500.00');
    expect(debit).toHaveTextContent('Alan Turing');
    expect(debit).toHaveTextContent('Nov 28, 2026');
    const client = within(debit).getByRole('link', { name: /Ada Lovelace/ });
    expect(client).toHaveAttribute('href', `/admin/client_details/${IDS.client}`);
    expect(client).toHaveTextContent('ada@example.com');

    const withdrawal = await rowWith('$25,000.50');
    expect(withdrawal).toHaveTextContent('Withdrawal');
    expect(withdrawal).toHaveTextContent('0xfeedbe…00001234');
    expect(within(withdrawal).getByRole('link', { name: /View the withdrawal/ })).toHaveAttribute(
      'href',
      `/admin/transaction-overview/${WITHDRAWAL}`,
    );
    expect(asked[0]?.query.get('status')).toBe('Pending');
    expect(screen.getAllByTestId('approval').map((row) => row.textContent?.includes('Debit'))).toEqual([true, false]);
  });

  it('does not offer Approve on one’s own request, says what it waits for, and keeps Reject', async () => {
    answer(getApprovals, () => ({ approvals: [DEBIT, OWN_WITHDRAWAL], totalPage: 1 }));
    renderPage();
    const own = await rowWith('$25,000.50');
    expect(within(own).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(own).toHaveTextContent('Waiting for another staff member');
    expect(within(own).getByRole('button', { name: /Reject/ })).toBeInTheDocument();

    const other = await rowWith('Chargeback of the March deposit');
    expect(within(other).getByRole('button', { name: 'Approve: Debit, $12,500.00, Ada Lovelace' })).toBeInTheDocument();
    expect(other).not.toHaveTextContent('Waiting for another staff member');
  });

  it('approves after a confirmation naming the amount and the client, with an Idempotency-Key, and says what the server said', async () => {
    let decided = false;
    answer(getApprovals, () => ({ approvals: decided ? [] : [DEBIT], totalPage: 1 }));
    const sent = answer(approveApproval, () => {
      decided = true;
      return {
        message: messageText('approvals.approved'),
        approval: { ...DEBIT, status: 'Approved' as const, decidedBy: { id: IDS.admin, name: 'Grace Hopper' } },
      };
    });
    const { user } = renderPage();
    await user.click(within(await rowWith('Chargeback')).getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve: Debit' });
    expect(dialog).toHaveTextContent(
      'Debit of $12,500.00 for Ada Lovelace (ada@example.com), asked for by Alan Turing',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve $12,500.00' }));
    expect(await within(dialog).findByText('Approved: the money has moved')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params.id).toBe(DEBIT.id);
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The toast says it too, and the list is asked for again: the decided one has left the queue.
    expect(await screen.findAllByText('Approved: the money has moved')).toHaveLength(2);
    expect(await screen.findByText('Nothing waits for approval')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the approve dialog (a check that failed): the approval keeps waiting', async () => {
    answer(getApprovals, () => ({ approvals: [DEBIT], totalPage: 1 }));
    answer(approveApproval, () => refuse(422, { error: 'INSUFFICIENT_FUNDS', key: 'errors.insufficientBalance' }));
    const { user } = renderPage();
    await user.click(within(await rowWith('Chargeback')).getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve: Debit' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve $12,500.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messageText('errors.insufficientBalance'));
  });

  it('rejects only with a note, puts the server’s refusal of the note on the field, then says it is rejected', async () => {
    answer(getApprovals, () => ({ approvals: [OWN_WITHDRAWAL], totalPage: 1 }));
    const refused = answer(
      rejectApproval,
      () =>
        refuse(400, {
          error: 'VALIDATION',
          key: 'validation.tooLong',
          fieldKeys: { note: { key: 'validation.tooLong', params: {} } },
        }),
      { once: true },
    );
    const { user } = renderPage();
    await user.click(within(await rowWith('$25,000.50')).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject: Withdrawal' });
    // One's own request: rejecting it withdraws it.
    expect(dialog).toHaveTextContent('which you asked for');
    const note = within(dialog).getByLabelText('Note');
    await user.type(note, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription('Say why it is rejected'));
    expect(refused).toHaveLength(0);

    await user.type(note, 'Asked for the wrong client');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(messageText('validation.tooLong')));
    expect(refused.map(({ body }) => body)).toEqual([{ note: 'Asked for the wrong client' }]);

    const accepted = answer(rejectApproval, () => ({
      message: messageText('approvals.rejected'),
      approval: { ...OWN_WITHDRAWAL, status: 'Rejected' as const, note: 'Asked for the wrong client' },
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Rejected: nothing moved')).toBeInTheDocument();
    expect(accepted[0]?.params.id).toBe(OWN_WITHDRAWAL.id);
  });

  it('shows who decided, when and why on the Rejected tab, without actions', async () => {
    const asked = answer(getApprovals, ({ query }) => ({
      approvals:
        query.get('status') === 'Rejected'
          ? [
              makeApproval({
                status: 'Rejected',
                decidedBy: { id: IDS.admin, name: 'Grace Hopper' },
                decidedAt: '2026-11-28T11:15:00.000Z',
                note: 'The client paid it back',
              }),
            ]
          : [DEBIT],
      totalPage: 1,
    }));
    const { user, location } = renderPage();
    await rowWith('Chargeback');
    await user.click(screen.getByRole('link', { name: 'Rejected' }));
    await waitFor(() => expect(asked.at(-1)?.query.get('status')).toBe('Rejected'));
    expect(location()).toBe('/admin/approvals?status=Rejected');
    const row = await rowWith('The client paid it back');
    expect(row).toHaveTextContent('Grace Hopper');
    expect(within(row).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rejected' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers no decisions to a role that may not approve', async () => {
    answer(getApprovals, () => ({ approvals: [DEBIT], totalPage: 1 }));
    renderPage({ session: makeAuth('Admin', { staffRole: 'Support' }) });
    const row = await rowWith('Chargeback');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing waits, and when the queue fails to load', async () => {
    answer(getApprovals, () => ({ approvals: [], totalPage: 1 }), { once: true });
    const { unmount } = renderPage();
    expect(await screen.findByText('Nothing waits for approval')).toBeInTheDocument();
    unmount();
    answer(getApprovals, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    renderPage();
    expect(await screen.findByText('Error loading approvals')).toBeInTheDocument();
  });
});
