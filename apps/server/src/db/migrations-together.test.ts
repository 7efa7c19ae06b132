import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const serverUrl = process.env.DATABASE_URL;

/**
 * Servers started together on a new PostgreSQL database (several behind a proxy, a rollout) all run
 * the migrations at start-up: they must take turns, each finding the others' work done.
 */
describe.skipIf(!serverUrl)('servers opening one new PostgreSQL database at once', () => {
  it('migrate one after the other, and every one of them opens it', async () => {
    const name = `meridian_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })),
      );
      const failures = opened.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(failures).toEqual([]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
