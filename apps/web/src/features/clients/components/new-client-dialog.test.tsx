import { createClient } from '@meridian/contracts/endpoints/clients';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeUser, refuse, renderWithProviders, type TRendered, textOf } from '@/test';
import { NewClientDialog } from './new-client-dialog';

function renderDialog(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<NewClientDialog onClose={onClose} />, {
    session: 'Admin',
    route: '/admin/clients',
    ...options,
  });
  return { ...rendered, onClose };
}

/** The form appears once the country names are there. */
async function fillForm({ user }: TRendered) {
  const dialog = await screen.findByTestId('new-client-form');
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Username: 'ada.l',
    Email: 'ADA@example.com',
    'Phone number': '+44 20 7946 0000',
    'Residential address': '1 Analytical Way, London',
    Password: 'correct horse',
  };
  for (const [label, value] of Object.entries(values)) {
    await user.type(within(dialog).getByLabelText(label, { exact: true }), value);
  }
  await user.selectOptions(within(dialog).getByLabelText('Country'), 'GB');
}

describe('NewClientDialog', () => {
  it('names every missing field next to it', async () => {
    const { user } = renderDialog();
    await screen.findByTestId('new-client-form');
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    const expected: Record<string, string> = {
      'First name': messageText('clients.firstnameRequired'),
      'Last name': messageText('clients.lastnameRequired'),
      Username: messageText('clients.usernameRequired'),
      Email: 'Email is required',
      'Phone number': messageText('clients.phoneRequired'),
      Country: 'Country is required',
      'Residential address': messageText('clients.addressRequired'),
      Password: 'Password is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      await waitFor(() => expect(screen.getByLabelText(label, { exact: true })).toHaveAccessibleDescription(message));
    }
  });

  it('creates the client with what was typed, then offers to open it and locks the form', async () => {
    const sent = answer(createClient, () => ({
      message: messageText('auth.accountCreated'),
      user: makeUser({ id: IDS.client }),
    }));
    const rendered = renderDialog();
    await fillForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Create Client' }));

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(/Account created successfully/)).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([
      {
        firstname: 'Ada',
        lastname: 'Lovelace',
        username: 'ada.l',
        email: 'ada@example.com',
        phone: '+44 20 7946 0000',
        country: 'GB',
        address: '1 Analytical Way, London',
        password: 'correct horse',
      },
    ]);
    expect(within(dialog).getByRole('link', { name: 'Open the client' })).toHaveAttribute(
      'href',
      `/admin/client_details/${IDS.client}`,
    );
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Client' })).toBeDisabled();
  });

  it('shows a taken email or username in an alert and keeps what was typed', async () => {
    answer(createClient, () => refuse(409, { error: 'CONFLICT', key: 'errors.userExists' }));
    const rendered = renderDialog();
    await fillForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('User already exists');
    expect(screen.getByLabelText('Email')).toHaveValue('ADA@example.com');
    expect(screen.getByRole('button', { name: 'Create Client' })).toBeEnabled();
  });

  it('puts a field the server refuses next to it', async () => {
    answer(createClient, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'validation.usernameInvalid',
        fieldKeys: { username: { key: 'validation.usernameInvalid', params: {} } },
      }),
    );
    const rendered = renderDialog();
    await fillForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(messageText('validation.usernameInvalid')),
    );
  });

  // Broken: the success line is the server's English `message` ("Account created successfully")
  // in every language; it is not translated by key as the other dialogs' success messages are.
  it('says the client was created in the reader’s language', async () => {
    answer(createClient, () => ({ message: messageText('auth.accountCreated'), user: makeUser() }));
    const rendered = renderDialog({ language: 'ja' });
    const form = await screen.findByTestId('new-client-form');
    const { user } = rendered;
    const labels = ['firstname', 'lastname', 'username', 'email', 'phone', 'address', 'password'] as const;
    const values = [
      'Ada',
      'Lovelace',
      'ada.l',
      'ada@example.com',
      '+44 20 7946 0000',
      '1 Analytical Way',
      'correct horse',
    ];
    for (const [index, field] of labels.entries()) {
      const label = textOf(`clients:create.fields.${field}`, {}, 'ja');
      await user.type(within(form).getByLabelText(label, { exact: true }), values[index] ?? '');
    }
    await user.selectOptions(within(form).getByLabelText(textOf('clients:create.fields.country', {}, 'ja')), 'GB');
    await user.click(screen.getByRole('button', { name: textOf('clients:create.submit', {}, 'ja') }));
    expect(
      await within(screen.getByRole('dialog')).findByText(textOf('auth:accountCreated', {}, 'ja')),
    ).toBeInTheDocument();
  });
});
