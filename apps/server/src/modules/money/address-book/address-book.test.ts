import type { TWithdrawalAddressAnswer, TWithdrawalAddressList } from '@meridian/contracts/address-book';
import { messageText } from '@meridian/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateAddresses,
  listAddresses,
  removeAddress,
  saveAddress,
} from '../../../../test/helpers/address-book-fixtures.ts';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, buildTestApp } from '../../../../test/helpers/build-app.ts';
import { signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { lastMailTo } from '../../../../test/helpers/outbox.ts';
import { mustFund, verifyFreshCode, withdraw } from '../../../../test/helpers/withdrawal-api.ts';
import { createWithdrawalMethod } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { withdrawalMethods } from '../../../db/schema/money.ts';
import { withdrawalAddresses } from '../../../db/schema/security.ts';

/** The withdrawal address book (docs/security.md, "Withdrawal address book"), with the default settings. */

const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TRON_2 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());
/** USDT (TRC20). */
let methodId: string;

beforeAll(async () => {
  methodId = (await createWithdrawalMethod(app, { name: 'USDT (TRC20)' })).id;
});

async function mustSave(client: TSignedIn, address: string, extra: { methodId?: string; label?: string } = {}) {
  const res = await saveAddress(app, client, { methodId, address, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TWithdrawalAddressAnswer>().address;
}

async function bookOf(client: TSignedIn) {
  const res = await listAddresses(app, client);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TWithdrawalAddressList>();
}

/** A client with $500 and a verified withdrawal code. */
async function readyClient(): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  await mustFund(app, admin, client.id, 500);
  await verifyFreshCode(app, client);
  return client;
}

describe('adding, listing and removing', () => {
  it('saves an address pending for 24 hours, lists it with its method, and removes it at once', async () => {
    const client = await signedInUser(app, 'Client');
    expect(await bookOf(client)).toEqual({ addresses: [], delayHours: 24, oneOffAllowed: false });

    const before = Date.now();
    const saved = await mustSave(client, ` ${TRON} `, { label: ' Ledger ' });
    expect(saved).toMatchObject({
      methodId,
      methodName: 'USDT (TRC20)',
      address: TRON,
      label: 'Ledger',
      state: 'pending',
    });
    const delay = Date.parse(saved.activeFrom) - Date.parse(saved.createdAt);
    expect(delay).toBeGreaterThan(24 * 3600_000 - 5_000);
    expect(delay).toBeLessThan(24 * 3600_000 + 5_000);
    expect(Date.parse(saved.createdAt)).toBeGreaterThan(before - 60_000);

    const book = await bookOf(client);
    expect(book.addresses).toEqual([saved]);

    await activateAddresses(app, client.id);
    expect((await bookOf(client)).addresses[0]?.state).toBe('active');

    const removed = await removeAddress(app, client, saved.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: messageText('address-book.addressRemoved') });
    expect((await bookOf(client)).addresses).toEqual([]);
    // Removing again: nothing live is left under that id.
    expectApiError(await removeAddress(app, client, saved.id), 404, 'NOT_FOUND');
  });

  it('refuses a live duplicate with 409 and takes the address again once it was removed', async () => {
    const client = await signedInUser(app, 'Client');
    const first = await mustSave(client, TRON);
    const again = expectApiError(
      await saveAddress(app, client, { methodId, address: TRON }),
      409,
      'CONFLICT',
      messageText('address-book.addressDuplicate'),
    );
    expect(again.fieldErrors?.address).toBe(messageText('address-book.addressDuplicate'));
    // The same address under another method is another entry.
    const erc = (await createWithdrawalMethod(app, { name: 'USDT (TRC20) desk' })).id;
    await mustSave(client, TRON, { methodId: erc });
    expect((await removeAddress(app, client, first.id)).statusCode).toBe(200);
    const back = await mustSave(client, TRON);
    expect(back.id).not.toBe(first.id);
    expect(back.state).toBe('pending');
  });

  it('checks the address exactly as a withdrawal of the method does', async () => {
    const client = await signedInUser(app, 'Client');
    const eth = (await createWithdrawalMethod(app, { name: 'Ethereum (ETH)' })).id;
    const btc = (await createWithdrawalMethod(app, { name: 'Bitcoin (BTC)' })).id;
    const wire = (await createWithdrawalMethod(app, { name: 'Bank wire' })).id;
    const cases: [string, string, string][] = [
      [methodId, ETH, 'validation.tronAddressInvalid'],
      [methodId, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF', 'validation.walletAddressChecksum'],
      [eth, TRON, 'validation.evmAddressInvalid'],
      [btc, '1BoatSLRHtKNngkdXEeobR76b53LETtpyX', 'validation.walletAddressChecksum'],
    ];
    for (const [method, address, key] of cases) {
      const body = expectApiError(await saveAddress(app, client, { methodId: method, address }), 400, 'VALIDATION');
      expect(body.key, address).toBe(key);
      expect(body.fieldErrors?.address).toBe(body.message);
    }
    expectApiError(await saveAddress(app, client, { methodId, address: '   ' }), 400, 'VALIDATION');
    await mustSave(client, ETH, { methodId: eth });
    await mustSave(client, BTC, { methodId: btc });
    await mustSave(client, 'IBAN DE89 3704 0044 0532 0130 00', { methodId: wire });
    const long = expectApiError(
      await saveAddress(app, client, { methodId, address: TRON_2, label: 'x'.repeat(61) }),
      400,
      'VALIDATION',
    );
    expect(long.fieldErrors?.label).toBeDefined();
  });

  it('asks for a method when none is chosen (the select left on its placeholder)', async () => {
    const client = await signedInUser(app, 'Client');
    const body = expectApiError(await saveAddress(app, client, { methodId: '', address: TRON }), 400, 'VALIDATION');
    expect(body.fieldErrors?.methodId).toBe('Choose a method');
  });

  it('answers 404 for an unknown or deleted method', async () => {
    const client = await signedInUser(app, 'Client');
    const ghost = '00000000-0000-4000-8000-000000000000';
    expectApiError(
      await saveAddress(app, client, { methodId: ghost, address: TRON }),
      404,
      'NOT_FOUND',
      'Payment method not found',
    );
    const gone = await createWithdrawalMethod(app, { name: 'USDT (TRC20) old' });
    await app.db.update(withdrawalMethods).set({ deletedAt: new Date() }).where(eq(withdrawalMethods.id, gone.id));
    expectApiError(await saveAddress(app, client, { methodId: gone.id, address: TRON }), 404, 'NOT_FOUND');
  });
});

describe('who may do what', () => {
  it("keeps a client's book to them: others cannot read, remove or withdraw to it; an admin may read it", async () => {
    const owner = await signedInUser(app, 'Client');
    const other = await readyClient();
    const saved = await mustSave(owner, TRON);
    await activateAddresses(app, owner.id);

    expectApiError(await listAddresses(app, other, owner.id), 403, 'FORBIDDEN');
    expectApiError(await removeAddress(app, other, saved.id), 404, 'NOT_FOUND');
    expect((await bookOf(owner)).addresses).toHaveLength(1);
    // The owner's active address is not the other client's.
    const res = await withdraw(app, other, methodId, 20, { address: TRON, saved: false });
    const body = expectApiError(res, 422, 'VALIDATION', messageText('address-book.addressNotSaved'));
    expect(body.fieldErrors?.address).toBe(messageText('address-book.addressNotSaved'));

    const read = await listAddresses(app, admin, owner.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TWithdrawalAddressList>().addresses.map((a) => a.id)).toEqual([saved.id]);
    expectApiError(await saveAddress(app, admin, { methodId, address: TRON }), 403, 'FORBIDDEN');
    expectApiError(await removeAddress(app, admin, saved.id), 403, 'FORBIDDEN');
    expectApiError(await listAddresses(app, admin, admin.id), 404, 'NOT_FOUND');
  });
});

describe('withdrawals go only to active saved addresses', () => {
  it('refuses an address that is not saved, keeping the verified code for the next try', async () => {
    const client = await readyClient();
    const res = await withdraw(app, client, methodId, 20, { saved: false });
    expectApiError(res, 422, 'VALIDATION', messageText('address-book.addressNotSaved'));
    // Nothing was spent: once the address is saved and active, the same verification still works.
    await mustSave(client, TRON);
    await activateAddresses(app, client.id);
    const ok = await withdraw(app, client, methodId, 20, { saved: false });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().withdrawal.address).toBe(TRON);
  });

  it('refuses a pending address with the time it becomes usable, and takes it once active', async () => {
    const client = await readyClient();
    const saved = await mustSave(client, TRON);
    const res = await withdraw(app, client, methodId, 20, { saved: false });
    const body = expectApiError(res, 422, 'VALIDATION');
    expect(body.key).toBe('address-book.addressNotActiveYet');
    expect(body.fieldErrors?.address).toBe(body.message);
    expect(body.params.activeFrom).toMatch(/UTC$/);

    await activateAddresses(app, client.id, saved.id);
    const ok = await withdraw(app, client, methodId, 20, { saved: false });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses an address at once after it was removed', async () => {
    const client = await readyClient();
    const saved = await mustSave(client, TRON);
    await activateAddresses(app, client.id);
    expect((await removeAddress(app, client, saved.id)).statusCode).toBe(200);
    const res = await withdraw(app, client, methodId, 20, { saved: false });
    expectApiError(res, 422, 'VALIDATION', messageText('address-book.addressNotSaved'));
  });

  it('matches the method too: an address saved for another method is not usable', async () => {
    const client = await readyClient();
    const other = (await createWithdrawalMethod(app, { name: 'USDT (TRC20) second' })).id;
    await mustSave(client, TRON, { methodId: other });
    await activateAddresses(app, client.id);
    const res = await withdraw(app, client, methodId, 20, { saved: false });
    expectApiError(res, 422, 'VALIDATION', messageText('address-book.addressNotSaved'));
  });

  it('orders a removal racing a withdrawal: the withdrawal wins or is refused, never both half-way', async () => {
    const client = await readyClient();
    const saved = await mustSave(client, TRON);
    await activateAddresses(app, client.id);
    const [paid, removed] = await Promise.all([
      withdraw(app, client, methodId, 20, { saved: false }),
      removeAddress(app, client, saved.id),
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect([201, 422]).toContain(paid.statusCode);
    const [row] = await app.db
      .select({ removedAt: withdrawalAddresses.removedAt })
      .from(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.id, saved.id)));
    expect(row?.removedAt).not.toBeNull();
  });
});

describe('the email', () => {
  it('tells the client at once which address, for which method, from when, and how to remove it', async () => {
    const client = await signedInUser(app, 'Client');
    const saved = await mustSave(client, TRON, { label: 'Cold wallet' });
    const mail = await lastMailTo(app, client.email);
    expect(mail.subject).toBe('A withdrawal address was added to your account');
    expect(mail.text).toContain(TRON);
    expect(mail.text).toContain('USDT (TRC20)');
    expect(mail.text).toContain('Label: Cold wallet');
    expect(mail.text).toMatch(/It can receive withdrawals from .+ UTC\./);
    expect(mail.text).toContain(`${new Date(saved.activeFrom).getUTCFullYear()}`);
    expect(mail.text).toMatch(/open your address book:\s+http:\/\/localhost(:\d+)?\/user\/withdrawal-addresses/);
    expect(mail.text).toContain('remove it at once and change your password');
  });

  it('links to the site at its configured address, whatever host the request names', async () => {
    const evilHost = {
      host: 'evil.example',
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    // PUBLIC_URL unset: the listening address. Set: itself. Neither follows the headers.
    const listening = await buildTestApp(
      { PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 4321, TRUST_PROXY: ['127.0.0.1'] },
      { sameDatabaseAs: t },
    );
    const configured = await buildTestApp(
      { PUBLIC_URL: 'https://trade.example.com', TRUST_PROXY: ['127.0.0.1'] },
      { sameDatabaseAs: t },
    );
    try {
      for (const [other, site] of [
        [listening, 'http://localhost:4321'],
        [configured, 'https://trade.example.com'],
      ] as const) {
        const client = await signedInUser(app, 'Client');
        const res = await other.app.inject({
          method: 'POST',
          url: '/api/withdrawal-address',
          headers: { ...(await signIn(other.app, client.email)).headers, ...evilHost },
          payload: { methodId, address: TRON },
        });
        expect(res.statusCode, res.body).toBe(201);
        const mail = await lastMailTo(app, client.email);
        expect(mail.text).toMatch(
          new RegExp(`open your address book:\\s+${site.replaceAll('.', '\\.')}/user/withdrawal-addresses`),
        );
        expect(mail.text).not.toContain('evil.example');
      }
    } finally {
      await configured.close();
      await listening.close();
    }
  });

  it("is written in the language the web app names, else the browser's", async () => {
    const client = await signedInUser(app, 'Client');
    const fr = await saveAddress(app, client, { methodId, address: TRON, lang: 'fr' });
    expect(fr.statusCode, fr.body).toBe(201);
    const french = await lastMailTo(app, client.email);
    expect(french.subject).toBe('Une adresse de retrait a été ajoutée à votre compte');
    expect(french.text).toContain('changez votre mot de passe');

    const res = await app.inject({
      method: 'POST',
      url: '/api/withdrawal-address',
      headers: { ...client.headers, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
      payload: { methodId, address: TRON_2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const german = await lastMailTo(app, client.email);
    expect(german.subject).toBe('Ihrem Konto wurde eine Auszahlungsadresse hinzugefügt');
    expect(german.text).toContain(TRON_2);
  });
});

describe('other settings', () => {
  it('with no delay an address is usable at once; with one-off addresses allowed any valid address is', async () => {
    const instant = await buildTestApp({ WITHDRAWAL_ADDRESS_DELAY_HOURS: 0 }, { sameDatabaseAs: t });
    const oneOff = await buildTestApp({ WITHDRAWAL_ONE_OFF_ADDRESSES: true }, { sameDatabaseAs: t });
    try {
      const client = await readyClient();
      // Each app signs its own tokens: the client signs in to each.
      const onInstant = await signIn(instant.app, client.email);
      const onOneOff = await signIn(oneOff.app, client.email);
      const saved = await saveAddress(instant.app, onInstant, { methodId, address: TRON });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json<TWithdrawalAddressAnswer>().address.state).toBe('active');
      expect((await lastMailTo(app, client.email)).text).toContain('It can receive withdrawals now.');
      const ok = await withdraw(instant.app, onInstant, methodId, 20, { saved: false });
      expect(ok.statusCode, ok.body).toBe(201);

      await verifyFreshCode(app, client);
      const list = await listAddresses(oneOff.app, onOneOff);
      expect(list.json<TWithdrawalAddressList>()).toMatchObject({ oneOffAllowed: true, delayHours: 24 });
      const typed = await withdraw(oneOff.app, onOneOff, methodId, 20, { address: TRON_2, saved: false });
      expect(typed.statusCode, typed.body).toBe(201);
      // The network check still applies to a one-off address.
      await verifyFreshCode(app, client);
      const wrong = await withdraw(oneOff.app, onOneOff, methodId, 20, { address: ETH, saved: false });
      expectApiError(wrong, 400, 'VALIDATION');
    } finally {
      await oneOff.close();
      await instant.close();
    }
  });

  it('reads the delay as hours, decimals allowed, and refuses a negative one', async () => {
    const { loadConfig } = await import('../../../config.ts');
    expect(loadConfig({}).WITHDRAWAL_ADDRESS_DELAY_HOURS).toBe(24);
    expect(loadConfig({}).WITHDRAWAL_ONE_OFF_ADDRESSES).toBe(false);
    expect(loadConfig({ WITHDRAWAL_ADDRESS_DELAY_HOURS: '0.5' }).WITHDRAWAL_ADDRESS_DELAY_HOURS).toBe(0.5);
    expect(loadConfig({ WITHDRAWAL_ONE_OFF_ADDRESSES: 'true' }).WITHDRAWAL_ONE_OFF_ADDRESSES).toBe(true);
    expect(() => loadConfig({ WITHDRAWAL_ADDRESS_DELAY_HOURS: '-1' })).toThrow(/WITHDRAWAL_ADDRESS_DELAY_HOURS/);
  });
});
