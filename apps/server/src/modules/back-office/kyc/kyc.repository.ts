import { kycImagePath, type TKyc, type TKycReviewStatus } from '@meridian/contracts/kyc';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { kycSubmissions, type TKycSubmissionRow } from '../../../db/schema/kyc.ts';
import { users } from '../../../db/schema/users.ts';

export type TNewKycSubmission = typeof kycSubmissions.$inferInsert;

/** A submission with the names the API shows: its client and its reviewer. */
export interface TKycView extends TKycSubmissionRow {
  user: { firstname: string; lastname: string; email: string };
  reviewer: { firstname: string; lastname: string } | null;
}

const reviewers = alias(users, 'reviewer');

const viewColumns = {
  row: kycSubmissions,
  user: { firstname: users.firstname, lastname: users.lastname, email: users.email },
  reviewerFirstname: reviewers.firstname,
  reviewerLastname: reviewers.lastname,
};

function selectViews(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .leftJoin(reviewers, eq(reviewers.id, kycSubmissions.reviewedBy));
}

type TViewRecord = {
  row: TKycSubmissionRow;
  user: TKycView['user'];
  reviewerFirstname: string | null;
  reviewerLastname: string | null;
};

function toView(record: TViewRecord): TKycView {
  const reviewer =
    record.reviewerFirstname === null
      ? null
      : { firstname: record.reviewerFirstname, lastname: record.reviewerLastname ?? '' };
  return { ...record.row, user: record.user, reviewer };
}

/** Deletes every submission of a user (closing the account); answers their image keys. */
export async function deleteKycSubmissionsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const deleted = await db
    .delete(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .returning({ document: kycSubmissions.documentImageKey, selfie: kycSubmissions.selfieImageKey });
  return deleted.flatMap((k) => [k.document, k.selfie]);
}

export async function insertKycSubmission(db: DbOrTx, values: TNewKycSubmission): Promise<TKycSubmissionRow> {
  const [row] = await db.insert(kycSubmissions).values(values).returning();
  if (!row) throw new Error('kyc_submissions insert returned nothing');
  return row;
}

export async function findKycSubmission(db: DbOrTx, id: string): Promise<TKycSubmissionRow | undefined> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
  return row;
}

export async function findKycView(db: DbOrTx, id: string): Promise<TKycView | undefined> {
  const [record] = await selectViews(db).where(eq(kycSubmissions.id, id));
  return record ? toView(record) : undefined;
}

/** The user's newest submission (served by the (user_id, submitted_at) index). */
export async function findLatestKycView(db: DbOrTx, userId: string): Promise<TKycView | undefined> {
  const [record] = await selectViews(db)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(1);
  return record ? toView(record) : undefined;
}

/** One page, newest first; all statuses or one (served by the (status, submitted_at) index). */
export async function pageKycViews(
  db: DbOrTx,
  status: TKycReviewStatus | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: TKycView[]; total: number }> {
  const where = status === undefined ? undefined : eq(kycSubmissions.status, status);
  const records = await selectViews(db)
    .where(where)
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(kycSubmissions).where(where);
  return { rows: records.map(toView), total: total?.n ?? 0 };
}

/**
 * Decides a pending submission: a conditional update, so of two admins deciding at once only one
 * wins; undefined when the submission is not (or no longer) pending.
 */
export async function decidePendingKyc(
  db: DbOrTx,
  id: string,
  decision: { status: 'approved' | 'rejected'; notes: string | null; reviewerId: string },
): Promise<TKycSubmissionRow | undefined> {
  const [row] = await db
    .update(kycSubmissions)
    .set({
      status: decision.status,
      adminNotes: decision.notes,
      reviewedBy: decision.reviewerId,
      reviewedAt: sql`now()`,
    })
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
    .returning();
  return row;
}

export function toApiKyc(view: TKycView): TKyc {
  return {
    id: view.id,
    userId: view.userId,
    user: view.user,
    documentType: view.documentType,
    documentNumber: view.documentNumber,
    fullName: view.fullName,
    dateOfBirth: view.dateOfBirth,
    address: view.address,
    country: view.country,
    documentImage: kycImagePath(view.id, 'document'),
    selfieImage: kycImagePath(view.id, 'selfie'),
    status: view.status,
    adminNotes: view.adminNotes,
    submittedAt: view.submittedAt.toISOString(),
    reviewedAt: view.reviewedAt?.toISOString() ?? null,
    reviewedBy: view.reviewer,
  };
}
