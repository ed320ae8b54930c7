/** Seller layouts: where each header term sat on a seller's invoice, learned per tenant under each of its keys. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_layouts')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('learned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seller_layouts_pk', ['tenant', 'key'])
    .execute();
}
