import { messageText } from '@meridian/contracts/messages';
import type { TWatchlist } from '@meridian/contracts/watchlist';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';

/** A client's watchlist through the API: the default, their pairs in their order, each once, their own. */

const { t, app, admin } = await buildSignedInApp(['Admin'], { MARKET_TICK_MS: 0, JOBS_INTERVAL_MS: 86_400_000 });
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

const read = (as: TSignedIn) => app.inject({ method: 'GET', url: '/api/watchlist', headers: as.headers });
const save = (as: TSignedIn, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/watchlist', headers: as.headers, payload: payload as object });

describe('watchlist', () => {
  it('starts with the default pairs, then keeps the client’s pairs in their order', async () => {
    const client = await signedInUser(app, 'Client');
    let res = await read(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TWatchlist>()).toEqual({ pairs: ['BTC/USD', 'ETH/USD', 'EUR/USD'] });

    res = await save(client, { pairs: ['SOL/USD', 'BTC/USD', 'USD/JPY'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TWatchlist>()).toEqual({ pairs: ['SOL/USD', 'BTC/USD', 'USD/JPY'] });
    // Reordered and one removed: the order is the client's.
    await save(client, { pairs: ['USD/JPY', 'SOL/USD'] });
    expect((await read(client)).json<TWatchlist>()).toEqual({ pairs: ['USD/JPY', 'SOL/USD'] });
    // Emptied: an empty list, not the default again.
    await save(client, { pairs: [] });
    expect((await read(client)).json<TWatchlist>()).toEqual({ pairs: [] });

    // Each client has their own.
    const other = await signedInUser(app, 'Client');
    expect((await read(other)).json<TWatchlist>()).toEqual({ pairs: ['BTC/USD', 'ETH/USD', 'EUR/USD'] });
  });

  it('refuses a pair twice, an unknown pair and a list that is not one, keeping the list as it was', async () => {
    const client = await signedInUser(app, 'Client');
    await save(client, { pairs: ['XRP/USD'] });
    expectApiError(
      await save(client, { pairs: ['BTC/USD', 'BTC/USD'] }),
      400,
      'VALIDATION',
      messageText('validation.watchlistDuplicate'),
    );
    expectApiError(
      await save(client, { pairs: ['DOGE/USD'] }),
      400,
      'VALIDATION',
      messageText('validation.pairUnknown'),
    );
    expectApiError(await save(client, { pairs: 'BTC/USD' }), 400, 'VALIDATION');
    expectApiError(await save(client, {}), 400, 'VALIDATION');
    expect((await read(client)).json<TWatchlist>()).toEqual({ pairs: ['XRP/USD'] });
  });

  it('is a client’s: an admin has none', async () => {
    expectApiError(await read(admin), 403, 'FORBIDDEN');
    expectApiError(await save(admin, { pairs: [] }), 403, 'FORBIDDEN');
  });
});
