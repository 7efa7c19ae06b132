import { login } from '@meridian/contracts/endpoints/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeAuth, refuse, renderWithProviders, type TRendered } from '@/test';
import type { TUnlockSlotProps } from './lock-notice';
import { LoginForm } from './login-form';

/** Stands in for the unlock request dialog that app/ puts in the lock notice's slot (a feature of its own). */
function unlockSlot({ open, email }: TUnlockSlotProps) {
  return open ? <p>Unlock request for {email}</p> : null;
}

function renderForm(options: Parameters<typeof renderWithProviders>[1] = {}, from?: string) {
  return renderWithProviders(<LoginForm from={from} unlock={unlockSlot} />, { route: '/auth/user/login', ...options });
}

async function signIn({ user }: TRendered, email: string, password: string) {
  const emailField = screen.getByLabelText('Email');
  await user.clear(emailField);
  await user.type(emailField, email);
  const passwordField = screen.getByLabelText('Password', { exact: true });
  await user.clear(passwordField);
  await user.type(passwordField, password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

const wrongPassword = (attemptsRemaining: number) =>
  refuse(401, { error: 'INVALID_CREDENTIALS', key: 'errors.invalidEmailOrPassword', attemptsRemaining });

describe('LoginForm', () => {
  it('asks for the email and the password before sending anything', async () => {
    const rendered = renderForm();
    await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required'));
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription('Password is required');
  });

  it('signs a client in with what was typed, says so and takes them to where they were going', async () => {
    const sent = answer(login, () => makeAuth('Client'));
    const rendered = renderForm({}, '/user/deposit');
    await rendered.user.click(screen.getByLabelText('Remember me'));
    await signIn(rendered, 'Ada@Example.com', 'correct horse');

    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([
      { email: 'ada@example.com', password: 'correct horse', remember: true },
    ]);
    expect(sent[0]?.request.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await waitFor(() => expect(rendered.location()).toBe('/user/deposit'), { timeout: 4000 });
  });

  it('sends an admin who signs in here to the unauthorized page', async () => {
    answer(login, () => makeAuth('Admin'));
    const rendered = renderForm();
    await signIn(rendered, 'grace@example.com', 'correct horse');
    await waitFor(() => expect(rendered.location()).toBe('/unauthorized'), { timeout: 4000 });
  });

  it('shows a wrong password with the attempts left before the lock', async () => {
    answer(login, () => wrongPassword(3));
    const rendered = renderForm();
    await signIn(rendered, 'ada@example.com', 'wrong-password');
    expect(await screen.findByText('Attempts remaining before your account is locked: 3')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('forgets the attempts left when another email is typed', async () => {
    answer(login, () => wrongPassword(4));
    const rendered = renderForm();
    await signIn(rendered, 'ada@example.com', 'wrong-password');
    await screen.findByText('Attempts remaining before your account is locked: 4');
    await rendered.user.type(screen.getByLabelText('Email'), '.uk');
    expect(screen.queryByText(/Attempts remaining/)).not.toBeInTheDocument();
  });

  it('shows the lock with its end and the unlock request, and does not let the client try again', async () => {
    answer(login, () =>
      refuse(423, {
        error: 'ACCOUNT_LOCKED',
        key: 'errors.accountLocked',
        params: { until: '2099-12-01T12:00:00.000Z' },
        lockedUntil: '2099-12-01T12:00:00.000Z',
      }),
    );
    const rendered = renderForm();
    await signIn(rendered, 'ada@example.com', 'wrong-password-5');
    expect(await screen.findByText(/^Account locked until Dec 1, 2099/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.queryByText(/Attempts remaining/)).not.toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Unlock Account' }));
    expect(screen.getByText('Unlock request for ada@example.com')).toBeInTheDocument();
  });

  it('says so in Japanese with the attempts left', async () => {
    answer(login, () => wrongPassword(2));
    const rendered = renderForm({ language: 'ja' });
    const { user } = rendered;
    await user.type(screen.getByLabelText('メールアドレス'), 'ada@example.com');
    await user.type(screen.getByLabelText('パスワード', { exact: true }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('アカウントがロックされるまでの残り試行回数: 2')).toBeInTheDocument();
  });

  it('shows an inactive account’s refusal', async () => {
    answer(login, () => refuse(403, { error: 'ACCOUNT_INACTIVE', key: 'errors.userInactive' }));
    const rendered = renderForm();
    await signIn(rendered, 'ada@example.com', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent('User is not active, contact support for more info');
  });
});
