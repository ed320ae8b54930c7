/**
 * pg-boss on a fresh PostgreSQL: servers and workers that start together all get the queue (its
 * creation raced by several is made once, the others find it).
 */
import { describe, expect, it } from 'vitest';
import { testPostgres } from '../store/testing/test-postgres';
import { bossQueue } from './pg-boss-queue';

const postgres = await testPostgres();

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
});
