import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { TInAppMessageList } from '@meridian/contracts/notifications';
import type { TPositionAnswer } from '@meridian/contracts/positions';
import type { TSignal, TSignalJoinAnswer } from '@meridian/contracts/signals';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { createDepositMethodViaApi, declareDeposit, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { createPendingInvestment, createPlanRow } from '../../../../test/helpers/investment-fixtures.ts';
import { expectNoticeMail, noticeOf, noticesOf, speaks, usdIn } from '../../../../test/helpers/notices.ts';
import { mailsTo } from '../../../../test/helpers/outbox.ts';
import {
  createFullyDueInvestment,
  createInvestmentApprovedAgo,
  DAY,
  payoutsOf,
} from '../../../../test/helpers/payout-fixtures.ts';
import { positionRow, tick, until } from '../../../../test/helpers/position-fixtures.ts';
import {
  MINUTE,
  minuteOf,
  moveSignalWindow,
  recordPricePath,
  SIGNALS_TEST_CONFIG,
} from '../../../../test/helpers/signal-fixtures.ts';
import { balancesOf, setStatus as putWithdrawalStatus } from '../../../../test/helpers/withdrawal-api.ts';
import {
  createPendingWithdrawal,
  createWithdrawalMethod,
  fundClient,
} from '../../../../test/helpers/withdrawal-fixtures.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { positions } from '../../../db/schema/trading.ts';

/**
 * Every money event tells its client (docs/money.md, "Notices"): a notice stored as its key, its
 * parameters and the link to its record, and an email in the client's own language with the amount
 * written that language's way and the link on the site. Each event is made as the product makes it:
 * through the API, the jobs or the stop-out watch.
 */

const { t, app, admin } = await buildSignedInApp(['Admin'], SIGNALS_TEST_CONFIG);
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

const depositMethod = await createDepositMethodViaApi(app, admin);

async function clientSpeaking(language: Parameters<typeof speaks>[2]): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  await speaks(app, client.id, language);
  return client;
}

const list = async (client: TSignedIn) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/inappmessage/receiver/${client.id}`,
    headers: client.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TInAppMessageList>();
};

describe('deposits', () => {
  it('Completed: the client is told the amount and method, in French by email, linked to the deposit', async () => {
    const client = await clientSpeaking('fr');
    const deposit = await declareDeposit(app, client, depositMethod.id, '1234.50');
    expect((await putDepositStatus(app, admin, deposit.id, 'Completed')).statusCode).toBe(200);

    const notice = await noticeOf(app, client.id, 'depositCompleted');
    expect(notice).toMatchObject({
      params: { amount: 1234.5, method: 'USDT (TRC20)' },
      link: `/user/transaction/${deposit.id}`,
      read: false,
      subject: 'Deposit completed',
      message: 'Your deposit of $1,234.50 via USDT (TRC20) was completed and credited to your account balance.',
    });
    await expectNoticeMail(app, client.email, {
      language: 'fr',
      subject: 'Dépôt effectué',
      says: [`Votre dépôt de ${usdIn('fr', 1234.5)} via USDT (TRC20) a été effectué`],
      link: `/user/transaction/${deposit.id}`,
    });

    // The list the bell and the notifications page read carries the key, its params and the link.
    const [answered] = (await list(client)).result;
    expect(answered).toMatchObject({
      key: 'depositCompleted',
      params: { amount: 1234.5, method: 'USDT (TRC20)' },
      link: `/user/transaction/${deposit.id}`,
      subject: 'Deposit completed',
    });
  });

  it('Declined: told in Japanese; a repeat of the same status tells nothing more', async () => {
    const client = await clientSpeaking('ja');
    const deposit = await declareDeposit(app, client, depositMethod.id, 80);
    expect((await putDepositStatus(app, admin, deposit.id, 'Declined')).statusCode).toBe(200);
    expect((await putDepositStatus(app, admin, deposit.id, 'Declined')).statusCode).toBe(200);

    expect(await noticesOf(app, client.id)).toHaveLength(1);
    expect(await noticeOf(app, client.id, 'depositDeclined')).toMatchObject({
      params: { amount: 80, method: 'USDT (TRC20)' },
      link: `/user/transaction/${deposit.id}`,
    });
    await expectNoticeMail(app, client.email, {
      language: 'ja',
      subject: '入金却下',
      says: [`USDT (TRC20) による ${usdIn('ja', 80)} の入金は却下されました。`],
      link: `/user/transaction/${deposit.id}`,
    });
    expect(await mailsTo(app, client.email)).toHaveLength(1);
  });
});

describe('withdrawals', () => {
  it('Completed: paid out, told in German', async () => {
    const method = await createWithdrawalMethod(app);
    const client = await clientSpeaking('de');
    const id = await createPendingWithdrawal(app, client.id, method.id, 25_000n);
    expect((await putWithdrawalStatus(app, admin, id, 'Completed')).statusCode).toBe(200);

    expect(await noticeOf(app, client.id, 'withdrawalCompleted')).toMatchObject({
      params: { amount: 250, method: 'USDT (TRC20)' },
      link: `/user/transaction/${id}`,
    });
    await expectNoticeMail(app, client.email, {
      language: 'de',
      subject: 'Auszahlung überwiesen',
      says: [`Ihre Auszahlung von ${usdIn('de', 250)} über USDT (TRC20) wurde abgeschlossen`],
      link: `/user/transaction/${id}`,
    });
  });

  it('Declined: the money is back and the client is told so, in Spanish', async () => {
    const method = await createWithdrawalMethod(app);
    const client = await clientSpeaking('es');
    const id = await createPendingWithdrawal(app, client.id, method.id, 4_000n);
    expect((await putWithdrawalStatus(app, admin, id, 'Declined')).statusCode).toBe(200);

    expect((await balancesOf(app, client.id)).balance).toBe(4_000n);
    expect(await noticeOf(app, client.id, 'withdrawalDeclined')).toMatchObject({
      params: { amount: 40, method: 'USDT (TRC20)' },
      link: `/user/transaction/${id}`,
    });
    await expectNoticeMail(app, client.email, {
      language: 'es',
      subject: 'Retiro rechazado',
      says: [`Los ${usdIn('es', 40)} están de nuevo en su cuenta.`],
      link: `/user/transaction/${id}`,
    });
  });
});

describe('adjustments', () => {
  const adjust = (path: string, userId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/${path}/${userId}`, headers: admin.headers, payload });

  it('credit, debit, add profit and clear each tell the amount and the reason, linked to the Adjustment record', async () => {
    const client = await clientSpeaking('it');
    expect((await adjust('user/fund', client.id, { amount: 500, reason: 'Bonus di benvenuto' })).statusCode).toBe(200);
    expect((await adjust('user/debit', client.id, { amount: 120.25, reason: 'Commissione' })).statusCode).toBe(200);
    expect((await adjust('trade/profit', client.id, { amount: 30, reason: 'Rettifica' })).statusCode).toBe(200);
    expect((await adjust('user/clear-balances', client.id, { reason: 'Chiusura' })).statusCode).toBe(200);

    const keys = (await noticesOf(app, client.id)).map((n) => n.key);
    expect(keys.toSorted()).toEqual(['adjustmentClear', 'adjustmentCredit', 'adjustmentDebit', 'adjustmentProfit']);
    const debit = await noticeOf(app, client.id, 'adjustmentDebit');
    expect(debit.params).toEqual({ amount: 120.25, reason: 'Commissione' });
    expect(debit.message).toBe('$120.25 was debited from your account balance. Reason: Commissione');
    // $500.00 − $120.25 + $30.00 cleared.
    const clear = await noticeOf(app, client.id, 'adjustmentClear');
    expect(clear.params).toEqual({ amount: 409.75, reason: 'Chiusura' });
    await expectNoticeMail(app, client.email, {
      language: 'it',
      subject: 'Saldi azzerati',
      says: [`${usdIn('it', 409.75)} in totale`, 'Motivo: Chiusura'],
      link: clear.link ?? '',
    });
    expect(clear.link).toMatch(/^\/user\/transaction\/[0-9a-f-]{36}$/);
    expect(await mailsTo(app, client.email)).toHaveLength(4);
  });
});

describe('investments and payouts', () => {
  const decide = (id: string, status: string) =>
    app.inject({ method: 'PUT', url: `/api/investment/status/${id}`, headers: admin.headers, payload: { status } });

  it('approved: the terms; declined: the money returned', async () => {
    const plan = await createPlanRow(app, { interestBp: 1250, duration: 7, noOfTimes: 2 });
    const client = await clientSpeaking('pt');
    const approved = await createPendingInvestment(app, client.id, plan.id, 20_000n);
    expect((await decide(approved, 'Approved')).statusCode).toBe(200);
    expect(await noticeOf(app, client.id, 'investmentApproved')).toMatchObject({
      params: { amount: 200, plan: plan.name, interest: 12.5, days: 7, payouts: 14 },
      link: `/user/transaction/${approved}`,
    });

    const declined = await createPendingInvestment(app, client.id, plan.id, 5_000n);
    expect((await decide(declined, 'Declined')).statusCode).toBe(200);
    expect(await noticeOf(app, client.id, 'investmentDeclined')).toMatchObject({
      params: { amount: 50, plan: plan.name, returned: 50 },
      link: `/user/transaction/${declined}`,
    });
    await expectNoticeMail(app, client.email, {
      language: 'pt',
      subject: 'Investimento recusado',
      says: [`Devolvido ao saldo da sua conta: ${usdIn('pt', 50)}.`],
      link: `/user/transaction/${declined}`,
    });
  });

  it('Process All Trades: one notice for the payouts of an investment paid together, and one for its maturity', async () => {
    const client = await clientSpeaking('ru');
    const investment = await createFullyDueInvestment(app, {
      userId: client.id,
      principal: 100_000n,
      interestBp: 700,
      duration: 7,
      noOfTimes: 1,
    });
    const res = await app.inject({ method: 'POST', url: '/api/trade', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);

    const schedule = await payoutsOf(app.db, investment.id);
    const last = schedule.at(-1);
    const paid = await noticeOf(app, client.id, 'payoutPaid');
    expect(paid).toMatchObject({
      // 7 % of $1,000.00 in 7 payouts.
      params: { amount: 70, plan: investment.planName, payouts: '1–7', of: 7 },
      link: `/user/transaction/${last?.id}`,
    });
    expect(await noticeOf(app, client.id, 'investmentMatured')).toMatchObject({
      params: { amount: 1000, plan: investment.planName, returned: 1000 },
      link: `/user/transaction/${investment.id}`,
    });
    expect(await noticesOf(app, client.id)).toHaveLength(2);
    const mails = await mailsTo(app, client.email);
    expect(mails.map((m) => m.subject).toSorted()).toEqual(['Выплата произведена', 'Срок инвестиции истёк']);
    expect(mails.find((m) => m.subject === 'Выплата произведена')?.text).toContain(
      `Выплата 1–7 из 7 по вашей инвестиции ${investment.planName} произведена: ${usdIn('ru', 70)}`,
    );
  });

  it('a rejected payout is told with the reason, linked to its investment', async () => {
    const client = await clientSpeaking('en');
    const investment = await createInvestmentApprovedAgo(app, {
      userId: client.id,
      principal: 10_000n,
      interestBp: 700,
      duration: 7,
      noOfTimes: 1,
      approvedAgoMs: DAY / 2,
    });
    const [first] = await payoutsOf(app.db, investment.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/trade/reject/${first?.id}`,
      headers: admin.headers,
      payload: { reason: 'Market holiday' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticeOf(app, client.id, 'payoutRejected')).toMatchObject({
      params: { amount: 1, plan: investment.planName, payouts: '1', of: 7, reason: 'Market holiday' },
      link: `/user/transaction/${investment.id}`,
    });
    await expectNoticeMail(app, client.email, {
      language: 'en',
      subject: 'Payout rejected',
      says: [`Payout 1 of 7 of your ${investment.planName} investment, $1.00, was rejected`, 'Reason: Market holiday'],
      link: `/user/transaction/${investment.id}`,
    });
  });
});

describe('positions', () => {
  const open = async (client: TSignedIn, body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/position',
      headers: client.headers,
      payload: { userId: client.id, expiration: 60, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TPositionAnswer>().position;
  };

  it('closed by the client: the prices, the result with its sign and the margin back', async () => {
    const client = await clientSpeaking('fr');
    await fundClient(app, client.id, 50_000n);
    tick(app, 'BNB/USD', 600);
    const position = await open(client, { asset: 'BNB/USD', amount: 100, leverage: 2, type: 'buy' });
    // +5 % × 2 of $100.00 = +$10.00.
    tick(app, 'BNB/USD', 630);
    const res = await app.inject({
      method: 'POST',
      url: `/api/position/${position.id}/close`,
      headers: client.headers,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await noticeOf(app, client.id, 'positionClosed')).toMatchObject({
      params: { pair: 'BNB/USD', amount: 100, leverage: 2, entryPrice: 600, exitPrice: 630, pnl: 10, returned: 100 },
      link: `/user/transaction/${position.id}`,
      senderId: null,
    });
    await expectNoticeMail(app, client.email, {
      language: 'fr',
      subject: 'Position clôturée',
      says: [
        `Résultat : ${usdIn('fr', 10, true)}`,
        `à ${new Intl.NumberFormat('fr', { minimumFractionDigits: 2 }).format(630)}`,
      ],
      link: `/user/transaction/${position.id}`,
    });
  });

  it('closed at market by the desk: with the admin’s reason', async () => {
    const client = await clientSpeaking('de');
    await fundClient(app, client.id, 50_000n);
    tick(app, 'EUR/USD', 1.085);
    const position = await open(client, { asset: 'EUR/USD', amount: 250, leverage: 10, type: 'sell' });
    // +1 % × 10 against a sell = −$25.00.
    tick(app, 'EUR/USD', 1.09585);
    const res = await app.inject({
      method: 'POST',
      url: `/api/position/close-at-market/${position.id}`,
      headers: admin.headers,
      payload: { reason: 'Risikoprüfung' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticeOf(app, client.id, 'positionClosedByDesk')).toMatchObject({
      params: { pair: 'EUR/USD', pnl: -25, returned: 225, reason: 'Risikoprüfung' },
      senderId: admin.id,
    });
    await expectNoticeMail(app, client.email, {
      language: 'de',
      subject: 'Position vom Handelsdesk geschlossen',
      says: [`Ergebnis: ${usdIn('de', -25, true)}`, 'Grund: Risikoprüfung'],
      link: `/user/transaction/${position.id}`,
    });
  });

  it('expired and stopped out: told by the job and by the stop-out watch', async () => {
    const client = await clientSpeaking('ja');
    await fundClient(app, client.id, 50_000n);
    tick(app, 'AUD/USD', 0.66);
    const expiring = await open(client, { asset: 'AUD/USD', amount: 10, leverage: 1, type: 'buy' });
    const stopping = await open(client, { asset: 'AUD/USD', amount: 100, leverage: 10, type: 'buy' });
    await app.db
      .update(positions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(positions.id, expiring.id));
    expect(await app.jobs.runNow('positions')).toBe(1);
    expect(await noticeOf(app, client.id, 'positionExpired')).toMatchObject({
      params: { pair: 'AUD/USD', amount: 10, pnl: 0, returned: 10 },
      link: `/user/transaction/${expiring.id}`,
    });

    tick(app, 'AUD/USD', 0.5933);
    await until(async () => (await positionRow(app, stopping.id)).status === 'closed');
    expect(await noticeOf(app, client.id, 'positionStoppedOut')).toMatchObject({
      params: { pair: 'AUD/USD', amount: 100, exitPrice: 0.5933, pnl: -100, returned: 0 },
      link: `/user/transaction/${stopping.id}`,
    });
    await expectNoticeMail(app, client.email, {
      language: 'ja',
      subject: 'ストップアウト',
      says: [`損益: ${usdIn('ja', -100, true)}`],
      link: `/user/transaction/${stopping.id}`,
    });
    tick(app, 'AUD/USD', 0.66);
  });
});

describe('signals', () => {
  async function joinedSignal(client: TSignedIn, entry: number): Promise<{ signal: TSignal; tradeId: string }> {
    const created = await app.inject({
      method: 'POST',
      url: '/api/signal/create',
      headers: admin.headers,
      payload: {
        title: 'Euro up',
        description: 'A call on the euro',
        asset: 'EUR/USD',
        entryPrice: 1.08,
        targetPrice: 1.09,
        percentageReturn: 12.5,
        minEntryAmount: 100,
        scheduleTime: new Date(Date.now() + 30 * MINUTE).toISOString(),
        closingTime: new Date(Date.now() + 90 * MINUTE).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signal = created.json<{ signal: TSignal }>().signal;
    await fundClient(app, client.id, 100_000n);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/signal/${signal.id}/join`,
      headers: client.headers,
      payload: { entryAmount: entry },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    return { signal, tradeId: joined.json<TSignalJoinAnswer>().trade.id };
  }

  it('a gain and a loss, each with the entry and what it earned, in the client’s language', async () => {
    const winner = await clientSpeaking('es');
    const loser = await clientSpeaking('fr');
    const won = await joinedSignal(winner, 250);
    const lost = await joinedSignal(loser, 100);
    const opens = minuteOf(Date.now() - 20 * DAY);
    await moveSignalWindow(app, won.signal.id, opens, opens + 60 * MINUTE);
    await recordPricePath(app, 'EUR/USD', [{ minute: opens + 10 * MINUTE, high: 1.09, low: 1.085 }]);
    const opens2 = minuteOf(Date.now() - 21 * DAY);
    await moveSignalWindow(app, lost.signal.id, opens2, opens2 + 60 * MINUTE);
    await recordPricePath(
      app,
      'EUR/USD',
      Array.from({ length: 60 }, (_, i) => ({ minute: opens2 + i * MINUTE, high: 1.081, low: 1.08 })),
    );
    await app.jobs.runNow('signals');

    expect(await noticeOf(app, winner.id, 'signalGain')).toMatchObject({
      params: { title: 'Euro up', pair: 'EUR/USD', target: 1.09, entry: 250, profit: 31.25 },
      link: `/user/transaction/${won.tradeId}`,
    });
    await expectNoticeMail(app, winner.email, {
      language: 'es',
      subject: 'Señal liquidada con ganancia',
      says: [`su rendimiento de ${usdIn('es', 31.25)}`],
      link: `/user/transaction/${won.tradeId}`,
    });
    expect(await noticeOf(app, loser.id, 'signalLoss')).toMatchObject({
      params: { title: 'Euro up', pair: 'EUR/USD', target: 1.09, entry: 100 },
      link: `/user/transaction/${lost.tradeId}`,
    });
    await expectNoticeMail(app, loser.email, {
      language: 'fr',
      subject: 'Signal réglé en perte',
      says: [`Votre mise de ${usdIn('fr', 100)} est perdue.`],
      link: `/user/transaction/${lost.tradeId}`,
    });
  });
});

describe('the list', () => {
  it('keeps a message stored before notices had keys as its words, and an admin’s message as the admin’s', async () => {
    const client = await signedInUser(app, 'Client');
    await app.db
      .insert(inAppMessages)
      .values({ receiverId: client.id, subject: 'Position expired', message: 'Your buy position … was closed.' });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/inappmessage',
      headers: admin.headers,
      payload: { receiver: client.id, subject: 'Bonjour', message: 'Un mot de notre part' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { result } = await list(client);
    expect(result.map(({ subject, message, key, params, link }) => ({ subject, message, key, params, link }))).toEqual([
      { subject: 'Bonjour', message: 'Un mot de notre part', key: null, params: null, link: null },
      { subject: 'Position expired', message: 'Your buy position … was closed.', key: null, params: null, link: null },
    ]);
    // An admin's message is not a money notice: no email.
    expect(await mailsTo(app, client.email)).toHaveLength(0);
  });

  it('never answers a link off the client area', async () => {
    const client = await signedInUser(app, 'Client');
    await app.db.insert(inAppMessages).values({
      receiverId: client.id,
      subject: 'x',
      message: 'y',
      key: 'kycApproved',
      params: {},
      link: 'https://elsewhere.example/user/x',
    });
    expect((await list(client)).result[0]).toMatchObject({ key: 'kycApproved', link: null });
    expect(NOTICE_LINKS.transaction('abc')).toBe('/user/transaction/abc');
  });
});
