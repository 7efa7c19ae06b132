import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TUser } from '@meridian/contracts/auth';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asUpload, encode, type TFilePart } from '../../../../test/helpers/bodies.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, setUserFields, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { makeImage, makeJpegWithGps, makePngWithScript } from '../../../../test/helpers/images.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { users } from '../../../db/schema/users.ts';

let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let clientA: TSignedIn;
let clientB: TSignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  [admin, clientA, clientB] = await Promise.all([
    signedInUser(app, 'Admin'),
    signedInUser(app, 'Client'),
    signedInUser(app, 'Client'),
  ]);
});
afterAll(() => t.close());

const filesDir = () => app.config.FILES_DIR as string;
const storedPath = (profileUrl: string) => join(filesDir(), 'avatars', profileUrl.replace('/api/avatars/', ''));

const upload = (as: TSignedIn, userId: string, files: TFilePart[], fields: Record<string, unknown> = {}) => {
  const body = asUpload(fields, files);
  return app.inject({
    method: 'PUT',
    url: `/api/user/profile/${userId}`,
    headers: { ...as.headers, ...body.headers },
    payload: body.payload,
  });
};
const imagePart = (content: Buffer, filename = 'me.jpg', contentType = 'image/jpeg'): TFilePart => ({
  name: 'image',
  filename,
  content,
  contentType,
});

const userRow = async (id: string) => {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
};

describe('PUT /api/user/profile/:userId (avatar upload)', () => {
  it.each([
    ['jpeg', 'jpg', 'image/jpeg'],
    ['png', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
  ] as const)('accepts a %s image, stores it and serves it publicly', async (format, ext, type) => {
    const res = await upload(clientA, clientA.id, [imagePart(await makeImage(format), `me.${ext}`, type)]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; user: TUser }>();
    expect(body.message).toBe('Profile Picture uploaded successfully');
    expect(body.user.id).toBe(clientA.id);
    expect(body.user.profile).toMatch(
      new RegExp(`^/api/avatars/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.${ext}$`),
    );
    expect((await userRow(clientA.id)).profile).toBe(body.user.profile);

    const served = await app.inject({ method: 'GET', url: body.user.profile as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
  });

  it('re-encodes the picture: no EXIF or GPS survives, and a large one is shrunk to 512 px', async () => {
    const res = await upload(clientA, clientA.id, [imagePart(await makeJpegWithGps())]);
    expect(res.statusCode, res.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: res.json<{ user: TUser }>().user.profile as string });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-note')).toBe(false);
    expect(served.rawPayload.includes('TestCam')).toBe(false);

    const big = await upload(clientA, clientA.id, [imagePart(await makeImage('png', 2000), 'big.png', 'image/png')]);
    expect(big.statusCode, big.body).toBe(200);
    const bigServed = await app.inject({ method: 'GET', url: big.json<{ user: TUser }>().user.profile as string });
    const bigMeta = await sharp(bigServed.rawPayload).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([512, 512]);
  });

  it('deletes the previous file once the new one is saved', async () => {
    const first = await upload(clientA, clientA.id, [imagePart(await makeImage('jpeg'))]);
    const firstUrl = first.json<{ user: TUser }>().user.profile as string;
    expect(existsSync(storedPath(firstUrl))).toBe(true);
    const second = await upload(clientA, clientA.id, [imagePart(await makeImage('png'), 'b.png', 'image/png')]);
    const secondUrl = second.json<{ user: TUser }>().user.profile as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(storedPath(firstUrl))).toBe(false);
    expect(existsSync(storedPath(secondUrl))).toBe(true);
    expectApiError(await app.inject({ method: 'GET', url: firstUrl }), 404, 'NOT_FOUND', 'Not found');
  });

  it('refuses a missing image with "Please select an image" and changes nothing', async () => {
    const before = (await userRow(clientA.id)).profile;
    const noFile = await upload(clientA, clientA.id, []);
    expectApiError(noFile, 400, 'VALIDATION', 'Please select an image');
    expect(noFile.json().fieldErrors).toEqual({ image: 'Please select an image' });
    const empty = await upload(clientA, clientA.id, [imagePart(Buffer.alloc(0))]);
    expectApiError(empty, 400, 'VALIDATION', 'Please select an image');
    const json = await app.inject({
      method: 'PUT',
      url: `/api/user/profile/${clientA.id}`,
      headers: clientA.headers,
      payload: { image: 'aGVsbG8=' },
    });
    // JSON cannot carry a file: the upload takes multipart only.
    expectApiError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await userRow(clientA.id)).profile).toBe(before);
  });

  it.each([
    ['a text file', async () => Buffer.from('just some text, not a picture'), 'Images must be JPG, PNG or WebP files'],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      'Images must be JPG, PNG or WebP files',
    ],
    [
      'a PNG with a script appended',
      makePngWithScript,
      'The image is damaged or has extra data attached. Please upload the original photo.',
    ],
    [
      'a truncated JPEG',
      async () => (await makeImage('jpeg', 256)).subarray(0, 300),
      'The image is damaged or has extra data attached. Please upload the original photo.',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_label, make, message) => {
    const before = (await userRow(clientA.id)).profile;
    const res = await upload(clientA, clientA.id, [imagePart(await make())]);
    expectApiError(res, 400, 'VALIDATION', message);
    expect((await userRow(clientA.id)).profile).toBe(before);
  });

  it('refuses a file over 10 MB with 413 "Image size must be less than 10MB"', async () => {
    const huge = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(clientA, clientA.id, [imagePart(huge)]);
    expectApiError(res, 413, 'PAYLOAD_TOO_LARGE', 'Image size must be less than 10MB');
  });

  it('refuses extra text fields next to the image', async () => {
    const res = await upload(clientA, clientA.id, [imagePart(await makeImage('jpeg'))], { isAdmin: 'true' });
    expectApiError(res, 400, 'VALIDATION');
  });

  it("never lets client B change client A's avatar (403, nothing stored, A unchanged)", async () => {
    const before = await userRow(clientA.id);
    const res = await upload(clientB, clientA.id, [imagePart(await makeImage('jpeg'))]);
    expectApiError(res, 403, 'FORBIDDEN');
    expect(res.body).not.toContain(clientA.email);
    expect(await userRow(clientA.id)).toEqual(before);
    // Without a token: 401.
    const body = asUpload({}, [imagePart(await makeImage('jpeg'))]);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/user/profile/${clientA.id}`,
      headers: body.headers,
      payload: body.payload,
    });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
  });

  it("lets an admin change a client's avatar, audited as client.avatar; their own is not audited", async () => {
    const before = (await userRow(clientB.id)).profile;
    const res = await upload(admin, clientB.id, [imagePart(await makeImage('png'), 'x.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ user: TUser }>().user.profile;
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.avatar'), eq(auditLog.targetUserId, clientB.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, before: { profile: before }, after: { profile: after } });

    const own = await upload(admin, admin.id, [imagePart(await makeImage('jpeg'))]);
    expect(own.statusCode, own.body).toBe(200);
    const ownAudits = await app.db.select().from(auditLog).where(eq(auditLog.targetUserId, admin.id));
    expect(ownAudits).toHaveLength(0);
  });

  it('answers 404 to an admin naming a user that does not exist, and keeps no file', async () => {
    const res = await upload(admin, '7c9e6679-7425-40de-944b-e07fc1f90ae7', [imagePart(await makeImage('jpeg'))]);
    expectApiError(res, 404, 'NOT_FOUND');
  });
});

describe('GET /api/avatars/:file', () => {
  it.each([
    '7c9e6679-7425-40de-944b-e07fc1f90ae7.jpg',
    '7c9e6679-7425-40de-944b-e07fc1f90ae7.gif',
    'not-a-uuid.png',
    '..%2F..%2Fetc%2Fpasswd',
    '7C9E6679-7425-40DE-944B-E07FC1F90AE7.jpg',
    '7c9e6679-7425-40de-944b-e07fc1f90ae7.jpg.png',
  ])('answers 404 for %s', async (name) => {
    expectApiError(await app.inject({ method: 'GET', url: `/api/avatars/${name}` }), 404, 'NOT_FOUND', 'Not found');
  });
});

describe('GET /api/admin/:id', () => {
  it("gives an admin an admin's record, never a password", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/admin/${admin.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, type: 'Admin', roles: 'Admin', email: admin.email });
    expect(res.body).not.toMatch(/password_?hash|argon/i);
  });

  it('answers 404 for a client id or an unknown id, and refuses clients', async () => {
    expectApiError(
      await app.inject({ method: 'GET', url: `/api/admin/${clientA.id}`, headers: admin.headers }),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await app.inject({ method: 'GET', url: `/api/admin/${admin.id}`, headers: clientA.headers }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('PUT /api/admin/:id', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Grace',
    lastname: 'Hopper',
    username: `grace_${Date.now().toString(36)}`,
    email: `Grace.${Date.now().toString(36)}@Example.com`,
    phone: '+1 555 010 2000',
    ...overrides,
  });
  const put = (as: TSignedIn, id: string, body: Record<string, unknown>, encoding: 'json' | 'multipart' = 'json') => {
    const encoded = encode(encoding, body);
    return app.inject({
      method: 'PUT',
      url: `/api/admin/${id}`,
      headers: { ...as.headers, ...encoded.headers },
      payload: encoded.payload,
    });
  };

  it.each(['json', 'multipart'] as const)('updates the admin’s own profile (%s)', async (encoding) => {
    const body = form({ phone: encoding === 'json' ? '+1 555 010 3000' : '+1 555 010 4000' });
    const res = await put(admin, admin.id, body, encoding);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Profile updated Successfully');
    const row = await userRow(admin.id);
    expect(row).toMatchObject({ firstname: 'Grace', phone: body.phone, email: String(body.email).toLowerCase() });
    expect(res.json().user.phone).toBe(body.phone);
  });

  it.each([
    ['firstname', 'First name is required'],
    ['lastname', 'Last name is required'],
    ['username', 'Username is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
  ])('refuses a blank %s with "%s"', async (field, message) => {
    const res = await put(admin, admin.id, form({ [field]: '  ' }));
    expectApiError(res, 400, 'VALIDATION', message);
  });

  it('refuses an invalid email with "Invalid email address"', async () => {
    expectApiError(await put(admin, admin.id, form({ email: 'nope' })), 400, 'VALIDATION', 'Invalid email address');
  });

  it('answers 409 "User already exists" for an email or username someone else has', async () => {
    const other = await userRow(clientA.id);
    const before = await userRow(admin.id);
    expectApiError(await put(admin, admin.id, form({ email: other.email })), 409, 'CONFLICT', 'User already exists');
    expectApiError(
      await put(admin, admin.id, form({ username: other.username.toUpperCase() })),
      409,
      'CONFLICT',
      'User already exists',
    );
    expect(await userRow(admin.id)).toEqual(before);
  });

  it('keeps one’s own email and username (not a conflict)', async () => {
    const me = await userRow(admin.id);
    const res = await put(admin, admin.id, form({ email: me.email, username: me.username, firstname: 'Same' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses another admin (403) and clients (403), changing nothing', async () => {
    const other = await createUser(app, 'Admin');
    const otherSession = await signIn(app, other.email);
    const before = await userRow(admin.id);
    expectApiError(await put(otherSession, admin.id, form()), 403, 'FORBIDDEN');
    expectApiError(await put(clientA, admin.id, form()), 403, 'FORBIDDEN');
    expect(await userRow(admin.id)).toEqual(before);
  });
});

describe('client profile: one client never reads or changes another’s', () => {
  it("refuses client B reading or updating client A's profile", async () => {
    const before = await userRow(clientA.id);
    const read = await app.inject({ method: 'GET', url: `/api/client/${clientA.id}`, headers: clientB.headers });
    expectApiError(read, 403, 'FORBIDDEN');
    expect(read.body).not.toContain(clientA.email);
    const update = await app.inject({
      method: 'PUT',
      url: `/api/client/${clientA.id}`,
      headers: clientB.headers,
      payload: {
        firstname: 'Mallory',
        lastname: 'X',
        username: 'mallory',
        email: 'mallory@example.com',
        phone: '+1 555 010 6666',
        country: 'GB',
        address: 'Nowhere',
      },
    });
    expectApiError(update, 403, 'FORBIDDEN');
    expect(await userRow(clientA.id)).toEqual(before);
  });

  it('takes a country by its name from the country list and keeps its ISO code', async () => {
    const client = await signedInUser(app, 'Client');
    const before = await userRow(client.id);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/client/${client.id}`,
      headers: client.headers,
      payload: {
        firstname: 'Ada',
        lastname: 'Lovelace',
        username: before?.username,
        email: before?.email,
        phone: '+44 20 7946 0000',
        country: 'United Kingdom',
        address: '12 Analytical Row, London',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(client.id))?.country).toBe('GB');
  });

  it('shows a closed account as not found', async () => {
    const closed = await createUser(app, 'Client');
    await setUserFields(app, closed.id, { closedAt: new Date() });
    const res = await upload(admin, closed.id, [imagePart(await makeImage('jpeg'))]);
    expectApiError(res, 404, 'NOT_FOUND');
  });
});
