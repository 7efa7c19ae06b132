import type { TStatementFormat } from '@meridian/contracts/statements';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';
import { buildStatement, type TStatement } from './statements.service.ts';

/** A statement as the file the routes send. */
export interface TStatementFile {
  contentType: string;
  filename: string;
  body: Buffer;
}

export async function statementFile(statement: TStatement, format: TStatementFormat): Promise<TStatementFile> {
  const body = format === 'csv' ? statementCsv(statement) : await statementPdf(statement);
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
    filename: statementFilename(statement, format),
    body,
  };
}

/**
 * `meridian-statement-2025-05-01-2025-05-31-1a2b3c4d.pdf`: the brand, the period's first and last
 * day in the statement's time zone and the start of the client's id, in letters any file system takes.
 */
export function statementFilename(statement: TStatement, format: TStatementFormat): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: statement.timeZone, dateStyle: 'short' });
  const brand =
    statement.brand
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'account';
  const last = new Date(statement.to.getTime() - 1);
  return `${brand}-statement-${day.format(statement.from)}-${day.format(last)}-${statement.client.id.slice(0, 8)}.${format}`;
}

/** Sends the file as a download that no cache keeps. */
export function sendStatementFile(reply: FastifyReply, file: TStatementFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** `userId`'s statement for a download's query, built and sent as the file the query asks for. */
export async function sendStatementOf(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  query: Omit<Parameters<typeof buildStatement>[1], 'userId' | 'brand'> & { format: TStatementFormat },
): Promise<FastifyReply> {
  const { format, from, to, lang, tz } = query;
  const brand = app.content.contentFor(lang).brand.name;
  const statement = await buildStatement(app.db, { userId, from, to, lang, tz, brand });
  return sendStatementFile(reply, await statementFile(statement, format));
}

/**
 * Building a statement reads up to a year of a client's ledger and may set a PDF of hundreds of
 * pages: 10 a minute per caller (counted once the caller is known).
 */
export const STATEMENT_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `statement:${request.caller?.id ?? request.ip}`,
};
