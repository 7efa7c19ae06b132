import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { createUser, signedInUser, signIn } from '../helpers/factories.ts';
import { commissionRates } from '../helpers/position-fixtures.ts';
import { chainFigures, settleChain, startChain, watchChain } from './chain.ts';
import { checkInvariants, clientsPostedSince, databaseNow } from './invariants.ts';
import { describeOperation, generateOperations, type TOp } from './operations.ts';
import { seedFrom } from './prng.ts';
import { runOperation } from './runner.ts';
import { preparePlatform } from './setup.ts';
import { type TClient, World } from './world.ts';

/**
 * A seeded random simulation of the money core through the real API (`app.inject`): sign-ups,
 * deposits and their decisions, withdrawals with their emailed codes, admin adjustments, investments
 * and their payouts, positions on a scripted price path, signals, Clear Balance, closing accounts,
 * retries with one Idempotency-Key and requests fired at once on one client; transfers on a real
 * local chain to clients' deposit addresses, blocks, the watcher, reorganisations and the node going
 * away (chain.ts). Refusals are expected
 * (each a status its endpoint's contract declares); a 5xx fails the run. After every batch the
 * invariants of docs/money.md are checked (invariants.ts, history.ts).
 *
 * SIMULATION_SEED replays a run's operations (the interleaving of concurrent requests may differ);
 * SIMULATION_OPERATIONS sets how many (default 10,000); SIMULATION_BATCH how many between checks (the
 * chain's: every CHAIN_BATCHES batches).
 */

const seed = seedFrom(process.env.SIMULATION_SEED);
function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const OPERATIONS = positiveInteger('SIMULATION_OPERATIONS', 10_000);
const BATCH = positiveInteger('SIMULATION_BATCH', 100);
/** Batches between the chain's checks (chain-invariants.ts), and after the last one. */
const CHAIN_BATCHES = 5;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const replay = `SIMULATION_SEED=${seed} TZ=UTC npx vitest run --project server-load test/simulation`;

let t: TestApp;
let world: World;
let chain: ReturnType<typeof startChain> | undefined;

beforeAll(async () => {
  process.stdout.write(`simulation seed ${seed} on ${database} (replay: ${replay})\n`);
  // The node starts (and its token deploys) while the app is built: the two take seconds each.
  chain = startChain();
  chain.catch(() => undefined);
  t = await buildTestApp({
    // The run pushes every price itself, from the seed, and lets time pass when its operations say so.
    MARKET_TICK_MS: 0,
    MARKET_HISTORY_MINUTES: 0,
    // A price stays fresh for the whole run: decisions are never refused (503) for a feed the run paces.
    MARKET_STALE_SECONDS: 3_600,
    // Jobs run when an operation runs them (their first run at start finds nothing to do).
    JOBS_INTERVAL_MS: 86_400_000,
    PAYOUTS_AUTO_PROCESS: false,
    ACCESS_TOKEN_TTL_SECONDS: 3_600,
    // A commission on some pairs, so openings and fills charge one and the ledger must explain it.
    COMMISSION_BPS: commissionRates({ 'BTC/USD': 10, 'EUR/USD': 2, 'XRP/USD': 25 }),
    // Withdrawal limits the run's clients reach (its withdrawals all fall within one day), so some
    // withdrawals are refused by them and the invariant "limits never exceeded" has something to hold.
    WITHDRAWAL_LIMIT_PER_REQUEST_UNVERIFIED: 150_000n,
    WITHDRAWAL_LIMIT_24H_UNVERIFIED: 250_000n,
    WITHDRAWAL_LIMIT_30D_UNVERIFIED: 500_000n,
    // Four-eyes thresholds the run's amounts cross often (docs/money.md, "Four-eyes approval"): many
    // credits, debits and completions wait for the second staff member's decideApproval.
    APPROVAL_ADJUSTMENT_ABOVE: 300_000n,
    APPROVAL_WITHDRAWAL_ABOVE: 100_000n,
    // The watcher runs when an operation runs it; a node that is away fails a request at once.
    CHAIN_WATCH_INTERVAL_MS: 86_400_000,
    CHAIN_RPC_TIMEOUT_MS: 1_500,
  });
  world = new World(t.app, seed, await signedInUser(t.app, 'Admin'));
  const finance = await createUser(t.app, 'Admin', { staffRole: 'Finance' });
  world.approver = await signIn(t.app, finance.email);
  await preparePlatform(world);
  const waited = performance.now();
  const started = await chain;
  world.timings.set('chain start (waited)', performance.now() - waited);
  world.chain = await watchChain(world, started.node, started.token);
});
afterAll(async () => {
  await t?.close();
  // Stopped even when the run failed to start: it may have started while the app did not.
  await (await chain?.catch(() => undefined))?.node.stop();
});

class SimulationFailed extends Error {}

function failure(where: string, detail: string, recent: TOp[] = []): SimulationFailed {
  const context = recent.length > 0 ? `\nlast operations:\n${recent.map(describeOperation).join('\n')}` : '';
  return new SimulationFailed(`simulation seed ${seed} (${replay}) failed ${where}:\n${detail}${context}`);
}

/** What the next operations pick from: positions closed and signals settled behind the run's back. */
async function refreshFromDatabase(w: World): Promise<void> {
  const open = [...w.positions].filter(([, p]) => p.open).map(([id]) => id);
  if (open.length > 0) {
    const rows = await queryRows<{ id: string }>(
      w.app.db,
      sql`select id::text from positions where status = 'closed' and id = any(${sql.param(open)}::uuid[])`,
    );
    for (const { id } of rows) {
      const position = w.positions.get(id);
      if (position) position.open = false;
    }
  }
  const unsettled = [...w.signals].filter(([, s]) => s.stage !== 'settled').map(([id]) => id);
  if (unsettled.length > 0) {
    const rows = await queryRows<{ id: string }>(
      w.app.db,
      sql`select id::text from signals where result is not null and id = any(${sql.param(unsettled)}::uuid[])`,
    );
    for (const { id } of rows) {
      const signal = w.signals.get(id);
      if (signal) signal.stage = 'settled';
    }
  }
}

function summary(started: number, ran: number, chain: string): string {
  const totals = { acknowledged: 0, refused: 0, skipped: 0 };
  const kinds = [...world.tally]
    .sort(([, a], [, b]) => b.run - a.run)
    .map(([kind, k]) => {
      totals.acknowledged += k.acknowledged;
      totals.refused += k.refused;
      totals.skipped += k.skipped;
      return `${kind} ${k.run} (${k.acknowledged}/${k.refused}${k.skipped ? `/${k.skipped} skipped` : ''})`;
    });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return (
    `simulation seed ${seed} on ${database}: ${ran} operations in ${seconds} s, ${world.requests} requests; ` +
    `acknowledged ${totals.acknowledged}, refused ${totals.refused}, skipped ${totals.skipped}; ` +
    `by kind (acknowledged/refused; bursts and races count each request): ${kinds.join(', ')}; ` +
    `${world.clients.length} clients, ` +
    `${world.payoutsProcessed} payouts paid; ` +
    `four eyes: ${world.approvalTally.asked} sent for approval, ${world.approvalTally.approved} approved, ${world.approvalTally.rejected} rejected; ${chain}; timings ${[...world.timings].map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}\n`
  );
}

it(`keeps every invariant of the money core through ${OPERATIONS} random operations`, async () => {
  const { operations, fingerprint } = generateOperations(seed, OPERATIONS);
  process.stdout.write(`simulation seed ${seed}: ${operations.length} operations, fingerprint ${fingerprint}\n`);
  const started = performance.now();
  let ran = 0;
  try {
    for (let start = 0; start < operations.length; start += BATCH) {
      const batch = start / BATCH;
      const end = Math.min(start + BATCH, operations.length);
      const since = await databaseNow(world);
      world.touched.clear();
      for (let index = start; index < end; index++) {
        const op = operations[index] as TOp;
        try {
          await runOperation(world, op, index);
        } catch (err) {
          throw failure(
            `at operation ${index} (batch ${batch}) ${describeOperation(op)}`,
            err instanceof Error ? (err.stack ?? err.message) : String(err),
          );
        }
        ran = index + 1;
      }
      await world.app.exits.settled();
      await settleChain(world, batch % CHAIN_BATCHES === CHAIN_BATCHES - 1 || end === operations.length);
      await refreshFromDatabase(world);
      const touched = new Set([...world.touched, ...(await clientsPostedSince(world, since))]);
      const clients = [...touched].map((id) => world.clientsById.get(id)).filter((c): c is TClient => c !== undefined);
      const problems = await checkInvariants(world, clients);
      if (problems.length > 0) {
        throw failure(
          `after batch ${batch} (operations ${start}–${end - 1})`,
          problems.join('\n'),
          operations.slice(Math.max(start, end - 5), end),
        );
      }
    }
    // At the end, every client's history, not only the last batch's.
    const problems = await checkInvariants(world, world.clients);
    if (problems.length > 0) throw failure('at the end (all clients)', problems.join('\n'));
  } finally {
    process.stdout.write(summary(started, ran, await chainFigures(world).catch((err) => `chain figures: ${err}`)));
  }
}, 900_000);
