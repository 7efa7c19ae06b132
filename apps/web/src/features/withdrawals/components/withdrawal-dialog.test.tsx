import { getWithdrawalAddresses } from '@meridian/contracts/endpoints/address-book';
import { refresh } from '@meridian/contracts/endpoints/auth';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import {
  createWithdrawal,
  generateWithdrawalCode,
  getWithdrawalLimits,
  verifyWithdrawalCode,
} from '@meridian/contracts/endpoints/withdrawals';
import type { TWithdrawalLimits } from '@meridian/contracts/withdrawal-limits';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  IDS,
  makeAuth,
  makeBalance,
  makeTransaction,
  makeWithdrawalMethod,
  refuse,
  renderWithProviders,
  textOf,
} from '@/test';
import { WithdrawalDialog } from './withdrawal-dialog';

const method = makeWithdrawalMethod();

/** The limits of a client who is not verified, none of them used: $1,000 a request, $2,000 a day, $5,000 in 30 days. */
function makeLimits(overrides: Partial<TWithdrawalLimits> = {}): TWithdrawalLimits {
  return {
    verified: false,
    perRequest: 1000,
    day: { limit: 2000, used: 0, left: 2000 },
    month: { limit: 5000, used: 0, left: 5000 },
    upTo: 1000,
    ...overrides,
  };
}
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function renderDialog(options: Parameters<typeof renderWithProviders>[1] = {}, withdrawalEnabled = true) {
  const onOpenChange = vi.fn();
  const rendered = renderWithProviders(
    <WithdrawalDialog
      method={method}
      userId={IDS.client}
      withdrawalEnabled={withdrawalEnabled}
      open
      onOpenChange={onOpenChange}
    />,
    { session: 'Client', route: '/user/withdraw/method', ...options },
  );
  return { ...rendered, onOpenChange, dialog: screen.getByRole('dialog') };
}

/** The details step, filled and continued to the verification step. */
async function fillDetails(user: ReturnType<typeof renderDialog>['user'], amount = '120') {
  const amountField = screen.getByLabelText('Amount (USD)');
  await user.clear(amountField);
  await user.type(amountField, amount);
  const address = screen.getByLabelText('Wallet address');
  await user.clear(address);
  await user.type(address, ADDRESS);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** Send code, then type `code` and press Verify and withdraw. */
async function verifyWith(user: ReturnType<typeof renderDialog>['user'], code = '123456') {
  await user.click(await screen.findByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('Verification code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
}

function answerCodes() {
  return {
    generated: answer(generateWithdrawalCode, () => ({ message: 'Verification code sent to your email' })),
    verified: answer(verifyWithdrawalCode, () => ({ message: 'Code verified successfully' })),
  };
}

describe('WithdrawalDialog', () => {
  beforeEach(() => {
    answer(getBalance, () => makeBalance());
    answer(getWithdrawalLimits, () => makeLimits());
    // One-off addresses allowed: the address is typed (the address book is tested on its own).
    answer(getWithdrawalAddresses, () => ({ addresses: [], delayHours: 24, oneOffAllowed: true }));
  });

  it('shows what the client can withdraw and refuses more, next to the amount, without asking the server', async () => {
    const { user, dialog } = renderDialog();
    await waitFor(() => expect(within(dialog).getByTestId('withdrawable')).toHaveTextContent('$500.00'));
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '600');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('The amount is more than you can withdraw ($500.00)'),
    );
    await user.type(screen.getByLabelText('Wallet address'), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
  });

  it('shows what the withdrawal limits allow now, before the client types, and refuses more without asking the server', async () => {
    answer(getWithdrawalLimits, () =>
      makeLimits({
        day: { limit: 2000, used: 1750, left: 250 },
        month: { limit: 5000, used: 1750, left: 3250 },
        upTo: 250,
      }),
    );
    const { user, dialog } = renderDialog();
    const limits = await within(dialog).findByRole('region', { name: 'You can withdraw up to $250.00 now' });
    expect(limits).toHaveTextContent('Most per request$1,000.00');
    expect(limits).toHaveTextContent('Left of the 24-hour limit$250.00 of $2,000.00');
    expect(limits).toHaveTextContent('Left of the 30-day limit$3,250.00 of $5,000.00');
    expect(limits).toHaveTextContent('Limits for accounts that are not verified. Verifying your account raises them.');
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '250.01');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Your withdrawal limits allow at most $250.00 now'));
    await user.type(screen.getByLabelText('Wallet address'), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250');
    await waitFor(() => expect(amount).not.toHaveAttribute('aria-invalid'));
  });

  it('says what the balance allows when it is less than the limits, and nothing when no limit applies', async () => {
    answer(getBalance, () => makeBalance({ balance: 120.5, withdrawable: 120.5 }));
    const { dialog } = renderDialog();
    expect(
      await within(dialog).findByRole('region', { name: 'You can withdraw up to $120.50 now' }),
    ).toBeInTheDocument();
  });

  it('shows no limits when the operator set none', async () => {
    answer(getWithdrawalLimits, () =>
      makeLimits({
        perRequest: null,
        day: { limit: null, used: 0, left: null },
        month: { limit: null, used: 0, left: null },
        upTo: null,
      }),
    );
    const { dialog } = renderDialog();
    await waitFor(() => expect(within(dialog).getByTestId('withdrawable')).toHaveTextContent('$500.00'));
    expect(within(dialog).queryByTestId('withdrawal-limits')).not.toBeInTheDocument();
  });

  it('says which limit refused the withdrawal, what is left and when it fits, in the client’s language', async () => {
    answerCodes();
    const atIso = '2026-11-30T14:05:00.000Z';
    answer(createWithdrawal, () =>
      refuse(422, {
        error: 'WITHDRAWAL_LIMIT',
        key: 'withdrawals.limitDay',
        params: {
          limit: '$2,000.00',
          left: '$50.00',
          amount: '$120.00',
          at: '2026-11-30 14:05 UTC',
          limitUsd: 2000,
          leftUsd: 50,
          amountUsd: 120,
          atIso,
        },
      }),
    );
    const { user } = renderWithProviders(
      <WithdrawalDialog method={method} userId={IDS.client} withdrawalEnabled open onOpenChange={vi.fn()} />,
      { session: 'Client', route: '/user/withdraw/method', language: 'de' },
    );
    const amountField = await screen.findByLabelText(textOf('withdrawals:withdrawal.amount', {}, 'de'));
    await user.type(amountField, '120');
    await user.type(screen.getByLabelText(textOf('withdrawals:withdrawal.address', {}, 'de')), ADDRESS);
    await user.click(screen.getByRole('button', { name: textOf('withdrawals:withdrawal.continue', {}, 'de') }));
    await user.click(await screen.findByRole('button', { name: textOf('withdrawals:withdrawal.sendCode', {}, 'de') }));
    await user.type(await screen.findByLabelText(textOf('withdrawals:withdrawal.code', {}, 'de')), '123456');
    await user.click(screen.getByRole('button', { name: textOf('withdrawals:withdrawal.verify', {}, 'de') }));

    // German writes dollars as "2.000,00 $": the English "$2,000.00" would read as two dollars there.
    const money = (dollars: number) =>
      new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(dollars);
    const at = new Intl.DateTimeFormat('de', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(atIso));
    const expected = textOf(
      'withdrawals:limitDay',
      { limit: money(2000), left: money(50), amount: money(120), at },
      'de',
    );
    expect(expected).toContain('2.000,00');
    // Intl puts no-break spaces in amounts; the DOM's text is read with plain ones.
    const shown = await within(screen.getByRole('dialog')).findByText(expected.replace(/\s/g, ' '));
    expect(shown).toHaveAttribute('role', 'alert');
  });

  it('asks for the wallet address', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '120');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(textOf('validation:addressRequired'))).toBeInTheDocument();
    expect(screen.getByLabelText('Wallet address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says what is wrong with an address of another network next to the field, before asking the server', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '120');
    const address = screen.getByLabelText('Wallet address');
    await user.type(address, 'TXyz');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const message = 'Enter a TRC20 (TRON) address: T followed by 33 letters and digits (no 0, O, I or l)';
    expect(textOf('validation:tronAddressInvalid')).toBe(message);
    await waitFor(() => expect(address).toHaveAccessibleDescription(message));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();

    // One character off: the checksum catches the typo.
    await user.clear(address);
    await user.type(address, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    await waitFor(() => expect(address).toHaveAccessibleDescription(textOf('validation:walletAddressChecksum')));
    await user.clear(address);
    await user.type(address, ADDRESS);
    await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid'));
  });

  it('says it in the client’s language, by the network of the method', async () => {
    const bitcoin = makeWithdrawalMethod({ name: 'Bitcoin (BTC)' });
    const { user } = renderWithProviders(
      <WithdrawalDialog method={bitcoin} userId={IDS.client} withdrawalEnabled open onOpenChange={vi.fn()} />,
      { session: 'Client', route: '/user/withdraw/method', language: 'de' },
    );
    // The field shows once the address book has answered (one-off addresses allowed here).
    const address = await screen.findByLabelText(textOf('withdrawals:withdrawal.address', {}, 'de'));
    await user.type(address, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const german = textOf('validation:bitcoinAddressInvalid', {}, 'de');
    expect(german).toMatch(/^Geben Sie eine Bitcoin-Adresse ein/);
    await waitFor(() => expect(address).toHaveAccessibleDescription(german));
  });

  it('withdraws with the emailed code: summary, code sent, code verified, then the request with the details', async () => {
    const { generated, verified } = answerCodes();
    const sent = answer(createWithdrawal, ({ body }) => ({
      message: 'Withdrawal Initiated',
      withdrawal: makeTransaction({
        type: 'Withdrawal',
        direction: 'out',
        amount: Number(body.amount),
        depositMethod: null,
        withdrawalMethod: { id: method.id, name: method.name },
        address: String(body.address),
      }),
    }));
    const { user, location } = renderDialog();
    await fillDetails(user);

    const summary = await screen.findByTestId('withdrawal-summary');
    expect(screen.getByRole('heading', { name: 'Withdrawal Verification' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('$120.00');
    expect(summary).toHaveTextContent('USDT (TRC20)');
    expect(summary).toHaveTextContent(ADDRESS);

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findAllByText('Verification code sent to your email')).not.toHaveLength(0);
    expect(generated).toHaveLength(1);
    expect(generated[0]?.params).toEqual({ userId: IDS.client });
    expect(screen.getByRole('button', { name: /^Send a new code in \d:\d\d$/ })).toBeDisabled();

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));

    const success = await screen.findByTestId('success-panel');
    expect(success).toHaveTextContent('Withdrawal Initiated');
    expect(verified.map((request) => request.body)).toEqual([{ code: '123456' }]);
    expect(sent.map((request) => request.body)).toEqual([
      { amount: '120', address: ADDRESS, withdrawalMethod: method.id, user: IDS.client },
    ]);
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();

    await user.click(within(success).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/user');
  });

  it('checks the code’s form before asking the server', async () => {
    answerCodes();
    const { user } = renderDialog();
    await fillDetails(user);
    await verifyWith(user, '12ab');
    const code = screen.getByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(textOf('validation:codeInvalid')));
  });

  it('shows a wrong code next to the code field and sends no withdrawal', async () => {
    answer(generateWithdrawalCode, () => ({ message: 'Verification code sent to your email' }));
    answer(verifyWithdrawalCode, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'errors.codeInvalid',
        fieldKeys: { code: { key: 'errors.codeInvalid', params: {} } },
      }),
    );
    const { user } = renderDialog();
    await fillDetails(user);
    await verifyWith(user, '000000');
    const code = screen.getByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid verification code'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('success-panel')).not.toBeInTheDocument();
  });

  it('asks for a new code when the server says the code was not verified', async () => {
    const { generated, verified } = answerCodes();
    // A 403 makes the client refresh its session once and try again, as with any 403.
    answer(refresh, () => makeAuth('Client'));
    let lapsed = true;
    const sent = answer(createWithdrawal, ({ body }) =>
      lapsed
        ? refuse(403, { error: 'FORBIDDEN', key: 'errors.codeNotVerified' })
        : {
            message: 'Withdrawal Initiated',
            withdrawal: makeTransaction({ type: 'Withdrawal', direction: 'out', amount: Number(body.amount) }),
          },
    );
    const { user } = renderDialog();
    await fillDetails(user);
    await verifyWith(user);

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(within(dialog).getByText('Verify the code sent to your email before withdrawing')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByTestId('withdrawal-summary')).toHaveTextContent('$120.00');
    expect(screen.queryByTestId('success-panel')).not.toBeInTheDocument();
    const tries = sent.length;
    expect(tries).toBeGreaterThan(0);

    // A new code, verified, sends the same withdrawal again.
    lapsed = false;
    await verifyWith(user, '654321');
    expect(await screen.findByTestId('success-panel')).toHaveTextContent('Withdrawal Initiated');
    expect(generated).toHaveLength(2);
    expect(verified.map((request) => request.body)).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect(sent).toHaveLength(tries + 1);
    expect(sent.at(-1)?.body).toEqual({
      amount: '120',
      address: ADDRESS,
      withdrawalMethod: method.id,
      user: IDS.client,
    });
    // The refusal was a final answer: the new submission carries a new Idempotency-Key.
    expect(sent.at(-1)?.request.headers.get('idempotency-key')).not.toBe(
      sent[0]?.request.headers.get('idempotency-key'),
    );
  });

  it('brings a refused amount back to the details next to the field, and sends again without a new code', async () => {
    const { generated, verified } = answerCodes();
    let refused = false;
    const sent = answer(createWithdrawal, ({ body }) => {
      if (!refused) {
        refused = true;
        return refuse(422, {
          error: 'VALIDATION',
          key: 'validation.amountMax',
          params: { max: '$100.00' },
          fieldKeys: { amount: { key: 'validation.amountMax', params: { max: '$100.00' } } },
        });
      }
      return {
        message: 'Withdrawal Initiated',
        withdrawal: makeTransaction({ type: 'Withdrawal', direction: 'out', amount: Number(body.amount) }),
      };
    });
    const { user } = renderDialog();
    await fillDetails(user);
    await verifyWith(user);

    const amount = await screen.findByLabelText('Amount (USD)');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Maximum amount is $100.00'));
    expect(amount).toHaveValue(120);
    expect(screen.getByLabelText('Wallet address')).toHaveValue(ADDRESS);

    await fillDetails(user, '90');
    expect(await screen.findByTestId('success-panel')).toHaveTextContent('Withdrawal Initiated');
    expect(generated).toHaveLength(1);
    expect(verified).toHaveLength(1);
    expect(sent.map((request) => request.body?.amount)).toEqual(['120', '90']);
  });

  it('says why when the client cannot withdraw more than they have', async () => {
    answerCodes();
    answer(createWithdrawal, () =>
      refuse(422, {
        error: 'INSUFFICIENT_FUNDS',
        key: 'errors.amountAboveWithdrawable',
        params: { available: '$500.00' },
      }),
    );
    const { user } = renderDialog();
    await fillDetails(user);
    await verifyWith(user);
    expect(
      await within(screen.getByRole('dialog')).findByText('The amount is more than you can withdraw ($500.00)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('lets Edit details go back to the filled form', async () => {
    const { user } = renderDialog();
    await fillDetails(user, '75.5');
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(75.5);
    expect(screen.getByLabelText('Wallet address')).toHaveValue(ADDRESS);
  });

  it('says withdrawals are disabled and does not let the client continue', async () => {
    renderDialog({}, false);
    expect(
      screen.getByText('Withdrawals are disabled for your account, contact support for more info'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows why a code could not be sent', async () => {
    answer(generateWithdrawalCode, () => refuse(429, { error: 'RATE_LIMITED', key: 'errors.rateLimited' }));
    const { user } = renderDialog();
    await fillDetails(user);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await within(screen.getByRole('dialog')).findByText(textOf('errors:rateLimited'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});
