/**
 * The desktop's work queue in the store, on either engine: entries kept in the order they were added,
 * each change written over the last, and at each start the work that was under way when the app closed
 * marked `interrupted`, so that it comes back as not finished rather than as still running.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ValidationTarget } from '../../core/api/targets';
import type {
  NewQueueEntry,
  QueueChange,
  QueueEntry,
  QueueEntryStatus,
  QueueFileKind,
} from '../../core/bridge/work-queue';
import type { WorkQueueTable } from './schema';
import type { SqlStorage } from './sql-storage';

const entryOf = (row: Selectable<WorkQueueTable>): QueueEntry => ({
  id: row.id,
  file: {
    filename: row.filename,
    bytes: new Uint8Array(row.content ?? []),
    ...(row.media_type === null ? {} : { mediaType: row.media_type }),
  },
  kind: row.kind as QueueFileKind,
  target: row.target as ValidationTarget,
  status: row.status as QueueEntryStatus,
  state: row.state,
  addedAt: row.added_at,
  updatedAt: row.updated_at,
});

export class SqlWorkQueue {
  constructor(private readonly storage: SqlStorage) {}

  async list(tenant: string): Promise<QueueEntry[]> {
    const rows = await this.storage.db
      .selectFrom('work_queue')
      .selectAll()
      .where('tenant', '=', tenant)
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('id')
      .execute();
    return rows.map(entryOf);
  }

  /** Adds the entries after the tenant's last one, in their order; their new ids, in the same order. */
  add(tenant: string, entries: readonly NewQueueEntry[], at: string): Promise<string[]> {
    if (entries.length === 0) return Promise.resolve([]);
    return this.storage.transaction(async (trx) => {
      const last = await trx
        .selectFrom('work_queue')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('tenant', '=', tenant)
        .executeTakeFirst();
      const after = Number(last?.position ?? 0);
      const rows = entries.map((entry, i): WorkQueueTable => ({
        tenant,
        id: randomUUID(),
        position: after + i + 1,
        filename: entry.file.filename,
        media_type: entry.file.mediaType ?? null,
        content: Buffer.from(entry.file.bytes.buffer, entry.file.bytes.byteOffset, entry.file.bytes.length),
        kind: entry.kind,
        target: entry.target,
        status: entry.work,
        state: entry.state,
        added_at: at,
        updated_at: at,
      }));
      await trx.insertInto('work_queue').values(rows).execute();
      return rows.map((row) => row.id);
    });
  }

  async update(tenant: string, id: string, change: QueueChange, at: string): Promise<boolean> {
    const updated = await this.storage.db
      .updateTable('work_queue')
      .set({ target: change.target, status: change.work, state: change.state, updated_at: at })
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async remove(tenant: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const removed = await this.storage.db
      .deleteFrom('work_queue')
      .where('tenant', '=', tenant)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }

  /** At start: what was under way ran in an app that closed since; how many entries that was. */
  async interruptUnderWay(tenant: string, at: string): Promise<number> {
    const interrupted = await this.storage.db
      .updateTable('work_queue')
      .set({ status: 'interrupted', updated_at: at })
      .where('tenant', '=', tenant)
      .where('status', '=', 'under_way')
      .executeTakeFirst();
    return Number(interrupted.numUpdatedRows);
  }
}
