import { fromCents } from '@meridian/contracts/money';
import PDFDocument from 'pdfkit';
import { fontData, needsJapaneseFont, type TFontName } from './fonts.ts';
import type { TStatement, TStatementAccount } from './statements.service.ts';
import { fill, statementTexts, type TStatementTexts } from './texts.ts';

/**
 * A statement as an A4 PDF (layout in docs/money.md, "Statements"): the operator's brand, the
 * client, the period and the generation time, then per account a table of its movements (date,
 * description, in, out, running balance) between its opening and closing balance and its totals,
 * with page numbers; texts, amounts and dates in the statement's language and time zone. Japanese
 * statements are set in Noto Sans JP, the others in Noto Sans (with Noto Sans JP for any Japanese
 * or Chinese characters in a name or description).
 */

export interface TPdfOptions {
  /** Deflate the page contents (default). Tests turn it off to read the text back. */
  compress?: boolean;
}

const MARGIN = 48;
const FOOTER = 28;
/** Columns of an account's table: widths in points across the 499-point text width of A4. */
const COLUMNS = { date: 88, description: 201, in: 70, out: 70, balance: 70 } as const;
const MUTED = '#555555';
const RULE = '#bbbbbb';
const SIZE = { brand: 18, title: 13, heading: 11.5, body: 8.5, small: 7.5 } as const;

export function statementPdf(statement: TStatement, options: TPdfOptions = {}): Promise<Buffer> {
  const texts = statementTexts(statement.lang);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: statement.lang,
    displayTitle: true,
    info: {
      Title: `${statement.brand} - ${texts.title}`,
      Author: statement.brand,
      Subject: `${statement.client.firstname} ${statement.client.lastname}`,
      CreationDate: statement.generatedAt,
    },
  });
  for (const name of ['sans', 'sansBold', 'jp', 'jpBold'] as const) doc.registerFont(name, fontData(name));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new Writer(doc, statement, texts).write();
  doc.end();
  return done;
}

class Writer {
  private readonly money: Intl.NumberFormat;
  private readonly dateTime: Intl.DateTimeFormat;
  private readonly date: Intl.DateTimeFormat;
  private readonly left = MARGIN;
  private readonly width: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly statement: TStatement,
    private readonly texts: TStatementTexts,
  ) {
    const { lang, timeZone } = statement;
    this.money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' });
    this.dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone });
    this.date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone });
    this.width = doc.page.width - 2 * MARGIN;
  }

  write(): void {
    this.header();
    for (const account of this.statement.accounts) this.account(account);
    this.ensure(40);
    this.doc.moveDown(0.5);
    this.line(this.texts.footer, { size: SIZE.small, color: MUTED });
    this.pageNumbers();
  }

  /** Sets `text` in the statement's font (or the Japanese one when the text needs it). */
  private font(text: string, bold = false): void {
    const japanese = this.statement.lang === 'ja' || needsJapaneseFont(text);
    const name: TFontName = japanese ? (bold ? 'jpBold' : 'jp') : bold ? 'sansBold' : 'sans';
    this.doc.font(name);
  }

  private line(text: string, opts: { size: number; bold?: boolean; color?: string; gap?: number }): void {
    this.font(text, opts.bold);
    this.doc
      .fontSize(opts.size)
      .fillColor(opts.color ?? 'black')
      .text(text, this.left, this.doc.y, { width: this.width });
    if (opts.gap) this.doc.moveDown(opts.gap);
  }

  private header(): void {
    const { statement, texts } = this;
    const { client } = statement;
    this.line(statement.brand, { size: SIZE.brand, bold: true });
    this.line(texts.title, { size: SIZE.title, gap: 0.6 });
    const lastDay = new Date(statement.to.getTime() - 1);
    const facts: [string, string][] = [
      [texts.client, `${client.firstname} ${client.lastname}`],
      [texts.email, client.email],
      [texts.clientId, client.id],
      [texts.period, `${this.date.format(statement.from)} – ${this.date.format(lastDay)}`],
      [texts.generated, this.dateTime.format(statement.generatedAt)],
      [texts.timeZone, statement.timeZone],
    ];
    for (const [label, value] of facts) {
      const y = this.doc.y;
      this.font(label, true);
      this.doc.fontSize(SIZE.body).fillColor(MUTED).text(label, this.left, y, { width: 110, lineBreak: false });
      this.font(value);
      this.doc.fillColor('black').text(value, this.left + 115, y, { width: this.width - 115 });
    }
    this.doc.moveDown(0.4);
    this.line(texts.currency, { size: SIZE.small, color: MUTED, gap: 0.8 });
  }

  private account(account: TStatementAccount): void {
    const { texts } = this;
    this.ensure(90);
    this.doc.moveDown(0.4);
    this.line(texts.accounts[account.account], { size: SIZE.heading, bold: true, gap: 0.2 });
    this.summaryRow(texts.opening, account.opening);
    if (account.movements.length === 0) {
      this.line(texts.noMovements, { size: SIZE.body, color: MUTED, gap: 0.2 });
    } else {
      this.tableHeader();
      for (const m of account.movements) {
        const description = m.description;
        this.font(description);
        this.doc.fontSize(SIZE.body);
        const height = Math.max(
          this.doc.heightOfString(description, { width: COLUMNS.description - 6 }),
          this.doc.currentLineHeight(),
        );
        if (this.ensure(height + 4)) this.tableHeader();
        const y = this.doc.y;
        this.cell(this.dateTime.format(m.at), 'date', y);
        this.cell(description, 'description', y, { wrap: true });
        if (m.amount > 0n) this.cell(this.format(m.amount), 'in', y, { right: true });
        else this.cell(this.format(-m.amount), 'out', y, { right: true });
        this.cell(this.format(m.balance), 'balance', y, { right: true });
        this.doc.y = y + height + 3;
      }
      this.rule();
    }
    this.summaryRow(texts.totalIn, account.totalIn);
    this.summaryRow(texts.totalOut, account.totalOut);
    this.summaryRow(texts.closing, account.closing, true);
    this.doc.moveDown(0.6);
  }

  private format(cents: bigint): string {
    return this.money.format(fromCents(cents));
  }

  /** Starts a new page when fewer than `height` points are left on this one; says whether it did. */
  private ensure(height: number): boolean {
    const bottom = this.doc.page.height - this.doc.page.margins.bottom;
    if (this.doc.y + height <= bottom) return false;
    this.doc.addPage();
    return true;
  }

  private x(column: keyof typeof COLUMNS): number {
    let x = this.left;
    for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
      if (key === column) return x;
      x += COLUMNS[key];
    }
    return x;
  }

  private cell(
    text: string,
    column: keyof typeof COLUMNS,
    y: number,
    opts: { right?: boolean; wrap?: boolean; bold?: boolean } = {},
  ): void {
    this.font(text, opts.bold);
    this.doc
      .fontSize(SIZE.body)
      .fillColor('black')
      .text(text, this.x(column), y, {
        width: COLUMNS[column] - 6,
        align: opts.right ? 'right' : 'left',
        lineBreak: opts.wrap === true,
      });
  }

  private tableHeader(): void {
    const { columns } = this.texts;
    this.ensure(30);
    const y = this.doc.y + 2;
    for (const column of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
      this.font(columns[column], true);
      this.doc
        .fontSize(SIZE.small)
        .fillColor(MUTED)
        .text(columns[column], this.x(column), y, {
          width: COLUMNS[column] - 6,
          align: column === 'date' || column === 'description' ? 'left' : 'right',
          lineBreak: false,
        });
    }
    this.doc.y = y + this.doc.currentLineHeight() + 2;
    this.rule();
  }

  private rule(): void {
    const y = this.doc.y;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 3;
  }

  private summaryRow(label: string, cents: bigint, bold = false): void {
    this.ensure(16);
    const y = this.doc.y;
    this.font(label, bold);
    this.doc
      .fontSize(SIZE.body)
      .fillColor('black')
      .text(label, this.left, y, { width: this.width - COLUMNS.balance, lineBreak: false });
    this.cell(this.format(cents), 'balance', y, { right: true, bold });
    this.doc.y = y + this.doc.currentLineHeight() + 3;
  }

  /** "Page n of m" and the brand at the foot of every page, written once all pages exist. */
  private pageNumbers(): void {
    const { doc, statement, texts } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would start a new page: lift the margin while writing.
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN - 10;
      const brand = `${statement.brand} · ${texts.title}`;
      this.font(brand);
      doc
        .fontSize(SIZE.small)
        .fillColor(MUTED)
        .text(brand, this.left, y, { width: this.width / 2, lineBreak: false });
      const page = fill(texts.page, { page: i - range.start + 1, pages: range.count });
      this.font(page);
      doc.text(page, this.left + this.width / 2, y, { width: this.width / 2, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}
