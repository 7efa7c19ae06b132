import type { THealth } from '@meridian/contracts/auth';
import type { Db, DbKind } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

/** Liveness: the database answers, and which kind it is. */
export async function readHealth(db: Db, kind: DbKind): Promise<THealth> {
  await pingDatabase(db);
  return { status: 'ok', db: kind };
}
