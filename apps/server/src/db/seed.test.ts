import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';
import { users } from './schema/users.ts';
import { seedFirstAdmin } from './seed.ts';

describe('seedFirstAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates one admin when servers start together on an empty database; the others find it', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => seedFirstAdmin(t.app.db, { email: 'First.Admin@example.com', password: 'first-admin-pw-1' })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const admins = await t.app.db.select({ email: users.email }).from(users).where(eq(users.type, 'Admin'));
    expect(admins).toEqual([{ email: 'first.admin@example.com' }]);
  });
});
