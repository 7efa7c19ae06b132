import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Address } from 'viem';
import { deployTestToken } from '../../apps/server/test/helpers/evm-token.ts';
import { adminHeaders, fundedClient, logInAsAdmin, logInAsClient, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { useOwnEvmNode } from '../support/chain.ts';
import { fromOutbox } from '../support/outbox.ts';

test.use({ bypassCSP: true });
const evmNode = useOwnEvmNode();

/** Where the watch says a transaction's page is: an address nothing opens, only its link is read. */
const EXPLORER = 'https://explorer.e2e.test/tx/{tx}';
const CONFIRMATIONS = 3;
/** The client's wallet: an address of the ERC-20 network nobody holds the key of. */
const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A Pending withdrawal of `amount` dollars by `client` on `methodId`, asked through the API with the mailed code. */
async function pendingWithdrawal(request: APIRequestContext, client: TFundedClient, methodId: string, amount: number) {
  const headers = client.bearer;
  const asked = await request.post(`/api/withdrawal-auth/generate-code/${client.id}`, { headers });
  expect(asked.status(), await asked.text()).toBe(200);
  const [, code] = await fromOutbox(request, await adminHeaders(request), client.email, /\b(\d{6})\b/);
  const verified = await request.post(`/api/withdrawal-auth/verify-code/${client.id}`, { headers, data: { code } });
  expect(verified.status(), await verified.text()).toBe(200);
  const res = await request.post('/api/withdrawal', {
    headers,
    data: { amount, address: PAYEE, withdrawalMethod: methodId, user: client.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { withdrawal: { id: string } }).withdrawal.id;
}

test('an admin watches a withdrawal method, records the payout transaction; it confirms on a real node and completes the withdrawal, and the client sees its link', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const node = evmNode();
  const chain = node.client;
  const token = await deployTestToken({ client: chain });

  const methodName = `USDT (ERC20) ${randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await request.post('/api/withdrawalmethod', {
    headers: await adminHeaders(request),
    data: { name: methodName, description: 'Tether on Ethereum', minAmount: 10, maxAmount: 50_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const methodId = ((await created.json()) as { withdrawalMethod: { id: string } }).withdrawalMethod.id;

  // The admin sets the payout watch up on the method's page, through its form.
  await logInAsAdmin(page);
  await page.goto(`/admin/withdrawalmethod/${methodId}`);
  const section = page.getByTestId('payout-watch');
  await expect(section.getByTestId('payout-watch-none')).toBeVisible();
  await section.getByRole('button', { name: 'Set up chain watch' }).click();
  const form = page.getByRole('dialog', { name: 'Set up the chain watch' });
  await form.getByLabel('Node URL (JSON-RPC)').fill(`${node.url}/e2e-provider-key`);
  await form.getByLabel('Confirmations').fill(String(CONFIRMATIONS));
  await form.getByLabel('Asset').selectOption('erc20');
  await form.getByLabel('Token contract address').fill(token.address);
  await form.getByLabel('Decimals').fill('6');
  await form.getByLabel('Explorer link (optional)').fill(EXPLORER);
  expect(await accessibilityViolations(page), 'the payout watch form').toEqual([]);
  await form.getByRole('button', { name: 'Save watch' }).click();
  await expect(form).toBeHidden({ timeout: 10_000 });
  await expect(section.getByTestId('payout-watch-origin')).toHaveText(node.url);
  await expect(section).not.toContainText('e2e-provider-key');

  // A client asks to withdraw $40 on it; the hold takes it.
  const client = await fundedClient(request, 100);
  const withdrawalId = await pendingWithdrawal(request, client, methodId, 40);

  // The desk pays from its wallet: 40 USDT to the client's address, one block deep.
  const hash = await token.transfer(PAYEE as Address, 40_000_000n);
  await chain.mine({ blocks: 1 });

  await page.goto(`/admin/transaction-overview/${withdrawalId}`);
  await expect(page.getByTestId('payout-tx-missing')).toBeVisible();
  await page.getByRole('button', { name: 'Record payout transaction' }).click();
  const record = page.getByRole('dialog', { name: 'Record payout transaction' });
  await record.getByLabel('Transaction hash').fill('0x1234');
  await record.getByRole('button', { name: 'Record' }).click();
  await expect(record.getByLabel('Transaction hash')).toHaveAccessibleDescription(/0x followed by 64 hexadecimal/);
  await record.getByLabel('Transaction hash').fill(hash);
  expect(await accessibilityViolations(page), 'the record payout dialog').toEqual([]);
  await record.getByRole('button', { name: 'Record' }).click();
  await expect(record).toBeHidden({ timeout: 10_000 });
  // Still pending: the watcher checks it on chain.
  await expect(page.getByTestId('payout-tx-status')).toHaveText(/Paid, confirming [01]\/3/, { timeout: 15_000 });

  // The client's withdrawal details show it confirming, with the link to the transaction.
  const clientContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const clientPage = await clientContext.newPage();
  await logInAsClient(clientPage, client, true);
  await clientPage.goto(`/user/transaction/${withdrawalId}`);
  await expect(clientPage.getByTestId('payout-tx-status')).toHaveText(`Paid, confirming 1/${CONFIRMATIONS}`, {
    timeout: 15_000,
  });
  const link = clientPage.getByRole('link', {
    name: `View transaction ${hash} on the block explorer (opens in a new tab)`,
  });
  await expect(link).toHaveAttribute('href', EXPLORER.replace('{tx}', hash));
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await accessibilityViolations(clientPage), 'the client withdrawal details').toEqual([]);

  // Two more blocks: the third confirmation completes the withdrawal, once.
  await chain.mine({ blocks: 2 });
  await expect(clientPage.getByTestId('payout-tx-status')).toHaveText('Confirmed on chain', { timeout: 20_000 });
  await expect(clientPage.getByTestId('transaction-reference')).toHaveText(hash);
  await clientPage.goto('/user');
  await expect(clientPage.getByTestId('equity')).toHaveText('$60.00');
  await page.reload();
  await expect(page.getByTestId('payout-tx-status')).toHaveText('Confirmed on chain');
  await expect(page.getByRole('button', { name: 'Record payout transaction' })).toHaveCount(0);
  await clientContext.close();
});
