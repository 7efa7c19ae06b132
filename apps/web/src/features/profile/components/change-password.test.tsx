import { changePassword } from '@meridian/contracts/endpoints/auth';
import { messageText } from '@meridian/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { answer, IDS, makeAuth, makeUser, refuse, renderWithProviders } from '@/test';
import { ChangePassword } from './change-password';

const me = makeUser({ id: IDS.client });

function renderPage() {
  return renderWithProviders(<ChangePassword userId={IDS.client} />, {
    session: makeAuth('Client', me),
    route: '/user/change-password',
  });
}

async function fill(user: ReturnType<typeof renderPage>['user'], current: string, next = 'a new password 2') {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), next);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePassword', () => {
  it('says before the change what it does: other devices are signed out, this one stays signed in', () => {
    renderPage();
    expect(
      screen.getByText(
        'Choose a new password. Every other device signed in to your account will be signed out; you stay signed in here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/signed out everywhere/)).not.toBeInTheDocument();
  });

  it('asks for the current password before sending anything', async () => {
    const sent = answer(changePassword, () => ({ message: messageText('auth.passwordChanged') }));
    const { user } = renderPage();
    await fill(user, '');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('sends the current and the new password, says other devices were signed out, and stays signed in', async () => {
    const sent = answer(changePassword, () => ({ message: messageText('auth.passwordChanged') }));
    const { user } = renderPage();
    await fill(user, 'my old password');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(screen.getByText(/every other device signed in to your account has been signed out/)).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([
      { currentPassword: 'my old password', password: 'a new password 2' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(session.get()?.user.id).toBe(IDS.client);
  });

  it('puts the server’s refusal of a wrong current password on that field', async () => {
    answer(changePassword, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'errors.currentPasswordWrong',
        fieldKeys: { currentPassword: { key: 'errors.currentPasswordWrong', params: {} } },
      }),
    );
    const { user } = renderPage();
    await fill(user, 'not my password');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.queryByText('Password changed successfully!')).not.toBeInTheDocument();
  });
});
