import type { TStatement } from './statements.service.ts';
import { statementTexts } from './texts.ts';

/**
 * A statement as CSV (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break), UTF-8 with a byte-order mark so spreadsheet programs read it as
 * UTF-8. One rectangular table (layout in docs/money.md, "Statements"): a header row in the
 * statement's language, then per account its opening balance, one row per movement, the totals in
 * and out and the closing balance. Amounts are machine-readable: plain decimal dollars with a dot,
 * no grouping, signed; times are ISO 8601 in UTC.
 */
export function statementCsv(statement: TStatement): Buffer {
  const texts = statementTexts(statement.lang);
  const rows: string[][] = [
    [
      texts.csv.account,
      texts.csv.entry,
      texts.csv.date,
      texts.csv.description,
      texts.csv.amount,
      texts.csv.balance,
      texts.csv.transaction,
    ],
  ];
  const from = statement.from.toISOString();
  const to = statement.to.toISOString();
  for (const account of statement.accounts) {
    const name = texts.accounts[account.account];
    rows.push([name, texts.opening, from, '', '', decimal(account.opening), '']);
    for (const m of account.movements) {
      rows.push([
        name,
        texts.csv.movement,
        m.at.toISOString(),
        text(m.description),
        decimal(m.amount),
        decimal(m.balance),
        m.transactionId,
      ]);
    }
    rows.push([name, texts.totalIn, to, '', decimal(account.totalIn), '', '']);
    rows.push([name, texts.totalOut, to, '', decimal(-account.totalOut), '', '']);
    rows.push([name, texts.closing, to, '', '', decimal(account.closing), '']);
  }
  const body = rows.map((row) => row.map(field).join(',')).join('\r\n');
  return Buffer.from(`\uFEFF${body}\r\n`, 'utf8');
}

/** Cents as plain decimal dollars: `-1234.50`. */
export function decimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * A free text (a description naming the operator's words): one a spreadsheet would take for a
 * formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading apostrophe.
 */
function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
