import type { TStaffAnswer, TStaffList } from '@meridian/contracts/staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, PASSWORD, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { placeRecoveryCode } from '../../../../test/helpers/two-factor.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { users } from '../../../db/schema/users.ts';

const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

async function staffMember(role: 'Admin' | 'Support' | 'Finance') {
  const account = await createUser(app, 'Admin', { staffRole: role });
  return { ...account, session: await signIn(app, account.email) };
}

const balanceOf = async (id: string) =>
  (await app.db.select({ balance: users.balance }).from(users).where(eq(users.id, id)))[0]?.balance;

function credit(session: TSignedIn, clientId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/user/fund/${clientId}`,
    headers: session.headers,
    payload: { amount: 100, reason: 'Goodwill credit' },
  });
}

function setRole(session: TSignedIn, userId: string, role: string, code: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/staff/role/${userId}`,
    headers: session.headers,
    payload: { role, code },
  });
}

describe('roles in the back office', () => {
  it('lets Support read a client and review KYC, but not move money nor edit the client', async () => {
    const support = await staffMember('Support');
    const client = await createUser(app, 'Client');

    const record = await app.inject({
      method: 'GET',
      url: `/api/client/${client.id}`,
      headers: support.session.headers,
    });
    expect(record.statusCode, record.body).toBe(200);
    const kyc = await app.inject({ method: 'GET', url: '/api/kyc/pending', headers: support.session.headers });
    expect(kyc.statusCode, kyc.body).toBe(200);

    expectApiError(await credit(support.session, client.id), 403, 'FORBIDDEN', 'Your role does not allow this');
    expect(await balanceOf(client.id)).toBe(0n);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/client/${client.id}`,
      headers: support.session.headers,
      payload: { firstname: 'Changed' },
    });
    expectApiError(edit, 403, 'FORBIDDEN');
    const deposits = await app.inject({ method: 'GET', url: '/api/deposit', headers: support.session.headers });
    expectApiError(deposits, 403, 'FORBIDDEN');
  });

  it('lets Finance move money but not edit a client, and keeps Support’s own password change open', async () => {
    const finance = await staffMember('Finance');
    const client = await createUser(app, 'Client');

    const res = await credit(finance.session, client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(client.id)).toBe(10_000n);
    const deactivate = await app.inject({
      method: 'POST',
      url: `/api/user/deactivate/${client.id}`,
      headers: finance.session.headers,
    });
    expectApiError(deactivate, 403, 'FORBIDDEN', 'Your role does not allow this');
    const password = await app.inject({
      method: 'POST',
      url: `/api/user/changepswd/${client.id}`,
      headers: finance.session.headers,
      payload: { password: 'a-new-password-1' },
    });
    expectApiError(password, 403, 'FORBIDDEN');

    const own = await app.inject({
      method: 'POST',
      url: `/api/user/changepswd/${finance.id}`,
      headers: finance.session.headers,
      payload: { currentPassword: PASSWORD, password: PASSWORD },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('tells the signed-in staff member their role, and a client none', async () => {
    const support = await staffMember('Support');
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/refresh',
      headers: { cookie: support.session.cookie },
    });
    expect(refreshed.json().user).toMatchObject({ type: 'Admin', staffRole: 'Support' });
    const client = await createUser(app, 'Client');
    const session = await signIn(app, client.email);
    const own = await app.inject({ method: 'GET', url: `/api/client/${client.id}`, headers: session.headers });
    expect(own.json()).toMatchObject({ type: 'Client', staffRole: null });
  });
});

describe('managing staff', () => {
  it('adds a staff member with a role after re-checking the Admin’s code, audited, and they sign in with it', async () => {
    const admin = await staffMember('Admin');
    const email = `new.support.${Date.now()}@example.com`;
    const body = { firstname: 'Sam', lastname: 'Support', email, password: PASSWORD, role: 'Support' };

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: admin.session.headers,
      payload: { ...body, code: '000000' },
    });
    expectApiError(wrong, 400, 'VALIDATION');
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const code = await placeRecoveryCode(app, admin.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: admin.session.headers,
      payload: { ...body, code },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { member } = res.json<TStaffAnswer>();
    expect(member).toMatchObject({ email, role: 'Support', isActive: true, secondFactor: false });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.create'), eq(auditLog.targetUserId, member.id)));
    expect(audit).toMatchObject({ actorId: admin.id, after: { type: 'Admin', staffRole: 'Support' } });

    // The new member's first sign-in asks them to set up a second factor before anything else.
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/staff', headers: admin.session.headers });
    expect(list.json<TStaffList>().staff.find((s) => s.id === member.id)?.role).toBe('Support');
    expect(list.json<TStaffList>().staff[0]?.role).toBe('Admin');
  });

  it('changes a role with the code, audited, and the new role applies to the next request', async () => {
    const admin = await staffMember('Admin');
    const member = await staffMember('Support');
    const client = await createUser(app, 'Client');
    expectApiError(await credit(member.session, client.id), 403, 'FORBIDDEN');

    const res = await setRole(admin.session, member.id, 'Finance', await placeRecoveryCode(app, admin.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffAnswer>()).toMatchObject({ message: 'Role changed', member: { role: 'Finance' } });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.role'), eq(auditLog.targetUserId, member.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      before: { staffRole: 'Support' },
      after: { staffRole: 'Finance' },
    });

    const now = await credit(member.session, client.id);
    expect(now.statusCode, now.body).toBe(200);
    expect(await balanceOf(client.id)).toBe(10_000n);
  });

  it('refuses a role change without a good code, of one’s own role, of a client, and by a non-Admin', async () => {
    const admin = await staffMember('Admin');
    const member = await staffMember('Support');
    const client = await createUser(app, 'Client');

    expectApiError(await setRole(admin.session, member.id, 'Admin', '12345678'), 400, 'VALIDATION');
    const own = await setRole(admin.session, admin.id, 'Support', await placeRecoveryCode(app, admin.id));
    expectApiError(own, 409, 'CONFLICT', 'Another Admin must change your role');
    const notStaff = await setRole(admin.session, client.id, 'Admin', await placeRecoveryCode(app, admin.id));
    expectApiError(notStaff, 409, 'CONFLICT', 'This user is not a staff member');
    const bySupport = await setRole(member.session, member.id, 'Admin', await placeRecoveryCode(app, member.id));
    expectApiError(bySupport, 403, 'FORBIDDEN', 'Your role does not allow this');

    const rows = await app.db
      .select({ id: users.id, staffRole: users.staffRole })
      .from(users)
      .where(eq(users.id, member.id));
    expect(rows).toEqual([{ id: member.id, staffRole: 'Support' }]);
    const clientRow = await app.db.select({ staffRole: users.staffRole }).from(users).where(eq(users.id, client.id));
    expect(clientRow).toEqual([{ staffRole: null }]);
  });
});
