import { updateClient } from '@meridian/contracts/endpoints/client-actions';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { answer, deferred, IDS, makeAuth, makeUser, refuse, renderWithProviders } from '@/test';
import { ClientProfileDialog } from './client-profile-dialog';

const me = makeUser({ id: IDS.client, country: 'DE' });

function renderDialog(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<ClientProfileDialog user={me} onClose={onClose} />, {
    session: makeAuth('Client', me),
    route: `/user/profile/${IDS.client}`,
    ...options,
  });
  return { ...rendered, onClose };
}

describe('ClientProfileDialog', () => {
  it('starts from the client’s own details, country included', async () => {
    renderDialog();
    await screen.findByRole('combobox');
    const form = screen.getByTestId('profile-form');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Update Profile');
    expect(within(form).getByLabelText('First name')).toHaveValue('Ada');
    expect(within(form).getByLabelText('Username')).toHaveValue('ada');
    expect(within(form).getByRole('option', { name: 'Germany', selected: true })).toBeInTheDocument();
  });

  it('saves the changes, says so, locks the form and shows the new details in the session', async () => {
    const sent = answer(updateClient, ({ body }) => ({
      message: messageText('profile.updated'),
      user: { ...me, ...body, country: String(body.country) },
    }));
    const { user } = renderDialog();
    // The fields appear once the country names are there.
    await screen.findByRole('combobox');
    const phone = screen.getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '+49 30 1234567');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { userId: IDS.client },
        body: {
          firstname: 'Ada',
          lastname: 'Lovelace',
          username: 'ada',
          email: 'ada@example.com',
          phone: '+49 30 1234567',
          country: 'DE',
          address: me.address,
        },
      },
    ]);
    expect(screen.getByLabelText('Phone number')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(session.get()?.user.phone).toBe('+49 30 1234567');
  });

  it('checks each field as the client types', async () => {
    const { user } = renderDialog();
    // The fields appear once the country names are there.
    await screen.findByRole('combobox');
    await user.clear(screen.getByLabelText('First name'));
    await waitFor(() =>
      expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required'),
    );
    await user.type(screen.getByLabelText('Username'), ' with spaces');
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(messageText('validation.usernameInvalid')),
    );
  });

  it('disables the form while it saves', async () => {
    const hold = deferred();
    answer(updateClient, async () => {
      await hold.promise;
      return { message: messageText('profile.updated'), user: me };
    });
    const { user } = renderDialog();
    // The fields appear once the country names are there.
    await screen.findByRole('combobox');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    hold.resolve();
    expect(await screen.findByText('Profile updated Successfully')).toBeInTheDocument();
  });

  it('puts a refused field next to it and says why, in the reader’s language', async () => {
    answer(updateClient, () =>
      refuse(409, {
        error: 'CONFLICT',
        key: 'errors.userExists',
        fieldKeys: { email: { key: 'errors.userExists', params: {} } },
      }),
    );
    const { user } = renderDialog({ language: 'ru' });
    // The fields appear once the country names are there.
    await screen.findByRole('combobox');
    const email = screen.getByLabelText('Электронная почта');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const russian = 'Пользователь уже существует';
    await waitFor(() => expect(email).toHaveAccessibleDescription(russian));
    // The same words as a toast, for a refusal the form cannot place.
    expect(screen.getAllByText(russian).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeEnabled();
  });
});
