/**
 * Where a test's store lies on each engine: a temporary data folder, with on PostgreSQL a database of its
 * own in the test run's cluster; the folders are removed after the file's tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { StoreLocation } from '../open-store';
import type { TestPostgres } from './test-postgres';

export type TestEngine = 'sqlite' | 'postgres';

/** Registers the clean-up, so call it once at the top of a test file; `prefix` names the folders. */
export function engineLocations(
  postgres: TestPostgres,
  prefix: string,
): (engine: TestEngine) => Promise<StoreLocation> {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });
  return async (engine) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
    folders.push(dataDir);
    return engine === 'postgres' && postgres.ok
      ? { dataDir, databaseUrl: await postgres.newDatabase() }
      : { dataDir };
  };
}
