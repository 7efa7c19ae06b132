import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { kycSubmissions } from '../../src/db/schema/kyc.ts';
import { users } from '../../src/db/schema/users.ts';
import { insertKycSubmission } from '../../src/modules/back-office/kyc/kyc.repository.ts';
import { makeImage } from './images.ts';

/**
 * A KYC submission of `userId` straight in the database, with both images in the file store. It is
 * created decided ('rejected'), so it never blocks a new submission; `makeOnlyPending` turns it pending.
 */
export async function createKycSubmission(app: FastifyInstance, userId: string): Promise<string> {
  const image = await makeImage('png', 16);
  const documentImageKey = `kyc/${randomUUID()}.png`;
  const selfieImageKey = `kyc/${randomUUID()}.png`;
  await app.files.put(documentImageKey, { data: image, contentType: 'image/png' });
  await app.files.put(selfieImageKey, { data: image, contentType: 'image/png' });
  const row = await insertKycSubmission(app.db, {
    userId,
    documentType: 'passport',
    documentNumber: 'FIXTURE-1',
    fullName: 'Fixture Client',
    dateOfBirth: '1990-01-01',
    country: 'GB',
    address: '1 Fixture Street',
    documentImageKey,
    selfieImageKey,
    status: 'rejected',
    adminNotes: 'Fixture',
  });
  return row.id;
}

/**
 * Leaves `kycId` (or, with null, none) as the only pending submission of `userId`, with the user's
 * kyc_status to match: before a review call (pending) or a new submission (none pending).
 */
export async function makeOnlyPending(app: FastifyInstance, userId: string, kycId: string | null): Promise<void> {
  const others = and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'pending'));
  await app.db
    .update(kycSubmissions)
    .set({ status: 'rejected' })
    .where(kycId === null ? others : and(others, ne(kycSubmissions.id, kycId)));
  if (kycId !== null) {
    await app.db
      .update(kycSubmissions)
      .set({ status: 'pending', reviewedBy: null, reviewedAt: null, adminNotes: null })
      .where(eq(kycSubmissions.id, kycId));
  }
  await app.db
    .update(users)
    .set({ kycStatus: kycId === null ? 'not submitted' : 'pending' })
    .where(eq(users.id, userId));
}
