/** The desktop's work queue: each document with its bytes (base64), its order, and what the page kept of it. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_queue')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text')
    .addColumn('bytes', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_queue_pk', ['tenant', 'id'])
    .execute();
  await db.schema
    .createIndex('work_queue_tenant_position')
    .on('work_queue')
    .columns(['tenant', 'position'])
    .execute();
}
