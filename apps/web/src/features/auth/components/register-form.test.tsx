import { register } from '@meridian/contracts/endpoints/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, makeUser, refuse, renderWithProviders, type TRendered } from '@/test';
import { RegisterForm } from './register-form';

function renderForm(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onRegistered = vi.fn();
  const rendered = renderWithProviders(<RegisterForm onRegistered={onRegistered} />, {
    route: '/register',
    ...options,
  });
  return { ...rendered, onRegistered };
}

/** Fills every field as a visitor would (the country list loads its names first). */
async function fillForm({ user }: TRendered, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Username: 'ada.l',
    Email: 'Ada@Example.com',
    'Phone number': '+44 20 7946 0000',
    Address: '1 Analytical Way, London',
    Password: 'correct horse',
    'Referral code (optional)': '',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label, { exact: true });
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  await screen.findByRole('option', { name: 'United Kingdom' });
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
  await user.click(screen.getByRole('checkbox', { name: /I have read the risk disclosure/ }));
}

describe('RegisterForm', () => {
  it('names every missing field next to it and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const expected: Record<string, string> = {
      'First name': 'First name is required',
      'Last name': 'Last name is required',
      Username: 'Username is required',
      'Phone number': 'Phone number is required',
      Email: 'Email is required',
      Country: 'Country is required',
      Address: 'Address is required',
      Password: 'Password is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      await waitFor(() => expect(screen.getByLabelText(label, { exact: true })).toHaveAccessibleDescription(message));
    }
    expect(screen.getByRole('checkbox', { name: /terms of use/ })).toHaveAccessibleDescription(
      'Accept the terms to create an account',
    );
    expect(screen.getByRole('checkbox', { name: /risk disclosure/ })).toHaveAccessibleDescription(
      'Confirm that you have read the risk disclosure to create an account',
    );
  });

  it('asks for both ticks, each with a link that opens its text in a new tab, and sends nothing without them', async () => {
    const sent = answer(register, () => ({ message: 'Account created successfully', user: makeUser() }));
    const rendered = renderForm();
    await fillForm(rendered);
    const terms = screen.getByRole('link', { name: 'terms of use' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'risk disclosure' })).toHaveAttribute('href', '/risk-disclosure');
    expect(screen.getByRole('checkbox', { name: /terms of use.*opens in a new tab/ })).toBeChecked();

    // Untick the risk disclosure: the form names it and does not send.
    await rendered.user.click(screen.getByRole('checkbox', { name: /risk disclosure/ }));
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Confirm that you have read the risk disclosure to create an account'),
    ).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('checks the email and the password while the visitor types', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it('creates the account with the typed details as a form, then says so and locks the form', async () => {
    const sent = answer(register, () => ({ message: 'Account created successfully', user: makeUser() }));
    const rendered = renderForm();
    await fillForm(rendered, { 'Referral code (optional)': 'abc123' });
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(
      screen.getByText('We sent a link to ada@example.com: open it to confirm your address before you move money.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Taking you to the login page in a few seconds...')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(sent[0]?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      username: 'ada.l',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      country: 'GB',
      address: '1 Analytical Way, London',
      password: 'correct horse',
      referralCode: 'ABC123',
      acceptTerms: 'true',
      acceptRiskDisclosure: 'true',
      // The language the form is shown in, which the account's mail will be written in.
      lang: 'en',
    });
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
  });

  it('leaves an empty referral code out of the form', async () => {
    const sent = answer(register, () => ({ message: 'Account created successfully', user: makeUser() }));
    const rendered = renderForm();
    await fillForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Account created successfully');
    expect(sent[0]?.body).not.toHaveProperty('referralCode');
  });

  it('hands the login the email signed up with, once the success message has been read', async () => {
    answer(register, () => ({ message: 'Account created successfully', user: makeUser({ email: 'ada@example.com' }) }));
    const rendered = renderForm();
    await fillForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Account created successfully');
    expect(rendered.onRegistered).not.toHaveBeenCalled();
    await waitFor(() => expect(rendered.onRegistered).toHaveBeenCalledWith('ada@example.com'), { timeout: 7000 });
  });

  it('shows a taken email above the button and keeps the form open', async () => {
    answer(register, () => refuse(409, { error: 'CONFLICT', key: 'errors.userExists' }));
    const rendered = renderForm();
    await fillForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(rendered.onRegistered).not.toHaveBeenCalled();
  });

  it('puts an unknown referral code next to its field, in the reader’s language', async () => {
    answer(register, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'errors.invalidReferralCode',
        fieldKeys: { referralCode: { key: 'errors.invalidReferralCode', params: {} } },
      }),
    );
    const rendered = renderForm({ language: 'es' });
    const labels = {
      'First name': 'Nombre',
      'Last name': 'Apellidos',
      Username: 'Nombre de usuario',
      Email: 'Correo electrónico',
      'Phone number': 'Número de teléfono',
      Address: 'Dirección',
      Password: 'Contraseña',
      'Referral code (optional)': 'Código de referido (opcional)',
      Country: 'País',
      submit: 'Crear cuenta',
    };
    const { user } = rendered;
    await user.type(screen.getByLabelText(labels['First name']), 'Ada');
    await user.type(screen.getByLabelText(labels['Last name']), 'Lovelace');
    await user.type(screen.getByLabelText(labels.Username), 'ada.l');
    await user.type(screen.getByLabelText(labels.Email), 'ada@example.com');
    await user.type(screen.getByLabelText(labels['Phone number']), '+44 20 7946 0000');
    await user.type(screen.getByLabelText(labels.Address), '1 Analytical Way');
    await user.type(screen.getByLabelText(labels.Password, { exact: true }), 'correct horse');
    await user.type(screen.getByLabelText(labels['Referral code (optional)']), 'NOPE');
    await screen.findByRole('option', { name: 'Reino Unido' });
    await user.selectOptions(screen.getByLabelText(labels.Country), 'GB');
    await user.click(screen.getByRole('checkbox', { name: /Acepto las condiciones de uso/ }));
    await user.click(screen.getByRole('checkbox', { name: /He leído la divulgación de riesgos/ }));
    await user.click(screen.getByRole('button', { name: labels.submit }));

    const referral = screen.getByLabelText(labels['Referral code (optional)']);
    await waitFor(() => expect(referral).toHaveAttribute('aria-invalid', 'true'));
    expect(referral).toHaveAccessibleDescription('No se ha encontrado el código de referido');
  });
});
