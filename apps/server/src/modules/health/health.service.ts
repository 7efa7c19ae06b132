import type { THealth, TJobStatus } from '@meridian/contracts/auth';
import type { Db, DbKind } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

/** Liveness: the database answers, which kind it is, and the state of this instance's scheduled jobs. */
export async function readHealth(db: Db, kind: DbKind, jobs: TJobStatus[]): Promise<THealth> {
  await pingDatabase(db);
  return { status: 'ok', db: kind, jobs };
}
