import pg from 'pg';
import { e2eSql } from './postgres.ts';

/**
 * Lets time pass for one client's investments on the e2e PostgreSQL app (E2E_PG_PORT): their
 * approval, schedule and maturity move `hours` into the past, so the payouts of those hours are
 * due, as they would be after waiting. Only journeys about payouts use it; nothing in the product
 * can move a due date.
 */
export async function letInvestmentTimePass(clientEmail: string, hours: number): Promise<void> {
  const shift = `${hours} hours`;
  await e2eSql(
    `update payouts p set due_at = p.due_at - $2::interval, created_at = p.created_at - $2::interval
       from users u where u.id = p.user_id and u.email = $1 and p.status = 'Pending'`,
    [clientEmail.toLowerCase(), shift],
  );
  await e2eSql(
    `update investments i set approved_at = i.approved_at - $2::interval, matures_at = i.matures_at - $2::interval
       from users u where u.id = i.user_id and u.email = $1 and i.approved_at is not null`,
    [clientEmail.toLowerCase(), shift],
  );
}

/**
 * Lets one client's open positions reach their expiration on the e2e PostgreSQL app: their
 * `expires_at` moves just into the past, so the server's positions job (every JOBS_INTERVAL_MS)
 * closes them at the market price, as it would once their time had come. Answers how many moved.
 */
export async function letPositionExpire(clientEmail: string): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update positions p set expires_at = now() - interval '1 second'
       from users u where u.id = p.user_id and u.email = $1 and p.status = 'open'
     returning p.id`,
    [clientEmail.toLowerCase()],
  );
  return moved.length;
}

/**
 * Lets the price reach one client's open positions' take-profit on the e2e PostgreSQL app: their
 * take-profit moves to a level the current price has already passed (a buy's to 0.01, a sell's far
 * above any price) and `levels_set_at` to now, so the server's exit index takes the changed level at
 * its next sync with the database (every JOBS_INTERVAL_MS) and closes the position on the next price
 * tick with the reason `take_profit`, at that tick's price, as when the market reaches the level.
 * Answers how many moved.
 */
export async function letPriceReachTakeProfit(clientEmail: string): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update positions p set take_profit = case when p.type = 'buy' then 0.01 else 1e12 end, levels_set_at = now()
       from users u where u.id = p.user_id and u.email = $1 and p.status = 'open'
     returning p.id`,
    [clientEmail.toLowerCase()],
  );
  return moved.length;
}

/**
 * Lets the market reach one client's active price alerts on the e2e PostgreSQL app: each alert's
 * level moves just inside the latest stored price of its pair (0.1 % below it for an alert on a rise,
 * above it for one on a fall, to the pair's cents), as if the price had moved past it. The server's
 * alert index takes the level at its next rebuild (every JOBS_INTERVAL_MS) and fires on the next
 * tick. Only for USD-quoted crypto pairs (two decimals). Answers how many moved.
 */
export async function letPriceReachAlerts(clientEmail: string): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update price_alerts a
        set price = round(((select m.close from market_candles m where m.pair = a.pair order by m.minute desc limit 1)
                           * case when a.direction = 'above' then 0.999 else 1.001 end)::numeric, 2)
       from users u
      where u.id = a.user_id and u.email = $1 and a.status = 'active'
     returning a.id`,
    [clientEmail.toLowerCase()],
  );
  return moved.length;
}

/**
 * Lets a signal (found by its title) open on the e2e PostgreSQL app: its schedule time moves to
 * `minutes` whole minutes ago, its closing time stays ahead. The server's signals job then makes it
 * active, and its evidence reads the stored 1-minute candles of those minutes (the simulated feed
 * stores a day of them at start, then every minute it runs). Answers how many signals moved.
 */
export async function letSignalOpen(title: string, minutes = 30): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update signals set schedule_time = date_trunc('minute', now()) - make_interval(mins => $2)
      where title = $1 and closing_time > date_trunc('minute', now())
     returning id`,
    [title, minutes],
  );
  return moved.length;
}

/**
 * Lets a signal (found by its title) run its course on the e2e PostgreSQL app: it opened `minutes`
 * whole minutes before the last full minute and closed at its start, inside the candles the server
 * has stored. The server's signals job then settles it from those candles, as at its closing time.
 */
export async function letSignalClose(title: string, minutes = 30): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update signals set schedule_time = date_trunc('minute', now()) - make_interval(mins => $2 + 1),
                        closing_time = date_trunc('minute', now()) - interval '1 minute'
      where title = $1
     returning id`,
    [title, minutes],
  );
  return moved.length;
}

/** The base URL of the e2e app on PostgreSQL, for `test.use({ baseURL })`. */
export const postgresAppURL = `http://127.0.0.1:${process.env.E2E_PG_PORT}`;

/**
 * Runs `steps` while no other journey lets time pass or pays due payouts on the PostgreSQL app:
 * Process All Trades pays every client's due payouts, so two journeys that each make payouts due
 * and check what gets paid take turns (a PostgreSQL advisory lock held for the steps).
 */
export async function withPayoutClock<T>(steps: () => Promise<T>): Promise<T> {
  const url = process.env.E2E_PG_DATABASE_URL;
  if (!url) throw new Error('E2E_PG_DATABASE_URL is not set (playwright.config.ts sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('meridian-e2e-payout-clock'))");
    return await steps();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

/**
 * Lets the waiting time of one client's saved withdrawal addresses pass on the e2e PostgreSQL app:
 * their `active_from` moves just into the past, as it would once WITHDRAWAL_ADDRESS_DELAY_HOURS had
 * gone by (docs/security.md, "Withdrawal address book"). Answers how many moved.
 */
export async function letWithdrawalAddressesActivate(clientEmail: string): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update withdrawal_addresses a set active_from = now() - interval '1 second'
       from users u where u.id = a.user_id and u.email = $1 and a.removed_at is null and a.active_from > now()
     returning a.id`,
    [clientEmail.toLowerCase()],
  );
  return moved.length;
}
