import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TKyc, TKycList, TKycStatusAnswer } from '@meridian/contracts/kyc';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asUpload, type TFilePart } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { makeImage, makeJpegWithGps, makePngWithScript } from '../../../../test/helpers/images.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { kycSubmissions } from '../../../db/schema/kyc.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';

const { t, app, admin, agent } = await buildSignedInApp(['Admin', 'Agent']);
afterAll(() => t.close());
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  [png, jpeg] = await Promise.all([makeImage('png'), makeImage('jpeg')]);
});

const fields = (overrides: Record<string, unknown> = {}) => ({
  documentType: 'passport',
  documentNumber: 'X1234567',
  fullName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  country: 'gb',
  address: '12 Analytical Row, London',
  ...overrides,
});

const imagesOf = (document: Buffer | string | null = png, selfie: Buffer | string | null = jpeg): TFilePart[] => [
  ...(document === null ? [] : [{ name: 'documentImage', filename: 'passport.png', content: document }]),
  ...(selfie === null ? [] : [{ name: 'selfieImage', filename: 'selfie.jpg', content: selfie }]),
];

const submit = (as: TSignedIn, body = fields(), files = imagesOf(), userId = as.id) => {
  const upload = asUpload(body, files);
  return app.inject({
    method: 'POST',
    url: `/api/kyc/submit/${userId}`,
    headers: { ...as.headers, ...upload.headers },
    payload: upload.payload,
  });
};

const get = (as: TSignedIn | null, url: string) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: as?.headers ?? {} });

const decide = (as: TSignedIn, action: 'approve' | 'reject', kycId: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'PUT', url: `/api/kyc/${action}/${kycId}`, headers: as.headers, payload });

const statusOf = async (as: TSignedIn) => (await get(as, `/kyc/user/${as.id}`)).json<TKycStatusAnswer>();

const userRow = async (id: string) => {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
};

const storedFiles = () => {
  try {
    return readdirSync(join(app.config.FILES_DIR ?? '', 'kyc')).sort();
  } catch {
    return [];
  }
};

/** A client with a pending submission; answers the client and the submission's id. */
async function pendingClient(): Promise<{ client: TSignedIn; kycId: string }> {
  const client = await signedInUser(app, 'Client');
  const res = await submit(client);
  expect(res.statusCode, res.body).toBe(201);
  const { submission } = await statusOf(client);
  if (!submission) throw new Error('no submission');
  return { client, kycId: submission.id };
}

describe('POST /api/kyc/submit/:userId', () => {
  it('takes the country by its name from the country list and keeps its ISO code', async () => {
    const client = await signedInUser(app, 'Client');
    const res = await submit(client, fields({ country: 'Côte d’Ivoire' }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, client.id));
    expect(row?.country).toBe('CI');
  });

  it('stores the submission and both cleaned images, and sets kyc_status pending: 201', async () => {
    const client = await signedInUser(app, 'Client');
    const before = storedFiles();
    const res = await submit(client);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'KYC submitted successfully!' });

    expect((await userRow(client.id))?.kycStatus).toBe('pending');
    const [row] = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, client.id));
    expect(row).toMatchObject({
      status: 'pending',
      documentType: 'passport',
      documentNumber: 'X1234567',
      fullName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'GB',
      reviewedBy: null,
    });
    expect(row?.documentImageKey).toMatch(/^kyc\/[0-9a-f-]{36}\.png$/);
    expect(row?.selfieImageKey).toMatch(/^kyc\/[0-9a-f-]{36}\.jpg$/);
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added.sort()).toEqual([row?.documentImageKey.slice(4), row?.selfieImageKey.slice(4)].sort() as string[]);

    const status = await statusOf(client);
    expect(status.status).toBe('pending');
    expect(status.submission).toMatchObject({
      id: row?.id,
      userId: client.id,
      status: 'pending',
      documentImage: `/kyc/${row?.id}/document-image`,
      selfieImage: `/kyc/${row?.id}/selfie-image`,
      reviewedBy: null,
      adminNotes: null,
    });
  });

  it('answers "not submitted" and no submission before any', async () => {
    const client = await signedInUser(app, 'Client');
    expect(await statusOf(client)).toEqual({ status: 'not submitted', submission: null });
  });

  it('refuses a second submission while one is pending, and any after approval: 409', async () => {
    const { client, kycId } = await pendingClient();
    expectApiError(await submit(client), 409, 'CONFLICT', 'Your KYC is already under review');
    expect((await decide(admin, 'approve', kycId)).statusCode).toBe(200);
    expectApiError(await submit(client), 409, 'CONFLICT', 'Your KYC is already approved');
    const rows = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, client.id));
    expect(rows).toHaveLength(1);
  });

  it('lets a rejected client resubmit', async () => {
    const { client, kycId } = await pendingClient();
    expect((await decide(admin, 'reject', kycId, { notes: 'Blurry photo' })).statusCode).toBe(200);
    expect((await statusOf(client)).status).toBe('rejected');
    const res = await submit(client, fields({ documentNumber: 'NEW-42' }));
    expect(res.statusCode, res.body).toBe(201);
    const status = await statusOf(client);
    expect(status.status).toBe('pending');
    expect(status.submission?.documentNumber).toBe('NEW-42');
    expect(status.submission?.id).not.toBe(kycId);
  });

  it('lets only the client themself submit: another client, an admin and an agent get 403', async () => {
    const owner = await signedInUser(app, 'Client');
    const other = await signedInUser(app, 'Client');
    expectApiError(await submit(other, fields(), imagesOf(), owner.id), 403, 'FORBIDDEN');
    expectApiError(await submit(admin, fields(), imagesOf(), owner.id), 403, 'FORBIDDEN');
    expectApiError(await submit(agent, fields(), imagesOf(), owner.id), 403, 'FORBIDDEN');
    expect((await userRow(owner.id))?.kycStatus).toBe('not submitted');
  });

  it.each([
    ['document', () => imagesOf(null, jpeg)],
    ['selfie', () => imagesOf(png, null)],
    ['two', () => []],
  ])('refuses a submission without the %s image(s) with the spec message', async (_label, files) => {
    const client = await signedInUser(app, 'Client');
    const body = expectApiError(
      await submit(client, fields(), files()),
      400,
      'VALIDATION',
      'Please upload both document and selfie images',
    );
    expect(Object.keys(body.fieldErrors ?? {}).length).toBeGreaterThan(0);
    expect((await userRow(client.id))?.kycStatus).toBe('not submitted');
  });

  it.each([
    ['documentType', 'Please select a document type'],
    ['documentNumber', 'Document number is required'],
    ['fullName', 'Full name is required'],
    ['dateOfBirth', 'Date of birth is required'],
    ['country', 'Country is required'],
    ['address', 'Address is required'],
  ])('refuses a missing %s with "%s"', async (field, message) => {
    const client = await signedInUser(app, 'Client');
    const res = await submit(client, fields({ [field]: undefined }));
    const body = expectApiError(res, 400, 'VALIDATION');
    expect(body.fieldErrors?.[field]).toBe(message);
  });

  it('refuses an unknown document type', async () => {
    const client = await signedInUser(app, 'Client');
    const body = expectApiError(await submit(client, fields({ documentType: 'library_card' })), 400, 'VALIDATION');
    expect(body.fieldErrors?.documentType).toBe('Please select a document type');
  });

  it('refuses a date of birth less than 18 years ago, in the future or not a date, and says why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
    try {
      const client = await signedInUser(app, 'Client');
      const adult = 'You must be at least 18 years old: the date of birth must be at least 18 years ago';
      const invalid = 'Enter a valid date of birth (YYYY-MM-DD)';
      for (const [value, message] of [
        ['2007-06-16', adult],
        ['2030-01-01', adult],
        ['1990-02-30', invalid],
        ['15/06/1990', invalid],
        ['1850-01-01', invalid],
      ] as const) {
        const body = expectApiError(await submit(client, fields({ dateOfBirth: value })), 400, 'VALIDATION');
        expect(body.fieldErrors?.dateOfBirth, value).toBe(message);
      }
      // Exactly 18 today is old enough.
      expect((await submit(client, fields({ dateOfBirth: '2007-06-15' }))).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('images are checked by content', () => {
    const refused = async (document: Buffer, message: string, field = 'documentImage') => {
      const client = await signedInUser(app, 'Client');
      const before = storedFiles();
      const files = field === 'documentImage' ? imagesOf(document, jpeg) : imagesOf(png, document);
      const body = expectApiError(await submit(client, fields(), files), 400, 'VALIDATION', message);
      expect(body.fieldErrors?.[field]).toBe(message);
      expect(storedFiles()).toEqual(before);
      expect((await userRow(client.id))?.kycStatus).toBe('not submitted');
    };

    it('refuses a text file named .png', async () => {
      await refused(Buffer.from('I am only text, whatever my name says'), 'Images must be JPG, PNG or WebP files');
    });

    it('refuses a PNG with a script appended', async () => {
      await refused(
        await makePngWithScript(),
        'The image is damaged or has extra data attached. Please upload the original photo.',
        'selfieImage',
      );
    });

    it('refuses a GIF', async () => {
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      await refused(gif, 'Images must be JPG, PNG or WebP files');
    });

    it('refuses a truncated image', async () => {
      const big = await makeImage('png', 256);
      const cut = Buffer.concat([big.subarray(0, big.length / 2), big.subarray(big.length - 12)]);
      await refused(cut, 'The image is damaged or has extra data attached. Please upload the original photo.');
    });

    it('refuses an image over 10 MB with 413 and the size message', async () => {
      const client = await signedInUser(app, 'Client');
      const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 10)]);
      const res = await submit(client, fields(), imagesOf(huge, jpeg));
      expectApiError(res, 413, 'PAYLOAD_TOO_LARGE', 'Image size must be less than 10MB');
      expect((await userRow(client.id))?.kycStatus).toBe('not submitted');
    });

    it('stores a JPEG with GPS EXIF without any metadata', async () => {
      const client = await signedInUser(app, 'Client');
      const res = await submit(client, fields(), imagesOf(await makeJpegWithGps(), jpeg));
      expect(res.statusCode, res.body).toBe(201);
      const { submission } = await statusOf(client);
      const image = await get(client, `/kyc/${submission?.id}/document-image`);
      expect(image.statusCode).toBe(200);
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('secret-note'))).toBe(false);
      expect(image.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    });
  });

  it('removes the stored images when the record cannot be written', async () => {
    // A trigger makes the insert fail for one document number, as a lost connection or full disk would.
    await app.db.execute(sql`
      create or replace function kyc_test_fail() returns trigger language plpgsql as $$
      begin
        if new.document_number = 'FAIL-INSERT' then raise exception 'insert refused by test'; end if;
        return new;
      end $$`);
    await app.db.execute(sql`
      create trigger kyc_test_fail before insert on kyc_submissions
      for each row execute function kyc_test_fail()`);
    const client = await signedInUser(app, 'Client');
    const before = storedFiles();
    try {
      expectApiError(await submit(client, fields({ documentNumber: 'FAIL-INSERT' })), 500, 'INTERNAL');
    } finally {
      await app.db.execute(sql`drop trigger kyc_test_fail on kyc_submissions`);
    }
    expect(storedFiles()).toEqual(before);
    expect((await userRow(client.id))?.kycStatus).toBe('not submitted');
  });

  it('keeps one pending submission when two arrive at once', async () => {
    const client = await signedInUser(app, 'Client');
    const before = storedFiles();
    const answers = await Promise.all([submit(client), submit(client)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, client.id));
    expect(rows).toHaveLength(1);
    // Only the winner's two images are kept.
    expect(storedFiles().filter((f) => !before.includes(f))).toHaveLength(2);
  });
});

describe('one rule for "verified" (contracts/verification)', () => {
  const verify = (client: TSignedIn, verified: boolean) =>
    app.inject({
      method: 'POST',
      url: `/api/client/${verified ? 'verify' : 'unverify'}/${client.id}`,
      headers: admin.headers,
    });

  it('a client an admin verified without documents is verified, and submits none: 409', async () => {
    const client = await signedInUser(app, 'Client');
    expect((await verify(client, true)).statusCode).toBe(200);
    expectApiError(await submit(client), 409, 'CONFLICT', 'Your account is already verified');
    expect(await userRow(client.id)).toMatchObject({ isVerified: true, kycStatus: 'not submitted' });
    const rows = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, client.id));
    expect(rows).toHaveLength(0);
  });

  it('after an admin withdraws an approved verification, the client may submit again', async () => {
    const { client, kycId } = await pendingClient();
    expect((await decide(admin, 'approve', kycId)).statusCode).toBe(200);
    expect((await verify(client, false)).statusCode).toBe(200);
    expect(await userRow(client.id)).toMatchObject({ isVerified: false, kycStatus: 'approved' });
    const res = await submit(client, fields({ documentNumber: 'AGAIN-1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await statusOf(client)).toMatchObject({ status: 'pending', submission: { documentNumber: 'AGAIN-1' } });
  });
});

describe('a resubmission keeps the previous images unless new ones are sent', () => {
  /** A client whose first submission (with `png` and `jpeg`) was rejected. */
  async function rejectedClient(): Promise<{ client: TSignedIn; kycId: string }> {
    const { client, kycId } = await pendingClient();
    expect((await decide(admin, 'reject', kycId, { notes: 'Number unreadable' })).statusCode).toBe(200);
    return { client, kycId };
  }
  const imageOf = async (as: TSignedIn, kycId: string, which: 'document' | 'selfie') => {
    const res = await get(as, `/kyc/${kycId}/${which}-image`);
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const rowsOf = (userId: string) =>
    app.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(kycSubmissions.submittedAt);

  it('leaves out both images: the new submission gets copies of the rejected one’s, under keys of its own', async () => {
    const { client, kycId } = await rejectedClient();
    const [oldDocument, oldSelfie] = [await imageOf(client, kycId, 'document'), await imageOf(client, kycId, 'selfie')];
    const before = storedFiles();

    const res = await submit(client, fields({ documentNumber: 'FIXED-7' }), []);
    expect(res.statusCode, res.body).toBe(201);

    const { submission } = await statusOf(client);
    if (!submission) throw new Error('no submission');
    expect(submission).toMatchObject({ status: 'pending', documentNumber: 'FIXED-7' });
    expect(submission.id).not.toBe(kycId);
    expect(await imageOf(client, submission.id, 'document')).toEqual(oldDocument);
    expect(await imageOf(client, submission.id, 'selfie')).toEqual(oldSelfie);

    const [first, second] = await rowsOf(client.id);
    expect(first?.status).toBe('rejected');
    // Each submission owns its files: closing an account or removing one never pulls the other's.
    expect(second?.documentImageKey).not.toBe(first?.documentImageKey);
    expect(second?.selfieImageKey).not.toBe(first?.selfieImageKey);
    expect(second?.documentImageKey).toMatch(/^kyc\/[0-9a-f-]{36}\.png$/);
    expect(second?.selfieImageKey).toMatch(/^kyc\/[0-9a-f-]{36}\.jpg$/);
    expect(
      storedFiles()
        .filter((f) => !before.includes(f))
        .sort(),
    ).toEqual([second?.documentImageKey.slice(4), second?.selfieImageKey.slice(4)].sort() as string[]);
  });

  it('replaces one image and keeps the other', async () => {
    const { client, kycId } = await rejectedClient();
    const oldSelfie = await imageOf(client, kycId, 'selfie');
    const newDocument = await makeImage('png', 32);
    const res = await submit(client, fields(), imagesOf(newDocument, null));
    expect(res.statusCode, res.body).toBe(201);
    const { submission } = await statusOf(client);
    if (!submission) throw new Error('no submission');
    expect(await imageOf(client, submission.id, 'selfie')).toEqual(oldSelfie);
    expect((await sharp(await imageOf(client, submission.id, 'document')).metadata()).width).toBe(32);
    expect((await sharp(await imageOf(client, kycId, 'document')).metadata()).width).not.toBe(32);
  });

  it('still needs both images from a client who never submitted any', async () => {
    const client = await signedInUser(app, 'Client');
    const body = expectApiError(
      await submit(client, fields(), imagesOf(png, null)),
      400,
      'VALIDATION',
      'Please upload both document and selfie images',
    );
    expect(body.fieldErrors?.selfieImage).toBe('Please upload both document and selfie images');
    expect((await userRow(client.id))?.kycStatus).toBe('not submitted');
  });

  it('asks for an image again when the earlier file is gone from the store', async () => {
    const { client } = await rejectedClient();
    const [row] = await rowsOf(client.id);
    if (!row) throw new Error('no submission');
    await app.files.delete(row.selfieImageKey);
    const before = storedFiles();
    const body = expectApiError(await submit(client, fields(), []), 400, 'VALIDATION');
    expect(body.fieldErrors?.selfieImage).toBe('Please upload both document and selfie images');
    expect(storedFiles()).toEqual(before);
    expect((await userRow(client.id))?.kycStatus).toBe('rejected');
  });
});

describe('reading submissions and images', () => {
  it('serves the owner and an admin, and nobody else, with private no-store caching', async () => {
    const { client, kycId } = await pendingClient();
    const other = await signedInUser(app, 'Client');
    for (const which of ['document', 'selfie'] as const) {
      const url = `/kyc/${kycId}/${which}-image`;
      for (const reader of [client, admin]) {
        const res = await get(reader, url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(which === 'document' ? 'image/png' : 'image/jpeg');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect((await sharp(res.rawPayload).metadata()).width).toBe(64);
      }
      const refused = await get(other, url);
      expectApiError(refused, 404, 'NOT_FOUND', 'Not found');
      expect(refused.body).not.toContain(client.id);
      expectApiError(await get(agent, url), 403, 'FORBIDDEN');
      expectApiError(await get(null, url), 401, 'UNAUTHORIZED');
    }
    // The record itself and the user's status, likewise.
    expect((await get(client, `/kyc/${kycId}`)).json<TKyc>().id).toBe(kycId);
    expect((await get(admin, `/kyc/${kycId}`)).json<TKyc>()).toMatchObject({
      id: kycId,
      user: { email: client.email },
    });
    expectApiError(await get(other, `/kyc/${kycId}`), 404, 'NOT_FOUND');
    expectApiError(await get(other, `/kyc/user/${client.id}`), 403, 'FORBIDDEN');
    expect((await get(admin, `/kyc/user/${client.id}`)).json<TKycStatusAnswer>().status).toBe('pending');
  });

  it('answers 404 for a submission that does not exist', async () => {
    const ghost = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expectApiError(await get(admin, `/kyc/${ghost}`), 404, 'NOT_FOUND');
    expectApiError(await get(admin, `/kyc/${ghost}/document-image`), 404, 'NOT_FOUND');
  });
});

describe('admin lists', () => {
  it('lists pending submissions newest first with the client and pages them', async () => {
    const first = await pendingClient();
    const second = await pendingClient();
    const res = await get(admin, '/kyc/pending?page=1&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TKycList>();
    const ids = list.kycs.map((k) => k.id);
    expect(ids.indexOf(second.kycId)).toBeLessThan(ids.indexOf(first.kycId));
    expect(list.kycs.every((k) => k.status === 'pending')).toBe(true);
    expect(list.kycs.find((k) => k.id === first.kycId)?.user.email).toBe(first.client.email);
    expect(list.total).toBe(list.kycs.length);

    const paged = (await get(admin, '/kyc/pending?page=2&limit=1')).json<TKycList>();
    expect(paged.kycs).toHaveLength(1);
    expect(paged.totalPages).toBe(list.total);
    expect(paged.kycs[0]?.id).toBe(ids[1]);

    expectApiError(await get(first.client, '/kyc/pending'), 403, 'FORBIDDEN');
    expectApiError(await get(agent, '/kyc/all'), 403, 'FORBIDDEN');
  });

  it('lists all submissions or one status, with Reviewed By', async () => {
    const { kycId } = await pendingClient();
    await decide(admin, 'reject', kycId, { notes: 'Expired passport' });
    const all = (await get(admin, '/kyc/all?limit=100')).json<TKycList>();
    const rejected = all.kycs.find((k) => k.id === kycId);
    expect(rejected).toMatchObject({
      status: 'rejected',
      adminNotes: 'Expired passport',
      reviewedBy: { firstname: 'Admin', lastname: 'Tester' },
    });
    expect(rejected?.reviewedAt).not.toBeNull();
    const onlyRejected = (await get(admin, '/kyc/all?status=rejected&limit=100')).json<TKycList>();
    expect(onlyRejected.kycs.every((k) => k.status === 'rejected')).toBe(true);
    expect(onlyRejected.kycs.map((k) => k.id)).toContain(kycId);
    expect((await get(admin, '/kyc/all?status=bogus')).statusCode).toBe(400);
  });
});

describe('review', () => {
  it('approves: submission, kyc_status approved, verified, audit and a message to the client', async () => {
    const { client, kycId } = await pendingClient();
    const res = await decide(admin, 'approve', kycId, { notes: 'All good' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'KYC approved successfully!' });

    const [row] = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, kycId));
    expect(row).toMatchObject({ status: 'approved', adminNotes: 'All good', reviewedBy: admin.id });
    expect(await userRow(client.id)).toMatchObject({ kycStatus: 'approved', isVerified: true });

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.approve'), eq(auditLog.entityId, kycId)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: client.id,
      entityType: 'kyc',
      before: { status: 'pending', kycStatus: 'pending', isVerified: false },
      after: { status: 'approved', kycStatus: 'approved', isVerified: true },
      reason: 'All good',
    });
    const notices = await app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, client.id));
    expect(notices.map(({ key, params, link, subject }) => ({ key, params, link, subject }))).toEqual([
      { key: 'kycApproved', params: {}, link: '/user/kyc/status', subject: 'KYC approved' },
    ]);
  });

  it('approves without notes', async () => {
    const { kycId } = await pendingClient();
    expect((await decide(admin, 'approve', kycId)).statusCode).toBe(200);
    const [row] = await app.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, kycId));
    expect(row?.adminNotes).toBeNull();
  });

  it('rejects with a required reason, shown to the client', async () => {
    const { client, kycId } = await pendingClient();
    expectApiError(await decide(admin, 'reject', kycId), 400, 'VALIDATION', 'Rejection reason is required');
    expectApiError(
      await decide(admin, 'reject', kycId, { notes: '   ' }),
      400,
      'VALIDATION',
      'Rejection reason is required',
    );
    const res = await decide(admin, 'reject', kycId, { notes: 'Selfie does not match' });
    expect(res.json()).toEqual({ message: 'KYC rejected successfully!' });
    const status = await statusOf(client);
    expect(status).toMatchObject({ status: 'rejected', submission: { adminNotes: 'Selfie does not match' } });
    expect((await userRow(client.id))?.isVerified).toBe(false);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.reject'), eq(auditLog.entityId, kycId)));
    expect(audit?.reason).toBe('Selfie does not match');
    const notices = await app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, client.id));
    expect(notices[0]).toMatchObject({ key: 'kycRejected', params: { reason: 'Selfie does not match' } });
    expect(notices[0]?.message).toContain('Reason: Selfie does not match');
  });

  it('reviews only pending submissions: 409 once decided, also for two admins at once', async () => {
    const { kycId } = await pendingClient();
    const other = await signedInUser(app, 'Admin');
    const answers = await Promise.all([
      decide(admin, 'approve', kycId),
      decide(other, 'reject', kycId, { notes: 'Too late' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409);
    if (loser) expectApiError(loser, 409, 'CONFLICT', 'Only pending KYC submissions can be reviewed');
    expectApiError(await decide(admin, 'approve', kycId), 409, 'CONFLICT');
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, kycId));
    expect(audits).toHaveLength(1);
  });

  it('takes the reviewer from the session, never from the body', async () => {
    const { kycId } = await pendingClient();
    const res = await decide(admin, 'approve', kycId, { adminId: agent.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('adminId');
  });

  it('is for admins only', async () => {
    const { client, kycId } = await pendingClient();
    expectApiError(await decide(client, 'approve', kycId), 403, 'FORBIDDEN');
    expectApiError(await decide(agent, 'reject', kycId, { notes: 'x' }), 403, 'FORBIDDEN');
    expect((await userRow(client.id))?.kycStatus).toBe('pending');
    expectApiError(await decide(admin, 'approve', '7c9e6679-7425-40de-944b-e07fc1f90ae7'), 404, 'NOT_FOUND');
  });
});
