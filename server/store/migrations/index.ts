/**
 * The store's schema, version by version. A migration is never edited once released: a change is a new
 * file with the next number. Each runs once per database, in order, at start (under the query layer's
 * migration lock, so that servers starting together on one PostgreSQL apply it once).
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as jobs from './0002-jobs';
import * as secrets from './0003-server-secrets';
import * as sellerLayouts from './0004-seller-layouts';
import * as workQueue from './0005-work-queue';
import * as workQueueBinary from './0006-work-queue-binary';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-accounts': accounts,
  '0002-jobs': jobs,
  '0003-server-secrets': secrets,
  '0004-seller-layouts': sellerLayouts,
  '0005-work-queue': workQueue,
  '0006-work-queue-binary': workQueueBinary,
};

/**
 * Brings the schema up to the last version (or up to `version`, to build a store as an earlier release
 * left it); throws with the failing migration's reason.
 */
export async function migrate(db: Kysely<unknown>, version?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await (version === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(version));
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`store migration ${failed ?? ''} failed: ${String(error)}`);
  }
}
