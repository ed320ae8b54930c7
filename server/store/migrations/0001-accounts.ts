/** The first schema: tenants and keys, quota usage and reservations, idempotency, profiles, activations. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tenants_email_key').on('tenants').column('email_key').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('hashed_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('quota_usage')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('quota_usage_pk', ['tenant', 'period_start'])
    .execute();

  await db.schema
    .createTable('quota_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quota_reservations_expires_at')
    .on('quota_reservations')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('idempotency')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('payload_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('since', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_pk', ['tenant', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_since').on('idempotency').column('since').execute();

  await db.schema
    .createTable('profiles')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('profiles_pk', ['tenant', 'role', 'id'])
    .execute();

  await db.schema
    .createTable('activations')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('hashed_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'text')
    .execute();

  await db.schema
    .createTable('imports')
    .addColumn('source', 'text', (c) => c.primaryKey())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
}
