import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { Address } from 'viem';
import { TEST_XPUB } from '../../apps/server/test/helpers/chain-fixtures.ts';
import { deployTestToken } from '../../apps/server/test/helpers/evm-token.ts';
import { adminHeaders, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { useOwnEvmNode } from '../support/chain.ts';

test.use({ bypassCSP: true });
const evmNode = useOwnEvmNode();

/** Where the watch says a transaction's page is: an address nothing opens, only its link is read. */
const EXPLORER = 'https://explorer.e2e.test/tx/{tx}';
/** 25 USDT in the token's base units (6 decimals): exactly $25.00 to the client's balance. */
const SENT = 25_000_000n;
const CONFIRMATIONS = 3;

const historyRows = (page: Page) =>
  page.locator('[data-testid="transaction-row"], [data-testid="transaction-row-card"]').filter({ visible: true });

/** The test xpub with one character changed: the shape of a key, but its checksum fails on the server. */
function corruptedXpub(): string {
  const last = TEST_XPUB.at(-1) === 'a' ? 'b' : 'a';
  return `${TEST_XPUB.slice(0, -1)}${last}`;
}

test('an admin watches a token deposit method on a real node; a client’s transfer shows Confirming 1/3 live and is credited', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The operator's token on the journeys' node (e2e/support/evm-node.ts), compiled from source.
  const node = evmNode();
  const chain = node.client;
  const token = await deployTestToken({ client: chain });
  const startBlock = await chain.getBlockNumber();

  const methodName = `USDT (ERC20) ${randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await request.post('/api/depositmethod', {
    headers: await adminHeaders(request),
    data: {
      name: methodName,
      value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
      description: 'Tether on Ethereum',
      minAmount: 10,
      maxAmount: 50_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const methodId = ((await created.json()) as { depositMethod: { id: string } }).depositMethod.id;

  // The admin sets the watch up on the method's page, through its form.
  await logInAsAdmin(page);
  await page.goto(`/admin/depositmethod/${methodId}`);
  const section = page.getByTestId('chain-watch');
  await expect(section.getByRole('heading', { name: 'Chain watch' })).toBeVisible();
  await expect(section.getByTestId('chain-watch-none')).toBeVisible();
  await section.getByRole('button', { name: 'Set up chain watch' }).click();
  const form = page.getByRole('dialog', { name: 'Set up the chain watch' });
  await expect(form.getByText('only its origin is ever shown back')).toBeVisible();
  await expect(form.getByText('Private keys are refused')).toBeVisible();
  await form.getByLabel('Node URL (JSON-RPC)').fill(`${node.url}/e2e-provider-key`);
  await form.getByLabel('Confirmations').fill(String(CONFIRMATIONS));
  await form.getByLabel('Extended public key (xpub)').fill(corruptedXpub());
  await form.getByLabel('Asset').selectOption('erc20');
  await form.getByLabel('Token contract address').fill(token.address);
  await form.getByLabel('Decimals').fill('6');
  await form.getByLabel('Start block (optional)').fill(String(startBlock));
  // The form checks the explorer link before sending it.
  await form.getByLabel('Explorer link (optional)').fill('https://explorer.e2e.test/tx/');
  await form.getByRole('button', { name: 'Save watch' }).click();
  await expect(
    form.getByText('Enter the explorer’s http or https address, marking where the hash goes as the hint shows'),
  ).toBeVisible();
  await form.getByLabel('Explorer link (optional)').fill(EXPLORER);
  expect(await accessibilityViolations(page), 'the chain watch form').toEqual([]);

  // The server parses the key and refuses it on its field.
  await form.getByRole('button', { name: 'Save watch' }).click();
  await expect(form.getByLabel('Extended public key (xpub)')).toHaveAccessibleDescription(
    'Enter an extended public key (xpub); never a private key',
  );
  await form.getByLabel('Extended public key (xpub)').fill(TEST_XPUB);
  await form.getByRole('button', { name: 'Save watch' }).click();
  await expect(page.getByText('Chain watch saved').first()).toBeVisible();
  await expect(form).toBeHidden({ timeout: 10_000 });

  // The section shows the node by its origin only (the path may hold a provider's key).
  await expect(section.getByTestId('chain-watch-origin')).toHaveText(node.url);
  await expect(section).not.toContainText('e2e-provider-key');
  await expect(section).toContainText(EXPLORER);
  await expect(section.getByTestId('chain-watch-addresses')).toHaveText('0');
  await page.reload();
  await expect(section.getByTestId('chain-watch-cursor')).toHaveText(/^Block \d+$/);

  // A client opens the method and is given an address of their own, with its QR code.
  const client = await registerClient(request);
  const clientContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const clientPage = await clientContext.newPage();
  await logInAsClient(clientPage, client, true);
  await expect(clientPage.getByTestId('equity')).toHaveText('$0.00');
  await clientPage.goto(`/user/depositmethod/${methodId}`);
  await expect(clientPage.getByRole('heading', { name: 'Your deposit address' })).toBeVisible();
  const addressText = (await clientPage.getByTestId('wallet-address').textContent())?.trim() ?? '';
  expect(addressText).toMatch(/^0x[0-9a-f]{40}$/);
  await expect(clientPage.getByRole('img', { name: `QR code of the ${methodName} wallet address` })).toBeVisible();
  await expect(clientPage.getByTestId('chain-transfers')).toHaveCount(0);

  // A real transfer of the token to that address, mined in one block: Confirming 1/3, live.
  const hash = await token.transfer(addressText as Address, SENT);
  await chain.mine({ blocks: 1 });
  const transfers = clientPage.getByTestId('chain-transfers');
  await expect(transfers.getByText(`Confirming 1/${CONFIRMATIONS}`)).toBeVisible({ timeout: 15_000 });
  const link = transfers.getByRole('link', {
    name: `View transfer ${hash} on the block explorer (opens in a new tab)`,
  });
  await expect(link).toHaveAttribute('href', EXPLORER.replace('{tx}', hash));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveText(`${hash.slice(0, 8)}…${hash.slice(-8)}`);

  // Two more blocks: the third confirmation credits it, once.
  await chain.mine({ blocks: 2 });
  await expect(transfers.getByText('Credited')).toBeVisible({ timeout: 15_000 });
  await expect(transfers.getByText(/Confirming/)).toHaveCount(0);

  // Another language on the same page: the words change, the address and the figures do not.
  await clientPage.getByTestId('language-picker').first().selectOption('de');
  await expect(clientPage.locator('html')).toHaveAttribute('lang', 'de');
  await expect(clientPage.getByRole('heading', { name: 'Ihre Einzahlungsadresse' })).toBeVisible();
  await expect(transfers.getByText('Gutgeschrieben')).toBeVisible();
  await expect(clientPage.getByTestId('wallet-address')).toHaveText(addressText);
  await clientPage.getByTestId('language-picker').first().selectOption('en');
  await expect(clientPage.locator('html')).toHaveAttribute('lang', 'en');

  // The balance rose by exactly the tokens' dollars, and the history says Completed.
  await clientPage.goto('/user');
  await expect(clientPage.getByTestId('equity')).toHaveText('$25.00');
  await clientPage.goto('/user/transactions');
  // The client's only record: the deposit the watcher made and completed.
  const row = historyRows(clientPage);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Deposit');
  await expect(row).toContainText('$25.00');
  await expect(row).toContainText('Completed');

  // The admin's section counts the client's address.
  await page.reload();
  await expect(section.getByTestId('chain-watch-addresses')).toHaveText('1');
  await clientContext.close();
});
