import { z } from 'zod';
import { ZCountry } from './auth.ts';
import { KYC_STATUSES, PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { optionalText, requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { zUpload } from './uploads.ts';

/** Identity documents a client may submit. */
export const KYC_DOCUMENT_TYPES = ['passport', 'national_id', 'drivers_license'] as const;
export type TKycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** The states of one submission; a user with none is 'not submitted' (KYC_STATUSES). */
export const KYC_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TKycReviewStatus = (typeof KYC_REVIEW_STATUSES)[number];

/** A client must be an adult to be verified. */
export const KYC_MIN_AGE_YEARS = 18;
/** Each image at most 10MB, JPG, PNG or WebP (docs/deviations.md); the server checks the bytes. */
export const KYC_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Redirect to the status page 2 s after a submission; status cached 30 s, widget 60 s. */
export const KYC_REDIRECT_DELAY_MS = 2000;
export const KYC_STATUS_STALE_MS = 30_000;
export const KYC_WIDGET_STALE_MS = 60_000;

export const KYC_DOCUMENT_NUMBER_MAX = 50;
export const KYC_FULL_NAME_MAX = 100;
export const KYC_ADDRESS_MAX = 200;
export const KYC_NOTES_MAX = 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a real calendar day. */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** True when someone born on `value` (YYYY-MM-DD) is at least `years` old on `today` (UTC). */
export function isAtLeastYearsOld(value: string, years: number, today: Date = new Date()): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= years;
}

/** Date of birth: an ISO date (YYYY-MM-DD), a real day after 1900, at least 18 years ago. */
export const ZDateOfBirth = requiredText('kyc.dateOfBirthRequired', 10)
  .refine(isCalendarDate, { error: 'kyc.dateOfBirthInvalid' satisfies TMessageKey, abort: true })
  .refine((value) => value >= '1900-01-01', { error: 'kyc.dateOfBirthInvalid' satisfies TMessageKey, abort: true })
  .refine((value) => isAtLeastYearsOld(value, KYC_MIN_AGE_YEARS), {
    error: 'kyc.dateOfBirthAdult' satisfies TMessageKey,
  });

/**
 * The text fields of the KYC form. They arrive as multipart text parts next
 * to the two images, which the server adds to this schema as file parts.
 */
export const ZKycSubmitFields = z.strictObject({
  documentType: z.enum(KYC_DOCUMENT_TYPES, { error: 'kyc.documentTypeRequired' satisfies TMessageKey }),
  documentNumber: requiredText('kyc.documentNumberRequired', KYC_DOCUMENT_NUMBER_MAX),
  fullName: requiredText('validation.fullNameRequired', KYC_FULL_NAME_MAX),
  dateOfBirth: ZDateOfBirth,
  country: ZCountry,
  address: requiredText('validation.addressRequired', KYC_ADDRESS_MAX),
});
export type TKycSubmitFields = z.input<typeof ZKycSubmitFields>;

/**
 * POST kyc/submit/{userId}: the form's text fields and its two images, as multipart parts. Both
 * images are required, except that a client who submitted before may leave one or both out: the
 * server then copies that image of their latest submission (a resubmission after a rejection keeps
 * what was right). Without an earlier image the answer is 'Please upload both document and selfie images'.
 */
export const ZKycSubmitBody = ZKycSubmitFields.extend({
  documentImage: zUpload('kyc.imagesRequired').optional(),
  selfieImage: zUpload('kyc.imagesRequired').optional(),
});
/** What the web sends: the text fields and the two images as Blobs (Files). */
export type TKycSubmitInput = z.input<typeof ZKycSubmitBody>;

const ZNotes = optionalText(KYC_NOTES_MAX, { invalid: 'kyc.notesInvalid' });

/** PUT kyc/approve/{kycId}: notes are optional. The reviewer is the caller, never a field. */
export const ZKycApproveInput = z.strictObject({ notes: ZNotes.optional() });
export type TKycApproveInput = z.input<typeof ZKycApproveInput>;

/** PUT kyc/reject/{kycId}: the reason is required ('Rejection reason is required'). */
export const ZKycRejectInput = z.strictObject({
  notes: requiredText('kyc.rejectionReasonRequired', KYC_NOTES_MAX),
});
export type TKycRejectInput = z.input<typeof ZKycRejectInput>;

export const ZKycParams = z.strictObject({ kycId: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });

/** `?page&limit&status`: All (no status) or one status, newest first. */
export const ZKycListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  status: z.enum(KYC_REVIEW_STATUSES).optional(),
});
export type TKycListQuery = z.input<typeof ZKycListQuery>;

/** `?page&limit` of the pending list: its status is pending by definition. */
export const ZKycPendingQuery = ZKycListQuery.omit({ status: true });
export type TKycPendingQuery = z.input<typeof ZKycPendingQuery>;

const ZPerson = z.object({ firstname: z.string(), lastname: z.string() });

/**
 * A KYC submission as the API tells it. `documentImage` and `selfieImage`
 * are API paths (relative to /api) that only the owner and admins can read.
 */
export const ZKyc = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: ZPerson.extend({ email: z.string() }),
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  documentNumber: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  address: z.string(),
  country: z.string(),
  documentImage: z.string(),
  selfieImage: z.string(),
  status: z.enum(KYC_REVIEW_STATUSES),
  adminNotes: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  reviewedBy: ZPerson.nullable(),
});
export type TKyc = z.infer<typeof ZKyc>;

/** GET kyc/user/{userId}: the user's KYC state and their latest submission. */
export const ZKycStatusAnswer = z.object({
  status: z.enum(KYC_STATUSES),
  submission: ZKyc.nullable(),
});
export type TKycStatusAnswer = z.infer<typeof ZKycStatusAnswer>;

/** GET kyc/pending, kyc/all. */
export const ZKycList = z.object({
  kycs: z.array(ZKyc),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TKycList = z.infer<typeof ZKycList>;

/** The API path of one of a submission's images. */
export const kycImagePath = (kycId: string, which: 'document' | 'selfie') => `/kyc/${kycId}/${which}-image`;
