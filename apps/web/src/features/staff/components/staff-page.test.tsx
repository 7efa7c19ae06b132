import { createStaff, getStaff, setStaffRole } from '@meridian/contracts/endpoints/staff';
import { messageText } from '@meridian/contracts/messages';
import type { TStaffMember } from '@meridian/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { StaffPage } from './staff-page';

const OTHER = '77777777-7777-4777-8777-777777777777';
const NEW = '88888888-8888-4888-8888-888888888888';

function member(overrides: Partial<TStaffMember> = {}): TStaffMember {
  return {
    id: OTHER,
    firstname: 'Alan',
    lastname: 'Turing',
    email: 'alan@example.com',
    role: 'Support',
    isActive: true,
    secondFactor: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

const SELF = member({
  id: IDS.admin,
  firstname: 'Grace',
  lastname: 'Hopper',
  email: 'grace@example.com',
  role: 'Admin',
  secondFactor: true,
});

function renderPage() {
  return renderWithProviders(<StaffPage />, { session: 'Admin', route: '/admin/staff' });
}

/** The table's row (from `md` up) of the member with this email. */
async function rowOf(email: string) {
  const table = await screen.findByRole('table', { name: 'Staff' });
  const cell = within(table).getByText(email);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('StaffPage', () => {
  it('lists the staff with their role and second factor, and offers Change role on every row but one’s own', async () => {
    answer(getStaff, () => ({ staff: [SELF, member()] }));
    renderPage();
    const own = await rowOf('grace@example.com');
    expect(own).toHaveTextContent('You');
    expect(within(own).queryByRole('button', { name: /Change role/ })).not.toBeInTheDocument();
    expect(own).toHaveTextContent('Another Admin must change your role');
    const other = await rowOf('alan@example.com');
    expect(other).toHaveTextContent('Support');
    expect(other).toHaveTextContent('Off');
    expect(within(other).getByRole('button', { name: 'Change role: Alan Turing' })).toBeInTheDocument();
  });

  it('says so when there is nobody to list', async () => {
    answer(getStaff, () => ({ staff: [] }));
    renderPage();
    expect(await screen.findByText('No staff members yet')).toBeInTheDocument();
  });

  it('adds a staff member: a wrong code lands on its field, the right one adds them and refreshes the list', async () => {
    let staff = [SELF];
    answer(getStaff, () => ({ staff }));
    const sent = answer(createStaff, ({ body }) => {
      if (body.code !== '123456') {
        return refuse(400, {
          error: 'VALIDATION',
          key: 'two-factor.codeInvalid',
          fieldKeys: { code: { key: 'two-factor.codeInvalid', params: {} } },
        });
      }
      const added = member({ id: NEW, firstname: 'Ada', lastname: 'Byron', email: 'ada@example.com', role: 'Finance' });
      staff = [SELF, added];
      return { message: messageText('staff.added'), member: added };
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const form = await screen.findByTestId('add-staff-form');
    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Byron');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Password'), 'correct horse battery');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Finance');
    const code = within(form).getByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(messageText('two-factor.codeInvalid')));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect(await within(screen.getByRole('dialog')).findByText('Staff member added')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Byron',
      email: 'ada@example.com',
      password: 'correct horse battery',
      role: 'Finance',
      code: '123456',
    });
    // The list behind the dialog (hidden from the accessibility tree while it is open) has them already.
    expect((await screen.findAllByText('ada@example.com')).length).toBeGreaterThan(0);
  });

  it('asks for a role before sending anything', async () => {
    answer(getStaff, () => ({ staff: [SELF] }));
    const sent = answer(createStaff, () => refuse(409, { error: 'CONFLICT', key: 'errors.userExists' }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const form = await screen.findByTestId('add-staff-form');
    await user.click(within(form).getByRole('button', { name: 'Add staff member' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Role')).toHaveAccessibleDescription(messageText('staff.roleRequired')),
    );
    expect(sent).toHaveLength(0);
  });

  it('changes another member’s role with the Admin’s code', async () => {
    answer(getStaff, () => ({ staff: [SELF, member()] }));
    const sent = answer(setStaffRole, ({ body }) => ({
      message: messageText('staff.roleChanged'),
      member: member({ role: body.role }),
    }));
    const { user } = renderPage();
    const row = await rowOf('alan@example.com');
    await user.click(within(row).getByRole('button', { name: 'Change role: Alan Turing' }));
    const form = await screen.findByTestId('change-role-form');
    const submit = within(form).getByRole('button', { name: 'Change role' });
    // The role they already have changes nothing.
    expect(submit).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Role'), 'Finance');
    await user.type(within(form).getByLabelText('6-digit code'), '123456');
    await user.click(submit);
    expect(await within(screen.getByRole('dialog')).findByText('Role changed')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { userId: OTHER }, body: { role: 'Finance', code: '123456' } },
    ]);
  });
});
