import type { TPriceAlert, TPriceAlertAnswer, TPriceAlertList } from '@meridian/contracts/alerts';
import type { TPair } from '@meridian/contracts/market';
import { messageText } from '@meridian/contracts/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTwoServers, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { mailsTo } from '../../../../test/helpers/outbox.ts';
import { messagesOf, tick } from '../../../../test/helpers/position-fixtures.ts';

/**
 * Price alerts through the API (contracts/alerts.ts): set against the current price, listed and
 * deleted by their client; on the tick that reaches one, the client gets a notice and an email, once
 * (a repeating alert again only after the price went back past its level), also when two servers
 * receive the same tick. Prices arrive through the market's own sink, as a feed delivers them.
 */

// Two servers on one database, one signing key (a session works on either); no simulated ticks.
const servers = await buildTwoServers({
  MARKET_TICK_MS: 0,
  JOBS_INTERVAL_MS: 86_400_000,
  JWT_SECRET: 'alerts-two-servers-secret-0123456789abcd',
});
const { a, b } = servers;
const app = a.app;
afterAll(() => closeAfterLedgerCheck(servers, { ok: true }));

function tickBoth(pair: TPair, mid: number) {
  const time = Date.now();
  tick(a.app, pair, mid, time);
  tick(b.app, pair, mid, time);
}

const settled = () => Promise.all([a.app.alerts.settled(), b.app.alerts.settled()]);

const create = (client: TSignedIn, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/alerts', headers: client.headers, payload });

async function created(client: TSignedIn, payload: Record<string, unknown>): Promise<TPriceAlert> {
  const res = await create(client, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPriceAlertAnswer>().alert;
}

async function listOf(client: TSignedIn): Promise<TPriceAlert[]> {
  const res = await app.inject({ method: 'GET', url: '/api/alerts', headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPriceAlertList>().alerts;
}

const alertNotices = async (client: TSignedIn) =>
  (await messagesOf(app, client.id)).filter((m) => m.key === 'priceAlertAbove' || m.key === 'priceAlertBelow');

describe('setting alerts', () => {
  it('sets one above or below the price, lists and deletes it', async () => {
    const client = await signedInUser(app, 'Client');
    tickBoth('BTC/USD', 60_000);
    const res = await create(client, { pair: 'BTC/USD', direction: 'above', price: 61_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TPriceAlertAnswer>()).toMatchObject({
      message: 'Alert set',
      alert: { pair: 'BTC/USD', direction: 'above', price: 61_000, repeat: false, status: 'active', triggerCount: 0 },
    });
    const below = await created(client, { pair: 'BTC/USD', direction: 'below', price: 59_000.5, repeat: true });
    expect((await listOf(client)).map((alert) => alert.id).sort()).toEqual(
      [res.json<TPriceAlertAnswer>().alert.id, below.id].sort(),
    );
    const deleted = await app.inject({ method: 'DELETE', url: `/api/alerts/${below.id}`, headers: client.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Alert deleted' });
    expect(await listOf(client)).toHaveLength(1);
    // Deleted, it no longer fires.
    tickBoth('BTC/USD', 58_000);
    await settled();
    expect(await alertNotices(client)).toHaveLength(0);
    tickBoth('BTC/USD', 60_000);
  });

  it('refuses a level the price has reached, a wrong price, a stale price, another’s alert and an admin', async () => {
    const client = await signedInUser(app, 'Client');
    const other = await signedInUser(app, 'Client');
    tickBoth('EUR/USD', 1.1);
    const refused = async (payload: Record<string, unknown>, key: Parameters<typeof messageText>[0], status = 422) => {
      const body = expectApiError(await create(client, payload), status, 'VALIDATION', messageText(key));
      return body;
    };
    expect(
      (await refused({ pair: 'EUR/USD', direction: 'above', price: 1.1 }, 'validation.alertAbovePrice')).fieldErrors,
    ).toEqual({
      price: messageText('validation.alertAbovePrice'),
    });
    await refused({ pair: 'EUR/USD', direction: 'below', price: 1.2 }, 'validation.alertBelowPrice');
    await refused({ pair: 'EUR/USD', direction: 'above', price: 1.200001 }, 'validation.priceDecimals', 400);
    await refused({ pair: 'EUR/USD', direction: 'up', price: 1.2 }, 'validation.alertDirectionRequired', 400);
    await refused({ pair: 'EUR/USD', direction: 'above', price: -1 }, 'validation.priceInvalid', 400);
    const alert = await created(client, { pair: 'EUR/USD', direction: 'above', price: 1.2 });
    expectApiError(
      await app.inject({ method: 'DELETE', url: `/api/alerts/${alert.id}`, headers: other.headers }),
      404,
      'NOT_FOUND',
      messageText('errors.alertNotFound'),
    );
    const admin = await signedInUser(app, 'Admin');
    expectApiError(await app.inject({ method: 'GET', url: '/api/alerts', headers: admin.headers }), 403, 'FORBIDDEN');
    a.app.market.status(['EUR/USD'], false);
    expectApiError(
      await create(client, { pair: 'EUR/USD', direction: 'above', price: 1.3 }),
      503,
      'UPSTREAM_UNAVAILABLE',
      messageText('errors.priceStale', { pair: 'EUR/USD' }),
    );
    tickBoth('EUR/USD', 1.1);
  });

  it('keeps at most 50 active alerts per client', async () => {
    const client = await signedInUser(app, 'Client');
    tickBoth('USD/JPY', 150);
    for (let i = 0; i < 50; i++) await created(client, { pair: 'USD/JPY', direction: 'above', price: 151 + i });
    expectApiError(
      await create(client, { pair: 'USD/JPY', direction: 'above', price: 210 }),
      422,
      'VALIDATION',
      messageText('validation.alertLimit', { max: 50 }),
    );
  });
});

describe('an alert reached', () => {
  it('tells the client once, in-app and by email, on the tick that reaches it, when both servers see it', async () => {
    const client = await signedInUser(app, 'Client');
    tickBoth('ETH/USD', 3_000);
    const alert = await created(client, { pair: 'ETH/USD', direction: 'above', price: 3_100 });
    await b.app.alerts.resync();
    tickBoth('ETH/USD', 3_099.99);
    await settled();
    expect(await alertNotices(client)).toHaveLength(0);
    tickBoth('ETH/USD', 3_100.5);
    await settled();
    const notices = await alertNotices(client);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      key: 'priceAlertAbove',
      params: { pair: 'ETH/USD', price: 3_100.5, level: 3_100 },
      link: '/user/alerts',
      message: 'ETH/USD rose to 3,100.50, reaching your alert at 3,100.00.',
    });
    expect(await mailsTo(app, client.email, ['Price alert: ETH/USD'])).toHaveLength(1);
    const [after] = await listOf(client);
    expect(after).toMatchObject({ id: alert.id, status: 'triggered', triggerCount: 1, lastTriggeredPrice: 3_100.5 });
    // Once: later ticks past the level do nothing more.
    tickBoth('ETH/USD', 3_200);
    await settled();
    expect(await alertNotices(client)).toHaveLength(1);
  });

  it('repeats only after the price went back past its level', async () => {
    const client = await signedInUser(app, 'Client');
    tickBoth('SOL/USD', 150);
    await created(client, { pair: 'SOL/USD', direction: 'below', price: 140, repeat: true });
    await b.app.alerts.resync();
    tickBoth('SOL/USD', 139.9);
    await settled();
    expect(await alertNotices(client)).toHaveLength(1);
    // Hovering at the level: no more notices.
    for (const price of [140.05, 139.95, 140.1, 139.8]) {
      tickBoth('SOL/USD', price);
      await settled();
    }
    expect(await alertNotices(client)).toHaveLength(1);
    // Back 0.1 % above it (140.14), then down again: a second notice.
    tickBoth('SOL/USD', 140.2);
    await settled();
    tickBoth('SOL/USD', 139.5);
    await settled();
    const notices = await alertNotices(client);
    expect(notices.map((n) => n.params)).toEqual([
      { pair: 'SOL/USD', price: 139.5, level: 140 },
      { pair: 'SOL/USD', price: 139.9, level: 140 },
    ]);
    const [alert] = await listOf(client);
    expect(alert).toMatchObject({ status: 'active', triggerCount: 2 });
    tickBoth('SOL/USD', 150);
  });

  it('is watched by a server that did not set it once it syncs', async () => {
    const client = await signedInUser(app, 'Client');
    tickBoth('XRP/USD', 0.6);
    await created(client, { pair: 'XRP/USD', direction: 'below', price: 0.55 });
    // Only server B receives the price; it learns of the alert at its next sync.
    tick(b.app, 'XRP/USD', 0.54);
    await settled();
    expect(await alertNotices(client)).toHaveLength(0);
    await b.app.jobs.runNow('alerts');
    await settled();
    expect(await alertNotices(client)).toHaveLength(1);
    tickBoth('XRP/USD', 0.6);
  });
});
