import { creditBalance } from '@meridian/contracts/endpoints/adjustments';
import { register } from '@meridian/contracts/endpoints/auth';
import { createWithdrawalMethod } from '@meridian/contracts/endpoints/methods';
import { createPlan } from '@meridian/contracts/endpoints/plans';
import { MARKET_PAIRS } from '@meridian/contracts/market';
import { toCents } from '@meridian/contracts/money';
import { createDepositMethodViaApi } from '../helpers/deposits.ts';
import { followVerificationLink } from '../helpers/email-verification.ts';
import { registrationForm, signIn } from '../helpers/factories.ts';
import { mustSend } from './api.ts';
import { priceArrives } from './runner.ts';
import type { World } from './world.ts';

/**
 * The platform the simulation starts from, made through the API as an operator would: a deposit and
 * a withdrawal method, three plans, a price for every pair, and a few funded clients.
 */

/** Clients signed up (and credited) before the first operation, so early operations have someone to act on. */
const FIRST_CLIENTS = 8;

const PLANS = [
  { name: 'Simulation Basic', interest: 5, duration: 7, noOfTimes: 1, minAmount: 10, maxAmount: 2_000 },
  { name: 'Simulation Standard', interest: 12.5, duration: 7, noOfTimes: 3, minAmount: 50, maxAmount: 5_000 },
  { name: 'Simulation Premium', interest: 30, duration: 10, noOfTimes: 2, minAmount: 500, maxAmount: 10_000 },
];

export async function preparePlatform(world: World): Promise<void> {
  const { app, admin } = world;
  world.depositMethodId = (await createDepositMethodViaApi(app, admin, { minAmount: 5, maxAmount: 5_000 })).id;
  const withdrawalMethod = await mustSend(app, {
    endpoint: createWithdrawalMethod,
    as: admin,
    body: { name: 'USDT (TRC20)', description: 'Tether on Tron', minAmount: 5, maxAmount: 2_500 },
  });
  world.withdrawalMethodId = withdrawalMethod.withdrawalMethod.id;
  for (const plan of PLANS) {
    const created = await mustSend(app, { endpoint: createPlan, as: admin, body: plan });
    world.plans.push({ id: created.investmentPlan.id });
  }
  for (const pair of MARKET_PAIRS) priceArrives(world, pair, world.prices[pair]);
  for (let i = 0; i < FIRST_CLIENTS; i++) {
    const form = registrationForm();
    await mustSend(app, { endpoint: register, body: { ...form } });
    // Their money moves from the first operation on: the mailed link verifies the address.
    await followVerificationLink(app, form.email);
    const session = await signIn(app, form.email, form.password);
    world.addClient({ id: session.id, email: form.email, session, closed: false });
    // Below the run's four-eyes threshold ($3,000): opening funds arrive at once.
    const amount = 1_000 + i * 250;
    await mustSend(app, {
      endpoint: creditBalance,
      as: admin,
      params: { userId: session.id },
      body: { amount, reason: 'Simulation: opening funds' },
    });
    world.adjustment(session.id, 'credit', toCents(amount) ?? 0n);
  }
}
