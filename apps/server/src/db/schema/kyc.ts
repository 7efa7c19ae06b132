import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A client's identity submission. The images live in the file store under
 * the keys kept here, re-encoded without metadata; only their owner and admins may read them.
 * A client has at most one pending submission; a rejected one may be followed by a new one.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: ['passport', 'national_id', 'drivers_license'] }).notNull(),
    documentNumber: text('document_number').notNull(),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    documentImageKey: text('document_image_key').notNull(),
    selfieImageKey: text('selfie_image_key').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    adminNotes: text('admin_notes'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_submissions_status_submitted_idx').on(t.status, t.submittedAt),
    index('kyc_submissions_user_submitted_idx').on(t.userId, t.submittedAt),
    uniqueIndex('kyc_submissions_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('kyc_submissions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'kyc_submissions_document_type_check',
      sql`${t.documentType} in ('passport', 'national_id', 'drivers_license')`,
    ),
  ],
);

export type TKycSubmissionRow = typeof kycSubmissions.$inferSelect;
