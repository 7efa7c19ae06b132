import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asMultipart, asUrlencoded, type TEncodedBody } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { createUser, setUserFields, signedInUser, signIn } from '../../../../test/helpers/factories.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { users } from '../../../db/schema/users.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());

const post = (path: string, payload?: Record<string, unknown>, as: { authorization: string } = admin.headers) =>
  app.inject({ method: 'POST', url: `/api${path}`, headers: as, ...(payload === undefined ? {} : { payload }) });

/** Sends a form body (`asMultipart`, `asUrlencoded`) as the admin. */
const sendForm = (method: 'POST' | 'PUT', path: string, body: TEncodedBody) =>
  app.inject({ method, url: `/api${path}`, headers: { ...admin.headers, ...body.headers }, payload: body.payload });

const rowOf = async (id: string) => {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no such user');
  return row;
};

const auditOf = (userId: string, action?: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(desc(auditLog.createdAt));

const newClient = () => createUser(app, 'Client');
const GHOST = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** Every admin-only action path of a client id, for the 404 and refusal checks. */
const ACTION_PATHS = [
  '/user/activate',
  '/user/deactivate',
  '/client/verify',
  '/client/unverify',
  '/client/offmain',
  '/client/offsec',
  '/client/offplan',
];

describe('Activate / Deactivate', () => {
  it('deactivates: signs the client out everywhere, login answers the not-active message; audited', async () => {
    const client = await newClient();
    const session = await signIn(app, client.email);

    const res = await post(`/user/deactivate/${client.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Deactivated' });
    expect((await rowOf(client.id)).isActive).toBe(false);

    // The access token no longer works, nor does the refresh cookie.
    const me = await app.inject({ method: 'GET', url: `/api/client/${client.id}`, headers: session.headers });
    expectApiError(me, 401, 'UNAUTHORIZED');
    const refresh = await app.inject({ method: 'GET', url: '/api/refresh', headers: { cookie: session.cookie } });
    expect([401, 403]).toContain(refresh.statusCode);
    expect(refresh.cookies.find((c) => c.name === 'meridian_refresh' && c.value)?.value ?? '').toBe('');
    // Signing in again is refused with the spec's words.
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: client.email, password: client.password },
    });
    expectApiError(login, 403, 'ACCOUNT_INACTIVE', 'User is not active, contact support for more info');

    const [audit] = await auditOf(client.id, 'client.deactivate');
    expect(audit).toMatchObject({
      actorId: admin.id,
      entityType: 'user',
      entityId: client.id,
      before: { isActive: true },
      after: { isActive: false },
    });
  });

  it('activates again: the client can sign in; audited', async () => {
    const client = await newClient();
    await setUserFields(app, client.id, { isActive: false });
    const res = await post(`/user/activate/${client.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Activated' });
    expect((await rowOf(client.id)).isActive).toBe(true);
    await signIn(app, client.email);
    expect(await auditOf(client.id, 'client.activate')).toHaveLength(1);
  });

  it('setting the state the client already has changes and records nothing', async () => {
    const client = await newClient();
    const res = await post(`/user/activate/${client.id}`);
    expect(res.statusCode).toBe(200);
    expect(await auditOf(client.id)).toHaveLength(0);
  });
});

describe('Verify / Unverify', () => {
  it('verifies and cancels the verification, each audited', async () => {
    const client = await newClient();
    const verify = await post(`/client/verify/${client.id}`);
    expect(verify.json()).toEqual({ message: 'Verification Successful' });
    expect((await rowOf(client.id)).isVerified).toBe(true);

    const unverify = await post(`/client/unverify/${client.id}`);
    expect(unverify.json()).toEqual({ message: 'Verification Canceled Successfully' });
    expect((await rowOf(client.id)).isVerified).toBe(false);

    const entries = await auditOf(client.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['client.unverify', 'client.verify']);
    expect(entries.find((e) => e.action === 'client.verify')).toMatchObject({
      before: { isVerified: false },
      after: { isVerified: true },
    });
  });
});

describe('Withdrawal permission', () => {
  it('disables and enables withdrawals; a disabled client’s withdrawal is refused', async () => {
    const client = await newClient();
    const off = await post(`/client/withdrawals/${client.id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: 'Withdrawal disabled for user' });
    expect((await rowOf(client.id)).withdrawalEnabled).toBe(false);
    const session = await signIn(app, client.email);
    const attempt = await post(
      '/withdrawal',
      { amount: 20, address: 'TXclientWalletAddress0000000000000', withdrawalMethod: GHOST, user: client.id },
      session.headers,
    );
    expectApiError(
      attempt,
      403,
      'FORBIDDEN',
      'Withdrawals are disabled for your account, contact support for more info',
    );

    const on = await post(`/client/withdrawals/${client.id}`, { enabled: true });
    expect(on.json()).toEqual({ message: 'Withdrawal enabled for user' });
    expect((await rowOf(client.id)).withdrawalEnabled).toBe(true);

    const entries = await auditOf(client.id, 'client.withdrawals');
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.after)).toContainEqual({ withdrawalEnabled: false });
  });

  it('needs `enabled` as a boolean', async () => {
    const client = await newClient();
    expectApiError(await post(`/client/withdrawals/${client.id}`, {}), 400, 'VALIDATION');
    expectApiError(await post(`/client/withdrawals/${client.id}`, { enabled: 'maybe' }), 400, 'VALIDATION');
    expect((await rowOf(client.id)).withdrawalEnabled).toBe(true);
  });
});

describe('Alert modes', () => {
  const cases = [
    ['maintenance', 'onmain', 'offmain', 'Maintenance mode activated', 'Maintenance mode deactivated'],
    ['security', 'onsec', 'offsec', 'Security mode activated', 'Security mode deactivated'],
    ['planUpgrade', 'onplan', 'offplan', 'Plan upgrade mode turned-on', 'Upgrade plan mode turned-off'],
  ] as const;

  it.each(cases)(
    '%s: on with a message, shown to the client; off clears it; audited',
    async (kind, on, off, onText, offText) => {
      const client = await newClient();
      const res = await post(`/client/${on}/${client.id}`, { message: '  Back at 06:00 UTC.  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: onText });

      // The client's own record carries the banner and its (trimmed) text.
      const session = await signIn(app, client.email);
      const me = await app.inject({ method: 'GET', url: `/api/client/${client.id}`, headers: session.headers });
      expect(me.json()).toMatchObject({ [`${kind}Alert`]: true, [`${kind}AlertMessage`]: 'Back at 06:00 UTC.' });

      const res2 = await post(`/client/${off}/${client.id}`);
      expect(res2.json()).toEqual({ message: offText });
      const row = await rowOf(client.id);
      expect(row[`${kind}Alert`]).toBe(false);
      expect(row[`${kind}AlertMessage`]).toBeNull();

      const entries = await auditOf(client.id, 'client.alert');
      expect(entries).toHaveLength(2);
      expect(entries.map((e) => e.after)).toContainEqual({
        alert: kind,
        [`${kind}Alert`]: true,
        [`${kind}AlertMessage`]: 'Back at 06:00 UTC.',
      });
    },
  );

  it('takes an empty message (the banner shows its default words), as JSON or a form', async () => {
    const client = await newClient();
    const json = await post(`/client/onmain/${client.id}`, { message: '' });
    expect(json.statusCode, json.body).toBe(200);
    expect(await rowOf(client.id)).toMatchObject({ maintenanceAlert: true, maintenanceAlertMessage: null });

    const multipart = await sendForm(
      'POST',
      `/client/onplan/${client.id}`,
      asMultipart({ message: 'Upgrade to Gold pending' }),
    );
    expect(multipart.statusCode, multipart.body).toBe(200);
    const res = await sendForm('POST', `/client/onsec/${client.id}`, asUrlencoded({ message: 'Please call us' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(client.id)).toMatchObject({
      planUpgradeAlert: true,
      planUpgradeAlertMessage: 'Upgrade to Gold pending',
      securityAlert: true,
      securityAlertMessage: 'Please call us',
    });
  });

  it('refuses a message over 500 characters', async () => {
    const client = await newClient();
    const res = await post(`/client/onmain/${client.id}`, { message: 'x'.repeat(501) });
    expectApiError(res, 400, 'VALIDATION', 'The alert message must be at most 500 characters');
    expect((await rowOf(client.id)).maintenanceAlert).toBe(false);
  });
});

describe('PUT /api/client/:userId (Update client)', () => {
  const form = (overrides: Record<string, string> = {}) => ({
    firstname: 'Grace',
    lastname: 'Hopper',
    username: `grace_${Math.random().toString(36).slice(2, 10)}`,
    email: `grace.${Math.random().toString(36).slice(2, 10)}@example.com`,
    phone: '+1 555 010 7777',
    country: 'us',
    address: '1 Navy Yard, Arlington',
    ...overrides,
  });
  const put = (userId: string, payload: Record<string, unknown>, headers: { authorization: string } = admin.headers) =>
    app.inject({ method: 'PUT', url: `/api/client/${userId}`, headers, payload });

  it('an admin updates every field; the answer is the saved client; audited with before and after', async () => {
    const client = await newClient();
    const before = await rowOf(client.id);
    const body = form();
    const res = await put(client.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Client updated Successfully',
      user: { ...body, country: 'US', id: client.id },
    });
    expect(await rowOf(client.id)).toMatchObject({ ...body, country: 'US' });

    const [audit] = await auditOf(client.id, 'client.update');
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.before).toMatchObject({ email: before.email, username: before.username, phone: before.phone });
    expect(audit?.after).toMatchObject({ email: body.email, username: body.username, phone: body.phone });
    expect(JSON.stringify(audit)).not.toContain('password');
  });

  it('the client updates their own details (not audited as an admin action)', async () => {
    const client = await newClient();
    const session = await signIn(app, client.email);
    const body = form({ email: client.email });
    const res = await put(client.id, body, session.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(client.id)).phone).toBe('+1 555 010 7777');
    expect(await auditOf(client.id, 'client.update')).toHaveLength(0);
  });

  it('client B cannot update client A', async () => {
    const a = await newClient();
    const b = await signedInUser(app, 'Client');
    const before = await rowOf(a.id);
    const res = await put(a.id, form(), b.headers);
    expectApiError(res, 403, 'FORBIDDEN');
    expect(await rowOf(a.id)).toEqual(before);
  });

  it('409 when the email or username belongs to someone else; its own are fine', async () => {
    const a = await newClient();
    const other = await rowOf((await newClient()).id);
    const own = await rowOf(a.id);
    expectApiError(await put(a.id, form({ email: other.email.toUpperCase() })), 409, 'CONFLICT', 'User already exists');
    expectApiError(await put(a.id, form({ username: other.username.toUpperCase() })), 409, 'CONFLICT');
    const res = await put(a.id, form({ email: own.email, username: own.username }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('validates with the profile rules and messages', async () => {
    const client = await newClient();
    const res = await put(client.id, form({ firstname: ' ', email: 'nope', country: 'XX' }));
    const body = expectApiError(res, 400, 'VALIDATION');
    expect(body.fieldErrors).toMatchObject({
      firstname: 'First name is required',
      email: 'Invalid email address',
      country: 'Country is required',
    });
  });

  it('an admin changes only the name of a client who has no phone number; the phone stays empty', async () => {
    const client = await createUser(app, 'Client', { phone: '', country: 'GB', address: '1 Quiet Lane' });
    const row = await rowOf(client.id);
    const res = await put(client.id, {
      firstname: 'Renamed',
      lastname: row.lastname,
      username: row.username,
      email: row.email,
      phone: '',
      country: row.country,
      address: row.address,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { firstname: 'Renamed', phone: '' } });
    expect(await rowOf(client.id)).toMatchObject({ firstname: 'Renamed', phone: '' });
    const [audit] = await auditOf(client.id, 'client.update');
    expect(audit?.before).toEqual({ firstname: row.firstname });
    expect(audit?.after).toEqual({ firstname: 'Renamed' });
  });

  it('reads a phone left out of a form as no phone, and still checks one that is given', async () => {
    const client = await newClient();
    const { phone: _left, ...withoutPhone } = form();
    const res = await sendForm('PUT', `/client/${client.id}`, asUrlencoded(withoutPhone));
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(client.id)).phone).toBe('');

    const body = expectApiError(await put(client.id, form({ phone: 'call me' })), 400, 'VALIDATION');
    expect(body.fieldErrors?.phone).toBe('Invalid phone number');
    expect((await rowOf(client.id)).phone).toBe('');
  });

  it('takes a form as well as JSON', async () => {
    const client = await newClient();
    const res = await sendForm('PUT', `/client/${client.id}`, asUrlencoded(form()));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('targets', () => {
  it('404 for a non-client, a closed account or an unknown id, for every action', async () => {
    const otherAdmin = await createUser(app, 'Admin');
    const closed = await newClient();
    await setUserFields(app, closed.id, { closedAt: new Date(), isActive: false });
    for (const id of [otherAdmin.id, closed.id, GHOST]) {
      for (const path of ACTION_PATHS) expectApiError(await post(`${path}/${id}`), 404, 'NOT_FOUND', 'Not found');
      expectApiError(await post(`/client/onmain/${id}`, { message: '' }), 404, 'NOT_FOUND');
      expectApiError(await post(`/client/withdrawals/${id}`, { enabled: false }), 404, 'NOT_FOUND');
      const put = await app.inject({
        method: 'PUT',
        url: `/api/client/${id}`,
        headers: admin.headers,
        payload: {
          firstname: 'X',
          lastname: 'Y',
          username: 'xy_target',
          email: 'xy.target@example.com',
          phone: '+1 555 010 0000',
          country: 'US',
          address: 'Somewhere',
        },
      });
      expectApiError(put, 404, 'NOT_FOUND');
    }
    expect((await rowOf(otherAdmin.id)).isActive).toBe(true);
  });

  it('a client cannot use the admin actions, even on themself', async () => {
    const client = await signedInUser(app, 'Client');
    for (const path of ACTION_PATHS)
      expectApiError(await post(`${path}/${client.id}`, undefined, client.headers), 403, 'FORBIDDEN');
    expectApiError(
      await post(`/client/withdrawals/${client.id}`, { enabled: false }, client.headers),
      403,
      'FORBIDDEN',
    );
    expect((await rowOf(client.id)).withdrawalEnabled).toBe(true);
  });
});
