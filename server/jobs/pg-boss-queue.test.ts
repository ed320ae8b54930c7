/**
 * pg-boss on a fresh PostgreSQL: servers and workers that start together all get the queue (its
 * creation raced by several is made once, the others find it).
 *
 * The race is made to happen, not hoped for. pg-boss creates a queue in one statement that inserts its
 * row (a ROW EXCLUSIVE lock on the queue table), makes the queue's job table LIKE pgboss.job, then adds
 * a foreign key to the queue table (SHARE ROW EXCLUSIVE). The test holds pgboss.job locked, so the first
 * creator stops at its LIKE with its queue row uncommitted; the second creator's insert takes its ROW
 * EXCLUSIVE lock and waits for that row. Once both wait (seen in pg_stat_activity), the test lets go:
 * the first needs the second's lock to add its foreign key, the second waits for the first's row, and
 * PostgreSQL ends one creation as a deadlock every time. Without the retry in ensureQueue that server
 * fails to start (checked by reverting it: `error: deadlock detected`).
 */
import PgBoss from 'pg-boss';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testPostgres } from '../store/testing/test-postgres';
import { bossQueue } from './pg-boss-queue';

const postgres = await testPostgres();

/** Waits (polling the server, no fixed delay) until `count` queue creations wait for a lock. */
async function lockWaiters(client: pg.Client, count: number): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%create_queue%'`,
    );
    if (rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!postgres.ok)('the pg-boss job queue', () => {
  it('starts for several processes at once on a fresh database', async () => {
    if (!postgres.ok) return;
    const databaseUrl = await postgres.newDatabase();
    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () => bossQueue({ databaseUrl, leaseMs: 5_000 })),
    );
    for (const queue of started) if (queue.status === 'fulfilled') await queue.value.stop();
    expect(started.map((queue) => queue.status)).toEqual(Array(4).fill('fulfilled'));
  });

  it('starts two servers whose queue creations deadlock (the deadlock forced at the critical point)', async () => {
    if (!postgres.ok) return;
    const databaseUrl = await postgres.newDatabase();
    // pg-boss's schema first, without the queue, so that the test can lock its queue table.
    const installer = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false });
    await installer.start();
    await installer.stop({ graceful: false, wait: true });

    // One session holds the lock in its transaction, another watches (a transaction sees one snapshot
    // of pg_stat_activity).
    const gate = new pg.Client({ connectionString: databaseUrl });
    const watch = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([gate.connect(), watch.connect()]);
    const queues: Promise<Awaited<ReturnType<typeof bossQueue>>>[] = [];
    try {
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      queues.push(bossQueue({ databaseUrl, leaseMs: 5_000 }));
      await lockWaiters(watch, 1); // the first creator, at its LIKE pgboss.job, its queue row uncommitted
      queues.push(bossQueue({ databaseUrl, leaseMs: 5_000 }));
      await lockWaiters(watch, 2); // the second creator, its insert waiting for that row
      await gate.query('COMMIT');
      const started = await Promise.allSettled(queues);
      for (const queue of started) if (queue.status === 'fulfilled') await queue.value.stop();
      expect(
        started.map((queue) => (queue.status === 'rejected' ? String(queue.reason) : 'started')),
      ).toEqual(['started', 'started']);
      const { rows } = await gate.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'facturx-jobs'`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await Promise.all([gate.end(), watch.end()]);
    }
  });
});
