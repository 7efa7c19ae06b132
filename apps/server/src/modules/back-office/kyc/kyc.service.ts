import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@meridian/contracts/constants';
import type { TKyc, TKycList, TKycReviewStatus, TKycStatusAnswer, ZKycSubmitBody } from '@meridian/contracts/kyc';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import { totalPages } from '@meridian/contracts/pagination';
import { verificationState } from '@meridian/contracts/verification';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { TKycSubmissionRow } from '../../../db/schema/kyc.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { cleanImage, type TCleanImage } from '../../../lib/images.ts';
import { toBuffer } from '../../../lib/uploads.ts';
import type { FileStore, TStoredFile } from '../../../providers/files/interface.ts';
import { findKycOwner, lockKycOwner, setKycOwnerState, type TKycOwnerState } from '../../identity/users/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { recordAudit } from '../audit/index.ts';
import { tellClient } from '../messages/index.ts';
import { kycDecisionMail } from './kyc.mail.ts';
import {
  decidePendingKyc,
  findKycSubmission,
  findKycView,
  findLatestKycView,
  insertKycSubmission,
  pageKycViews,
  toApiKyc,
} from './kyc.repository.ts';

/**
 * KYC (docs/security.md, "Uploads"): a client submits their identity document and a
 * selfie; an admin approves or rejects a pending submission. Images are checked by content and
 * re-encoded without metadata before they are stored, and are served only to their owner and admins.
 */

/** Longest side of a stored KYC image: enough to read a document, small enough to keep. */
export const KYC_IMAGE_MAX_SIDE = 2400;

const conflict = (key: 'kyc.alreadyPending' | 'kyc.alreadyApproved' | 'kyc.alreadyVerified' | 'kyc.notPending') =>
  new AppError('CONFLICT', key);

/** A submission as the server reads it: the text fields and the bytes of the two images. */
export type TKycSubmission = z.output<typeof ZKycSubmitBody>;

/** The image of one form field, cleaned; a refusal names the field it came from. */
async function cleanField(field: 'documentImage' | 'selfieImage', bytes: Uint8Array): Promise<TCleanImage> {
  try {
    return await cleanImage(toBuffer(bytes), { maxSide: KYC_IMAGE_MAX_SIDE });
  } catch (err) {
    throw err instanceof AppError ? err.onField(field) : err;
  }
}

/**
 * Refuses a submission the verification rule does not allow (contracts/verification): one is
 * pending, or the account is verified (through approved documents or by an admin).
 */
function assertMaySubmit(owner: TKycOwnerState): void {
  if (verificationState(owner).maySubmit) return;
  if (owner.kycStatus === 'pending') throw conflict('kyc.alreadyPending');
  throw conflict(owner.kycStatus === 'approved' ? 'kyc.alreadyApproved' : 'kyc.alreadyVerified');
}

type TImageField = 'documentImage' | 'selfieImage';
const PREVIOUS_KEY = { documentImage: 'documentImageKey', selfieImage: 'selfieImageKey' } as const;

/** An image ready to store: its bytes, content type and file extension. */
interface TImageToStore extends TStoredFile {
  ext: string;
}

/**
 * The image to store for one field: the upload, cleaned; or, when the field was left out, a copy of
 * the same image of the client's previous submission (cleaned when it was uploaded). Without
 * either, the field is refused with the spec's words.
 */
async function imageFor(
  files: FileStore,
  field: TImageField,
  upload: Uint8Array | undefined,
  previous: TKycSubmissionRow | undefined,
): Promise<TImageToStore> {
  if (upload) {
    const clean = await cleanField(field, upload);
    return { data: clean.data, contentType: clean.contentType, ext: clean.ext };
  }
  const key = previous?.[PREVIOUS_KEY[field]];
  const earlier = key ? await files.get(key) : undefined;
  if (!key || !earlier) throw AppError.field(field, 'kyc.imagesRequired');
  return { data: earlier.data, contentType: earlier.contentType, ext: key.slice(key.lastIndexOf('.') + 1) };
}

/**
 * Stores a client's submission: both images stored as `kyc/<uuid>.<ext>` (an upload cleaned first;
 * an image left out of a resubmission copied from the client's latest submission, so each submission
 * owns its files), then in one transaction the record and users.kyc_status = 'pending'. If the
 * record cannot be written, the stored images are removed again.
 */
export async function submitKyc(db: Db, files: FileStore, userId: string, submission: TKycSubmission): Promise<void> {
  const { documentImage, selfieImage, ...fields } = submission;
  const owner = await findKycOwner(db, userId);
  if (!owner) throw notFound();
  // Cheap refusals first: no image work for a submission that cannot be accepted.
  assertMaySubmit(owner);
  const previous = documentImage && selfieImage ? undefined : await findLatestKycView(db, userId);
  if (!previous) {
    if (!documentImage) throw AppError.field('documentImage', 'kyc.imagesRequired');
    if (!selfieImage) throw AppError.field('selfieImage', 'kyc.imagesRequired');
  }

  const [document, selfie] = await Promise.all([
    imageFor(files, 'documentImage', documentImage, previous),
    imageFor(files, 'selfieImage', selfieImage, previous),
  ]);
  const documentKey = `kyc/${randomUUID()}.${document.ext}`;
  const selfieKey = `kyc/${randomUUID()}.${selfie.ext}`;
  const stored: string[] = [];
  const put = async (key: string, file: TStoredFile) => {
    stored.push(key);
    await files.put(key, file);
  };
  try {
    await put(documentKey, { data: document.data, contentType: document.contentType });
    await put(selfieKey, { data: selfie.data, contentType: selfie.contentType });
    await db.transaction(async (tx) => {
      const locked = await lockKycOwner(tx, userId);
      if (!locked) throw notFound();
      assertMaySubmit(locked);
      await insertKycSubmission(tx, {
        userId,
        documentType: fields.documentType,
        documentNumber: fields.documentNumber,
        fullName: fields.fullName,
        dateOfBirth: fields.dateOfBirth,
        country: fields.country,
        address: fields.address,
        documentImageKey: documentKey,
        selfieImageKey: selfieKey,
      });
      await setKycOwnerState(tx, userId, { kycStatus: 'pending' });
    });
  } catch (err) {
    await Promise.allSettled(stored.map((key) => files.delete(key)));
    // Two submissions at once: the one-pending-per-user index stops the second.
    if (isUniqueViolation(err)) throw conflict('kyc.alreadyPending');
    throw err;
  }
}

/** GET kyc/user/{userId}: the user's KYC state and latest submission. */
export async function kycStatusOf(db: Db, userId: string): Promise<TKycStatusAnswer> {
  const user = await findKycOwner(db, userId);
  if (!user) throw notFound();
  const latest = await findLatestKycView(db, userId);
  return { status: user.kycStatus, submission: latest ? toApiKyc(latest) : null };
}

/** A client reads only their own submissions; an admin reads any. Others learn nothing: 404. */
function assertMayRead(caller: TCaller, ownerId: string): void {
  if (caller.type !== 'Admin' && caller.id !== ownerId) throw notFound();
}

export async function kycById(db: Db, caller: TCaller, kycId: string): Promise<TKyc> {
  const view = await findKycView(db, kycId);
  if (!view) throw notFound();
  assertMayRead(caller, view.userId);
  return toApiKyc(view);
}

/** One of a submission's stored images, for its owner or an admin. */
export async function kycImage(
  db: Db,
  files: FileStore,
  caller: TCaller,
  kycId: string,
  which: 'document' | 'selfie',
): Promise<TStoredFile> {
  const row = await findKycSubmission(db, kycId);
  if (!row) throw notFound();
  assertMayRead(caller, row.userId);
  const file = await files.get(which === 'document' ? row.documentImageKey : row.selfieImageKey);
  if (!file) throw notFound();
  return file;
}

export async function listKyc(
  db: Db,
  query: { page: number; limit: number; status?: TKycReviewStatus | undefined },
): Promise<TKycList> {
  const { rows, total } = await pageKycViews(db, query.status, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { kycs: rows.map(toApiKyc), total, totalPages: totalPages(total, query.limit) };
}

/**
 * Approves or rejects a pending submission as `actorId` (the caller, never a body field): the
 * submission, the client's kyc_status (and is_verified on approval), an audit entry and an in-app
 * message and an email to the client, in one transaction. 409 when the submission is not pending, also when
 * another admin decided it a moment earlier.
 */
export async function decideKyc(
  db: Db,
  mail: Mailer,
  actorId: string,
  kycId: string,
  decision: 'approved' | 'rejected',
  notes: string | undefined,
): Promise<void> {
  const reason = notes?.trim() ? notes.trim() : null;
  await db.transaction(async (tx) => {
    const current = await findKycSubmission(tx, kycId);
    if (!current) throw notFound();
    const before = await lockKycOwner(tx, current.userId);
    if (!before) throw notFound();
    const decided = await decidePendingKyc(tx, kycId, { status: decision, notes: reason, reviewerId: actorId });
    if (!decided) throw conflict('kyc.notPending');
    const after = {
      kycStatus: decision,
      isVerified: decision === 'approved' ? true : before.isVerified,
    };
    await setKycOwnerState(tx, current.userId, after);
    await recordAudit(tx, {
      actorId,
      action: decision === 'approved' ? 'kyc.approve' : 'kyc.reject',
      targetUserId: current.userId,
      entityType: 'kyc',
      entityId: kycId,
      before: { status: current.status, kycStatus: before.kycStatus, isVerified: before.isVerified },
      after: { status: decision, ...after },
      reason,
    });
    // Not a money notice: the decision's own email below says it (kyc.mail.ts).
    await tellClient(tx, mail, {
      key: decision === 'approved' ? 'kycApproved' : 'kycRejected',
      // An approval's notes are the admins' own; a rejection's reason is told.
      params: decision === 'rejected' && reason ? { reason } : {},
      link: NOTICE_LINKS.kyc,
      receiverId: current.userId,
      senderId: actorId,
    });
    // An admin's decision: the client is told by email too, in the language they chose.
    await mail.queue(
      tx,
      kycDecisionMail(before.email, before.language ?? DEFAULT_LANGUAGE, {
        firstname: before.firstname,
        decision,
        reason,
      }),
    );
  });
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
export { deleteKycSubmissionsOf } from './kyc.repository.ts';
