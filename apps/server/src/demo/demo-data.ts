import { randomInt } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, createBase58check } from '@scure/base';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { investments, payouts } from '../db/schema/investments.ts';
import { transactions, withdrawalCodes } from '../db/schema/money.ts';
import { withdrawalAddresses } from '../db/schema/security.ts';
import { users } from '../db/schema/users.ts';
import type { TCaller } from '../lib/caller.ts';
import { createClient } from '../modules/back-office/clients/index.ts';
import { AccessTokens, AuthService } from '../modules/identity/auth/index.ts';
import { investFromBalance, investViaDeposit, setInvestmentStatus } from '../modules/investing/investments/index.ts';
import { processAllDue, rejectPayout } from '../modules/investing/payouts/index.ts';
import { createPlan } from '../modules/investing/plans/index.ts';
import { requestUpgrade } from '../modules/investing/upgrades/index.ts';
import { createDeposit, setDepositStatus } from '../modules/money/deposits/index.ts';
import { createDepositMethod, readWithdrawalMethods } from '../modules/money/methods/index.ts';
import { createWithdrawal, hashWithdrawalCode, setWithdrawalStatus } from '../modules/money/withdrawals/index.ts';
import {
  DEMO_TRADED_PAIRS,
  pairsWithoutLivePrice,
  seedDemoTrading,
  type TDemoTradingDeps,
  type TDemoTradingSummary,
} from './demo-trading.ts';

/**
 * `npm run demo` (docs/operations.md, "Demo data"): fills an EMPTY platform with clearly labelled demo content so
 * that every screen has something to show: deposit methods, three plans, four clients with
 * deposits, withdrawals, investments part-way through their payouts, a pending investment, a
 * pending upgrade request, and trading: open and closed positions and signals (demo-trading.ts), at
 * the prices of a running market. Everything goes through the same services the API uses (so the
 * ledger, the audit log and the clients' messages are as real as the screens), with one exception:
 * timestamps. To be part-way through, the demo investments' schedules are moved into the past after
 * approval, as if they had been approved days ago; likewise a position's expiration and the windows
 * of signals that opened in the past.
 *
 * It refuses to run on a database that already has clients: demo content must never mix with real
 * clients' money.
 */

export class DemoRefused extends Error {}

/** Every demo client's password (printed by the script; demo accounts only). */
export const DEMO_PASSWORD = 'demo-password-1';
/** Demo clients' emails end with this, so they are recognisable anywhere. */
export const DEMO_EMAIL_DOMAIN = 'demo.meridian.test';

/** The wallet addresses of the demo deposit methods: valid in form, derived from a fixed text, so nobody holds their keys. */
export function demoWalletAddresses(): { trc20: string; btc: string; erc20: string } {
  const bytes = sha256(new TextEncoder().encode('meridian demo content')).slice(0, 20);
  return {
    trc20: createBase58check(sha256).encode(Uint8Array.from([0x41, ...bytes])),
    btc: bech32.encode('bc', [0, ...bech32.toWords(bytes)]),
    erc20: `0x${Buffer.from(bytes).toString('hex')}`,
  };
}

const DEMO_NOTE = 'DEMO CONTENT: this address belongs to nobody. Never send real funds to it.';

const CLIENTS = [
  { firstname: 'Ada', lastname: 'Demo', country: 'GB', address: '12 Demo Lane, London' },
  { firstname: 'Kenji', lastname: 'Demo', country: 'JP', address: '3-1 Demo-cho, Tokyo' },
  { firstname: 'Lucía', lastname: 'Demo', country: 'ES', address: 'Calle Demo 7, Madrid' },
  { firstname: 'Noah', lastname: 'Demo', country: 'DE', address: 'Demostraße 5, Berlin' },
] as const;

export interface TDemoSummary {
  clients: { email: string; name: string }[];
  password: string;
  plans: number;
  depositMethods: number;
  investments: number;
  payoutsPaid: number;
  trading: TDemoTradingSummary;
}

/** Refuses (DemoRefused) a database that already has clients: demo content never mixes with real money. */
export async function refuseUnlessEmpty(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.type, 'Client'));
  if ((existing?.n ?? 0) > 0) {
    throw new DemoRefused(
      `This database already has ${existing?.n} client(s). Demo content is only added to an empty platform, ` +
        'so that it never mixes with real clients and their money.',
    );
  }
}

/**
 * `trading`: the running market the demo's positions and signals are priced with, as the app's, and
 * the mailer its clients' notices are emailed with (the demo's addresses are not real: without SMTP
 * the mails stay in the outbox).
 */
export async function seedDemo(db: Db, adminId: string, trading: TDemoTradingDeps): Promise<TDemoSummary> {
  const { mail } = trading;
  await refuseUnlessEmpty(db);
  const unpriced = await pairsWithoutLivePrice(trading.market, DEMO_TRADED_PAIRS);
  if (unpriced.length > 0) {
    throw new DemoRefused(
      `No live price for ${unpriced.join(', ')}: the demo's positions and signals need a running market ` +
        '(MARKET_PROVIDER). Nothing was added.',
    );
  }

  const addresses = demoWalletAddresses();
  const methods = [
    await createDepositMethod(db, adminId, {
      name: 'USDT (TRC20)',
      value: addresses.trc20,
      description: `${DEMO_NOTE} Tether on the TRON network.`,
      minAmount: 50,
      maxAmount: 250_000,
    }),
    await createDepositMethod(db, adminId, {
      name: 'Bitcoin (BTC)',
      value: addresses.btc,
      description: `${DEMO_NOTE} Bitcoin network.`,
      minAmount: 100,
      maxAmount: 250_000,
    }),
    await createDepositMethod(db, adminId, {
      name: 'USDT (ERC20)',
      value: addresses.erc20,
      description: `${DEMO_NOTE} Tether on the Ethereum network.`,
      minAmount: 50,
      maxAmount: 250_000,
    }),
  ];
  const [trc20, btc] = methods as [(typeof methods)[number], (typeof methods)[number]];

  const basic = await createPlan(db, adminId, {
    name: 'Basic Plan',
    interest: 5,
    duration: 7,
    noOfTimes: 1,
    minAmount: 100,
    maxAmount: 4_999.99,
  });
  const standard = await createPlan(db, adminId, {
    name: 'Standard Plan',
    interest: 12.5,
    duration: 14,
    noOfTimes: 2,
    minAmount: 5_000,
    maxAmount: 19_999.99,
  });
  const premium = await createPlan(db, adminId, {
    name: 'Premium Plan',
    interest: 30,
    duration: 30,
    noOfTimes: 4,
    minAmount: 20_000,
    maxAmount: 100_000,
  });

  // Only the demo needs a token signer here: nobody signs in through this AuthService.
  const auth = new AuthService(db, new AccessTokens(sha256Hex('demo'), 60), 1);
  const people: TCaller[] = [];
  const summaryClients: TDemoSummary['clients'] = [];
  for (const [i, person] of CLIENTS.entries()) {
    const username = `${person.firstname
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}_demo`;
    const email = `${username.replace('_', '.')}@${DEMO_EMAIL_DOMAIN}`;
    const user = await createClient(db, auth, adminId, {
      ...person,
      username,
      email,
      phone: `+44 20 7946 01${String(10 + i)}`,
      password: DEMO_PASSWORD,
    });
    people.push({ id: user.id, type: 'Client', sessionId: '' });
    summaryClients.push({ email, name: `${person.firstname} ${person.lastname}` });
  }
  const [ada, kenji, lucia, noah] = people as [TCaller, TCaller, TCaller, TCaller];

  // Funding: declared deposits that an admin completed; one still Pending, one Declined.
  const fund = async (client: TCaller, amount: number, methodId: string) => {
    const deposit = await createDeposit(db, client, { amount, depositMethod: methodId, user: client.id });
    await setDepositStatus(db, mail, adminId, deposit.id, 'Completed');
  };
  await fund(ada, 3_000, trc20.id);
  await fund(ada, 1_500, btc.id);
  await fund(kenji, 12_000, trc20.id);
  await fund(lucia, 30_000, btc.id);
  await fund(noah, 800, trc20.id);
  await createDeposit(db, noah, { amount: 250, depositMethod: btc.id, user: noah.id });
  const declined = await createDeposit(db, lucia, { amount: 5_000, depositMethod: trc20.id, user: lucia.id });
  await setDepositStatus(db, mail, adminId, declined.id, 'Declined');

  // Investments, approved "days ago" so that they are part-way through their payouts.
  const invested: string[] = [];
  const approveAgo = async (client: TCaller, planId: string, amount: number, hoursAgo: number) => {
    const investment = await investFromBalance(db, client, { amount, user: client.id, investmentPlan: planId });
    await setInvestmentStatus(db, mail, adminId, investment.id, 'Approved');
    await moveScheduleIntoThePast(db, investment.id, hoursAgo);
    invested.push(investment.id);
    return investment.id;
  };
  await approveAgo(ada, basic.id, 2_000, 4 * 24 + 2);
  await approveAgo(kenji, standard.id, 10_000, 6 * 24 + 5);
  await approveAgo(lucia, premium.id, 25_000, 9 * 24 + 3);
  // A Basic Plan investment that has run its course: every payout paid, the principal back.
  await approveAgo(ada, basic.id, 500, 8 * 24);

  // Waiting for the admin: an investment from balance, and one via a deposit not yet completed.
  const pending = await investFromBalance(db, noah, { amount: 300, user: noah.id, investmentPlan: basic.id });
  invested.push(pending.id);
  const viaDeposit = await investViaDeposit(db, kenji, {
    amount: 6_000,
    depositMethod: trc20.id,
    user: kenji.id,
    investmentPlan: standard.id,
  });
  invested.push(viaDeposit.investment.id);

  const payoutsPaid = await processAllDue(db, mail, adminId);

  // One payout an admin rejected, with the reason the client reads.
  const [toReject] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.userId, kenji.id), eq(payouts.status, 'Pending')))
    .orderBy(payouts.dueAt)
    .limit(1);
  if (toReject) {
    await rejectPayout(db, mail, adminId, toReject.id, 'Demo: trading was suspended on this day for a market holiday.');
  }

  // Withdrawals: one completed, one waiting for review.
  const usdt = (await readWithdrawalMethods(db)).withdrawalMethods.find((m) => m.name.includes('TRC20'));
  if (usdt) {
    const withdraw = async (client: TCaller, amount: number) => {
      await placeVerifiedCode(db, client.id);
      // The address is in the client's address book, saved long enough ago to be usable.
      await db
        .insert(withdrawalAddresses)
        .values({
          userId: client.id,
          methodId: usdt.id,
          address: addresses.trc20,
          label: 'Main wallet',
          createdAt: sql`now() - interval '7 days'`,
          activeFrom: sql`now() - interval '6 days'`,
        })
        .onConflictDoNothing();
      return createWithdrawal(db, client, {
        amount,
        address: addresses.trc20,
        withdrawalMethod: usdt.id,
        user: client.id,
      });
    };
    const done = await withdraw(ada, 250);
    await setWithdrawalStatus(db, mail, adminId, done.id, 'Completed', {}, { above: null });
    await withdraw(lucia, 1_000);
  }

  // Ada asks to move up from the Basic Plan.
  await requestUpgrade(db, ada, { userId: ada.id, newPlanId: standard.id });

  const tradingSummary = await seedDemoTrading(db, adminId, trading, { ada, kenji, lucia, noah });

  return {
    clients: summaryClients,
    password: DEMO_PASSWORD,
    plans: 3,
    depositMethods: methods.length,
    investments: invested.length,
    payoutsPaid,
    trading: tradingSummary,
  };
}

/** As if the investment had been approved `hours` ago: its approval, schedule and maturity move back. */
async function moveScheduleIntoThePast(db: Db, investmentId: string, hours: number): Promise<void> {
  const shift = sql`make_interval(hours => ${hours})`;
  await db.transaction(async (tx) => {
    await tx
      .update(payouts)
      .set({ dueAt: sql`${payouts.dueAt} - ${shift}`, createdAt: sql`${payouts.createdAt} - ${shift}` })
      .where(eq(payouts.investmentId, investmentId));
    await tx
      .update(investments)
      .set({
        approvedAt: sql`${investments.approvedAt} - ${shift}`,
        maturesAt: sql`${investments.maturesAt} - ${shift}`,
        createdAt: sql`${investments.createdAt} - ${shift}`,
      })
      .where(eq(investments.id, investmentId));
    await tx
      .update(transactions)
      .set({
        createdAt: sql`${transactions.createdAt} - ${shift}`,
        decidedAt: sql`${transactions.decidedAt} - ${shift}`,
      })
      .where(eq(transactions.id, investmentId));
  });
}

/**
 * A withdrawal needs an emailed code the client verified; the demo client "verified" one, so the
 * demo withdrawal goes through the withdrawal service's own rules.
 */
async function placeVerifiedCode(db: Db, userId: string): Promise<void> {
  const code = String(randomInt(100_000, 1_000_000));
  await db.insert(withdrawalCodes).values({
    userId,
    codeHash: hashWithdrawalCode(userId, code),
    expiresAt: sql`now() + interval '10 minutes'`,
    verifiedAt: sql`now()`,
  });
}

function sha256Hex(text: string): string {
  return Buffer.from(sha256(new TextEncoder().encode(`meridian-demo-${text}`))).toString('hex');
}
