/**
 * The work queue keeps each file's bytes as bytes (BLOB on SQLite, bytea on PostgreSQL) instead of base64
 * text, a third smaller and with no encoding on every list; the entries already kept are carried over.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

interface Before {
  work_queue: { tenant: string; id: string; bytes: string; content: Uint8Array | null };
}

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<Before>;
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema.alterTable('work_queue').addColumn('content', binary).execute();
  const kept = await db.selectFrom('work_queue').select(['tenant', 'id', 'bytes']).execute();
  for (const row of kept) {
    await db
      .updateTable('work_queue')
      .set({ content: Buffer.from(row.bytes, 'base64') })
      .where('tenant', '=', row.tenant)
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('work_queue').dropColumn('bytes').execute();
}
