import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, setUserFields, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { pdfPageCount, pdfText } from '../../../../test/helpers/pdf-text.ts';
import { statementPdf } from './statement-pdf.ts';
import { buildStatement } from './statements.service.ts';

/**
 * Statements through the API (docs/money.md, "Statements"): the CSV's layout, quoting and numbers,
 * the PDF, the languages, who may download whose, and the periods refused.
 */

let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let client: TSignedIn;
let other: TSignedIn;
const start = new Date(Date.now() - 60_000).toISOString();
const end = new Date(Date.now() + 86_400_000).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  client = await signedInUser(app, 'Client');
  other = await signedInUser(app, 'Client');
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api${url}`, headers: admin.headers, payload });
  expect(
    (await post(`/user/fund/${client.id}`, { amount: 1234.5, reason: 'Welcome, "first" credit' })).statusCode,
  ).toBe(200);
  expect((await post(`/trade/profit/${client.id}`, { amount: 10, reason: '=SUM(A1:A2)' })).statusCode).toBe(200);
  expect((await post(`/user/debit/${client.id}`, { amount: 0.5, reason: 'Fee' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function query(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({ format: 'csv', from: start, to: end, ...overrides }).toString();
}

function own(as: TSignedIn, overrides: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/statement?${query(overrides)}`, headers: as.headers });
}

function ofClient(userId: string, overrides: Record<string, string> = {}, as = admin) {
  return app.inject({ method: 'GET', url: `/api/admin/statement/${userId}?${query(overrides)}`, headers: as.headers });
}

/** The client's statement of the test period, built without the endpoint: in English and UTC unless overridden. */
function clientStatement(overrides: Partial<Parameters<typeof buildStatement>[1]> = {}) {
  return buildStatement(app.db, {
    userId: client.id,
    from: start,
    to: end,
    lang: 'en',
    tz: 'UTC',
    brand: 'Meridian',
    ...overrides,
  });
}

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(value);
      value = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
      i++;
    } else value += c;
  }
  return rows;
}

describe('CSV', () => {
  it('is UTF-8 with a BOM, RFC 4180, with opening, movements, totals and closing per account', async () => {
    const res = await own(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="meridian-statement-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}-${client.id.slice(0, 8)}\\.csv"$`,
      ),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('"Credit: Welcome, ""first"" credit"');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Account',
      'Entry',
      'Date (UTC)',
      'Description',
      'Amount (USD)',
      'Balance (USD)',
      'Transaction ID',
    ]);
    expect(rows.every((r) => r.length === 7)).toBe(true);
    const balance = rows.filter((r) => r[0] === 'Account balance');
    expect(balance.map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['Opening balance', '', '', '0.00'],
      ['Movement', 'Credit: Welcome, "first" credit', '1234.50', '1234.50'],
      ['Movement', 'Debit: Fee', '-0.50', '1234.00'],
      ['Total in', '', '1234.50', ''],
      ['Total out', '', '-0.50', ''],
      ['Closing balance', '', '', '1234.00'],
    ]);
    const profit = rows.filter((r) => r[0] === 'Profit balance' && r[1] === 'Movement');
    expect(profit.map((r) => [r[3], r[4]])).toEqual([['Profit balance credit: =SUM(A1:A2)', '10.00']]);
    expect(profit[0]?.[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(profit[0]?.[6]).toMatch(/^[0-9a-f-]{36}$/);
    // Every account appears, even one that never moved.
    for (const account of ['Trading balance', 'Bonus', 'Withdrawals on hold']) {
      expect(rows.filter((r) => r[0] === account).map((r) => r[1])).toEqual([
        'Opening balance',
        'Total in',
        'Total out',
        'Closing balance',
      ]);
    }
  });

  it('speaks the language asked for: its column names and descriptions, the same numbers', async () => {
    const de = parseCsv((await own(client, { lang: 'de' })).rawPayload.subarray(3).toString('utf8'));
    expect(de[0]?.slice(0, 3)).toEqual(['Konto', 'Eintrag', 'Datum (UTC)']);
    expect(de.find((r) => r[1] === 'Endsaldo' && r[0] === 'Kontoguthaben')?.[5]).toBe('1234.00');
    expect(de.some((r) => r[3] === 'Belastung: Fee')).toBe(true);
    const ja = parseCsv((await own(client, { lang: 'ja' })).rawPayload.subarray(3).toString('utf8'));
    expect(ja[0]?.[0]).toBe('口座');
    expect(ja.some((r) => r[3] === '出金調整：Fee')).toBe(true);
  });
});

describe('PDF', () => {
  it('is a PDF with the brand, the client and the period', async () => {
    const res = await own(client, { format: 'pdf', lang: 'fr', tz: 'Europe/Paris' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meridian-statement-.*\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pdf.toString('latin1')).toMatch(/\d+ 0 obj\s*\(Meridian\)/);
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1);
  });

  it('writes its texts in the language asked for, Japanese and Cyrillic included, with page numbers', async () => {
    const from = new Date(start);
    const to = new Date(end);
    const texts: Record<string, string[]> = {};
    for (const lang of ['en', 'ja', 'ru'] as const) {
      const statement = await clientStatement({
        from: from.toISOString(),
        to: to.toISOString(),
        lang,
        tz: 'Asia/Tokyo',
      });
      texts[lang] = pdfText(await statementPdf(statement, { compress: false }));
    }
    expect(texts.en).toEqual(expect.arrayContaining(['Meridian', 'Account statement', 'Opening balance']));
    expect(texts.en?.some((line) => /^Page 1 of \d$/.test(line))).toBe(true);
    expect(texts.en).toEqual(expect.arrayContaining(['Credit: Welcome, "first" credit', '$1,234.50', '$1,234.00']));
    expect(texts.ja).toEqual(expect.arrayContaining(['取引明細書', '期首残高', '出金調整：Fee']));
    expect(texts.ja?.some((line) => /^1 \/ \d ページ$/.test(line))).toBe(true);
    expect(texts.ru).toEqual(expect.arrayContaining(['Выписка по счёту', 'Остаток на начало']));
    expect(texts.ru?.some((line) => /^Страница 1 из \d$/.test(line))).toBe(true);
    expect(texts.ru?.some((line) => /^1\s234,50\s\$$/.test(line))).toBe(true);
  });

  it('numbers its pages when the movements fill several', async () => {
    const statement = await clientStatement();
    const first = statement.accounts[0];
    if (!first) throw new Error('no account');
    const many = Array.from({ length: 150 }, (_, i) => ({ ...first.movements[0], description: `Row ${i}` }));
    statement.accounts[0] = { ...first, movements: many as typeof first.movements };
    const pdf = await statementPdf(statement, { compress: false });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(pdfText(pdf)).toEqual(expect.arrayContaining([`Page 1 of ${pages}`, `Page ${pages} of ${pages}`]));
  });
});

describe('who may download whose', () => {
  it("gives a client their own only, and an admin any client's, a closed account's too", async () => {
    expect((await own(other)).statusCode).toBe(200);
    expectApiError(await ofClient(client.id, {}, other), 403, 'FORBIDDEN');
    expectApiError(await own(admin), 403, 'FORBIDDEN');
    expect((await ofClient(client.id)).statusCode).toBe(200);
    expectApiError(await ofClient('7c9e6679-7425-40de-944b-e07fc1f90ae7'), 404, 'NOT_FOUND');
    const agent = await createUser(app, 'Agent');
    expectApiError(await ofClient(agent.id), 404, 'NOT_FOUND');
    const closed = await createUser(app, 'Client');
    await setUserFields(app, closed.id, { closedAt: new Date(), isActive: false });
    const res = await ofClient(closed.id, { format: 'pdf' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/statement?${query()}` });
    expectApiError(res, 401, 'UNAUTHORIZED');
  });
});

describe('periods', () => {
  const key = (res: Awaited<ReturnType<typeof own>>) => expectApiError(res, 400, 'VALIDATION').key;

  it('refuses a period that ends before it starts, is longer than a year, or starts in the future', async () => {
    expect(key(await own(client, { from: end, to: start }))).toBe('statements.periodOrder');
    expect(key(await own(client, { from: start, to: start }))).toBe('statements.periodOrder');
    const yearAgo = new Date(Date.now() - 367 * 86_400_000).toISOString();
    expect(key(await own(client, { from: yearAgo, to: new Date().toISOString() }))).toBe('statements.periodTooLong');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(key(await own(client, { from: tomorrow, to: later }))).toBe('statements.periodInFuture');
  });

  it('takes a whole year, and a period reaching into the future ends now', async () => {
    const from = new Date(Date.now() - 366 * 86_400_000).toISOString();
    const res = await own(client, { from, to: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const statement = await clientStatement({ brand: 'M' });
    expect(statement.to.getTime()).toBeLessThanOrEqual(Date.now());
    expect(statement.to).toEqual(statement.generatedAt);
  });

  it('refuses a date, format, language or time zone it does not know', async () => {
    expect(key(await own(client, { from: '2025-13-01' }))).toBe('statements.dateInvalid');
    expect(key(await own(client, { format: 'xlsx' }))).toBe('statements.formatInvalid');
    expect(key(await own(client, { lang: 'xx' }))).toBe('statements.languageInvalid');
    expect(key(await own(client, { tz: 'Mars/Olympus' }))).toBe('statements.timeZoneInvalid');
  });
});
