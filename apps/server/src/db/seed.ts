import { randomBytes } from 'node:crypto';
import { REFERRAL_CODE_LENGTH } from '@meridian/contracts/constants';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { randomCode } from '../lib/random.ts';
import type { Db } from './client.ts';
import { users } from './schema/users.ts';

/**
 * Creates the first admin when there is no admin yet. The password comes from ADMIN_PASSWORD or is
 * generated; a generated one is returned so the caller prints it once. Nothing is stored in clear.
 */
export async function seedFirstAdmin(
  db: Db,
  options: { email: string; password?: string | undefined },
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Admin')).limit(1);
  if (existing) return { created: false, email: options.email };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? (generatedPassword as string);
  await db.insert(users).values({
    type: 'Admin',
    firstname: 'Platform',
    lastname: 'Admin',
    username: 'admin',
    email: options.email.toLowerCase(),
    passwordHash: await hashPassword(password),
    isVerified: true,
    referralCode: randomCode(REFERRAL_CODE_LENGTH),
  });
  return { created: true, email: options.email, ...(generatedPassword ? { generatedPassword } : {}) };
}
